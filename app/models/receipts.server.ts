import { randomBytes } from "node:crypto";
import { and, eq, sql } from "drizzle-orm";
import { db } from "#db/client";
import { donationPools, type RECEIPT_KINDS, receipts } from "#db/schema";
import { payee } from "~/config.server";
import { HttpError } from "~/http/http.server";
import { parseReceiptNumber, receiptNumberFrom } from "~/lib/receipt-number";
import { getDonationByToken } from "~/models/donation-lists.server";
import { paidInvoices } from "~/models/qpay-invoices.server";

/**
 * Donor receipts (issue 20 item 3, decision 036). A verified gift — a pool pledge or a donation
 * to the site — gets one receipt, made the first time its donor asks for it; its random number
 * is printed with a link to `/receipts/{number}`, where anyone holding the paper can check it is
 * genuine. That page shows what the receipt is for, never who gave.
 */

export type ReceiptKind = (typeof RECEIPT_KINDS)[number];

const TABLE = { pool: sql.raw("pool_donations"), general: sql.raw("donations") } as const;

/**
 * The receipt number of a verified gift, made the first time. The insert is conditional on the
 * gift being verified and does nothing on a conflict; what is stored is then read back, so two
 * requests at once (two tabs, two servers) get the same number. A pending or rejected gift has
 * none (409), an unknown one is a 404.
 */
export async function issueReceipt(kind: ReceiptKind, donationId: number): Promise<string> {
  const [gift] = await db.all<{ status: string }>(
    sql`SELECT status FROM ${TABLE[kind]} WHERE id = ${donationId}`,
  );
  if (!gift) throw new HttpError(404, "donate:errors.donationNotFound");
  if (gift.status !== "verified") throw new HttpError(409, "receipts:errors.notVerified");
  // A new number is taken by another receipt once in a trillion: then try another one.
  for (let attempt = 0; attempt < 5; attempt++) {
    await db.run(sql`
      INSERT INTO receipts (number, kind, donation_id)
      SELECT ${receiptNumberFrom(randomBytes(5))}, ${kind}, id FROM ${TABLE[kind]}
       WHERE id = ${donationId} AND status = 'verified'
      ON CONFLICT DO NOTHING`);
    const [stored] = await db
      .select({ number: receipts.number })
      .from(receipts)
      .where(and(eq(receipts.kind, kind), eq(receipts.donation_id, donationId)));
    if (stored) return stored.number;
  }
  throw new Error(`no receipt number could be stored for ${kind}:${donationId}`);
}

/** Everything the donor's own receipt says (the printable page and the PDF). */
export interface DonorReceipt {
  number: string;
  kind: ReceiptKind;
  pool_id: number | null;
  pool_name: string | null;
  /** As the donor gave it: the receipt is theirs. */
  donor_name: string;
  amount: number;
  payment_code: string | null;
  /** When the pledge was made: the transfer's date when no bank statement line says otherwise. */
  pledged_at: string;
  /** The bank statement's booking date (YYYY-MM-DD) of the line the gift was matched to. */
  booked_on: string | null;
  /** When QPay says the gift was paid, for a gift confirmed through QPay (issue 39). */
  qpay_paid_at: string | null;
  confirmed_at: string | null;
  issued_at: string;
  /** Who received the money: the campaign's account, or the site's own for a gift to the site. */
  recipient: Account;
}

export interface Account {
  bank_name: string;
  bank_account: string;
  account_name: string;
}

/**
 * The receipt of the gift behind a status link, made now if it is the first time; null for an
 * unknown link or a gift not verified (pending or rejected: nothing to certify).
 */
export async function donorReceipt(token: string): Promise<DonorReceipt | null> {
  const gift = await getDonationByToken(token);
  if (gift?.status !== "verified") return null;
  const number = await issueReceipt(gift.kind, gift.id);
  const [[issued], [line], qpay, recipient] = await Promise.all([
    db.all<{ issued_at: string }>(sql`SELECT issued_at FROM receipts WHERE number = ${number}`),
    // The line that paid for it, if the gift was confirmed from a bank statement.
    db.all<{ booked_on: string }>(sql`
      SELECT booked_on FROM statement_lines
       WHERE status = 'confirmed' AND target_kind = ${gift.kind} AND target_id = ${gift.id}
       ORDER BY decided_at LIMIT 1`),
    paidInvoices(gift.kind, [gift.id]),
    recipientOf(gift.pool_id),
  ]);
  return {
    number,
    kind: gift.kind,
    pool_id: gift.pool_id,
    pool_name: gift.pool_name,
    donor_name: gift.donor_name,
    amount: gift.amount,
    payment_code: gift.payment_code,
    pledged_at: gift.donation_date,
    booked_on: line ? line.booked_on.slice(0, 10) : null,
    qpay_paid_at: qpay.get(gift.id)?.paid_at ?? null,
    confirmed_at: gift.decided_at,
    issued_at: issued?.issued_at ?? new Date().toISOString(),
    recipient,
  };
}

/** The account a gift was given to: its campaign's (as the donation page showed it), or the site's. */
async function recipientOf(poolId: number | null): Promise<Account> {
  if (poolId === null) return { ...payee };
  const [pool] = await db
    .select({
      bank_name: donationPools.bank_name,
      bank_account: donationPools.bank_account,
      account_name: donationPools.account_name,
    })
    .from(donationPools)
    .where(eq(donationPools.id, poolId));
  return pool ?? { ...payee };
}

/** What `/receipts/{number}` and its /api twin may show: no name, phone, e-mail, code or reference. */
export interface PublicReceipt {
  number: string;
  kind: ReceiptKind;
  pool_id: number | null;
  pool_name: string | null;
  amount: number;
  confirmed_at: string | null;
  issued_at: string;
}

/**
 * The receipt with this number, for anyone checking one: null when no receipt has it. A number
 * that cannot be one (a wrong check character, letters outside the alphabet) is refused without
 * reading the database, so guessing costs the site nothing.
 */
export async function findReceipt(input: unknown): Promise<PublicReceipt | null> {
  const number = parseReceiptNumber(input);
  if (!number) return null;
  const [row] = await db.all<{
    number: string;
    kind: ReceiptKind;
    pool_id: number | null;
    pool_name: string | null;
    amount: number | null;
    confirmed_at: string | null;
    issued_at: string;
  }>(sql`
    SELECT r.number, r.kind, r.issued_at, p.id AS pool_id, p.name AS pool_name,
           coalesce(pd.amount, d.amount) AS amount,
           coalesce(pd.decided_at, d.decided_at) AS confirmed_at
      FROM receipts r
      LEFT JOIN pool_donations pd
        ON r.kind = 'pool' AND pd.id = r.donation_id AND pd.status = 'verified'
      LEFT JOIN donation_pools p ON p.id = pd.pool_id
      LEFT JOIN donations d
        ON r.kind = 'general' AND d.id = r.donation_id AND d.status = 'verified'
     WHERE r.number = ${number}`);
  // A receipt whose gift is gone (its campaign deleted) certifies nothing any more.
  if (!row || row.amount === null) return null;
  return {
    number: row.number,
    kind: row.kind,
    pool_id: row.pool_id === null ? null : Number(row.pool_id),
    pool_name: row.pool_name,
    amount: Number(row.amount),
    confirmed_at: row.confirmed_at,
    issued_at: row.issued_at,
  };
}
