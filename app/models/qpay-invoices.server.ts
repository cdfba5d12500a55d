import { randomBytes } from "node:crypto";
import { and, desc, eq, inArray, lt, sql } from "drizzle-orm";
import { db } from "#db/client";
import { donationPools, donations, poolDonations, qpayInvoices, stories } from "#db/schema";
import { config } from "~/config.server";
import { siteOrigin } from "~/http/origin.server";
import { errorFields, logger } from "~/lib/logger.server";
import { createQpayClient, type QpayBankLink, type QpayClient } from "~/qpay/client.server";

/**
 * QPay invoices beside the bank transfer (issue 39, decision 057): one live invoice per pledge,
 * site donation or featured story, made when its page first needs it, kept in `qpay_invoices`,
 * cancelled once the payment no longer waits. Confirming a payment is qpay-confirm.server.ts.
 */

export type PaymentKind = "pool" | "general" | "story";
export interface PaymentTarget {
  kind: PaymentKind;
  id: number;
}
export type InvoiceRow = typeof qpayInvoices.$inferSelect;

/** What a paying page and the /api show of an invoice: never its callback token. */
export interface InvoiceView {
  invoice_id: string;
  qr_image: string;
  qr_text: string;
  short_url: string | null;
  urls: QpayBankLink[];
}

const CREATE_TIMEOUT_MS = 8000;
/** A `creating` row older than this lost its process: its claim is given up. */
const CREATING_STALE_MS = 30_000;
/** After QPay failed to make one, a page does not ask again for this long. */
const RETRY_AFTER_FAILURE_MS = 60_000;

let client: QpayClient | null | undefined;

/** The client, when all four QPAY_* variables are set; null means bank transfers only. */
export function qpayClient(): QpayClient | null {
  if (client !== undefined) return client;
  const { QPAY_URL, QPAY_CLIENT_ID, QPAY_CLIENT_SECRET, QPAY_INVOICE_CODE } = config;
  client =
    QPAY_URL && QPAY_CLIENT_ID && QPAY_CLIENT_SECRET && QPAY_INVOICE_CODE
      ? createQpayClient({
          url: QPAY_URL,
          clientId: QPAY_CLIENT_ID,
          clientSecret: QPAY_CLIENT_SECRET,
          invoiceCode: QPAY_INVOICE_CODE,
          timeoutMs: CREATE_TIMEOUT_MS,
        })
      : null;
  return client;
}

/** Tests point the process at a stand-in QPay (or at none) after it started. */
export function resetQpayClient() {
  client = undefined;
}

export const qpayConfigured = () => qpayClient() !== null;

interface Payable {
  code: string;
  amount: number;
  description: string;
  /** Still waiting for its money: the only state in which an invoice may be made or kept open. */
  waiting: boolean;
}

/** The payment as its own table holds it: the code, the amount, and whether it still waits. */
export async function payableOf(target: PaymentTarget): Promise<Payable | null> {
  if (target.kind === "pool") {
    const [row] = await db
      .select({
        code: poolDonations.payment_code,
        amount: poolDonations.amount,
        status: poolDonations.status,
        pool: donationPools.name,
      })
      .from(poolDonations)
      .innerJoin(donationPools, eq(donationPools.id, poolDonations.pool_id))
      .where(eq(poolDonations.id, target.id));
    if (!row?.code) return null;
    return {
      code: row.code,
      amount: row.amount,
      description: `${row.code} ${row.pool}`,
      waiting: row.status === "pending",
    };
  }
  if (target.kind === "general") {
    const row = await db.query.donations.findFirst({
      where: eq(donations.id, target.id),
      columns: { payment_code: true, amount: true, status: true },
    });
    if (!row?.payment_code) return null;
    return {
      code: row.payment_code,
      amount: row.amount,
      description: `${row.payment_code} StoryShare`,
      waiting: row.status === "pending",
    };
  }
  const row = await db.query.stories.findFirst({
    where: eq(stories.id, target.id),
    columns: {
      payment_reference: true,
      price: true,
      payment_status: true,
      status: true,
      pricing_tier: true,
      title: true,
    },
  });
  if (!row?.payment_reference || row.pricing_tier === "free" || row.price <= 0) return null;
  return {
    code: row.payment_reference,
    amount: row.price,
    description: `${row.payment_reference} ${row.title}`,
    waiting: row.payment_status === "pending" && row.status !== "rejected",
  };
}

const ofTarget = (target: PaymentTarget) =>
  and(eq(qpayInvoices.target_kind, target.kind), eq(qpayInvoices.target_id, target.id));

/** The invoice that is being made, open or paid, if there is one. */
export async function liveInvoice(target: PaymentTarget): Promise<InvoiceRow | null> {
  const row = await db.query.qpayInvoices.findFirst({
    where: and(ofTarget(target), inArray(qpayInvoices.status, ["creating", "open", "paid"])),
  });
  return row ?? null;
}

export function invoiceView(row: InvoiceRow): InvoiceView | null {
  if (row.status !== "open" || !row.invoice_id || !row.qr_image || !row.qr_text) return null;
  return {
    invoice_id: row.invoice_id,
    qr_image: row.qr_image,
    qr_text: row.qr_text,
    short_url: row.short_url,
    urls: row.urls ? (JSON.parse(row.urls) as QpayBankLink[]) : [],
  };
}

/**
 * The open invoice of a payment that waits, made now if it has none: the one call QPay is asked
 * to make an invoice through. Null when QPay is not configured, when the payment no longer waits,
 * or when QPay cannot make one just now (the page then says QR payment is unavailable and shows
 * the bank transfer, which always works). Two requests at once make one invoice: the first
 * claims the payment with a `creating` row (a unique index allows one live row per payment).
 */
export async function ensureInvoice(
  target: PaymentTarget,
  request: Request,
): Promise<InvoiceView | null> {
  const qpay = qpayClient();
  if (!qpay) return null;
  const now = Date.now();
  const live = await liveInvoice(target);
  if (live && live.status !== "creating") return invoiceView(live);
  if (live) {
    if (Date.parse(live.created_at) > now - CREATING_STALE_MS) return null;
    await db
      .update(qpayInvoices)
      .set({ status: "failed" })
      .where(and(eq(qpayInvoices.id, live.id), eq(qpayInvoices.status, "creating")));
  }
  const last = await db.query.qpayInvoices.findFirst({
    where: ofTarget(target),
    orderBy: desc(qpayInvoices.id),
    columns: { status: true, created_at: true },
  });
  if (last?.status === "failed" && Date.parse(last.created_at) > now - RETRY_AFTER_FAILURE_MS) {
    return null;
  }
  const payable = await payableOf(target);
  if (!payable?.waiting) return null;
  const earlier = await db.$count(qpayInvoices, ofTarget(target));
  const token = randomBytes(24).toString("base64url");
  const [claimed] = await db
    .insert(qpayInvoices)
    .values({
      target_kind: target.kind,
      target_id: target.id,
      status: "creating",
      // QPay keeps a merchant's numbers forever: a second invoice for one code needs its own.
      sender_invoice_no: earlier === 0 ? payable.code : `${payable.code}-${earlier + 1}`,
      amount: payable.amount,
      callback_token: token,
    })
    .onConflictDoNothing()
    .returning();
  if (!claimed) return null;
  try {
    const made = await qpay.createInvoice({
      senderInvoiceNo: claimed.sender_invoice_no,
      amount: claimed.amount,
      description: payable.description.slice(0, 255),
      callbackUrl: `${siteOrigin(request)}/api/qpay/callback/${token}`,
    });
    const [row] = await db
      .update(qpayInvoices)
      .set({
        status: "open",
        invoice_id: made.invoiceId,
        qr_text: made.qrText,
        qr_image: made.qrImage,
        short_url: made.shortUrl,
        urls: JSON.stringify(made.urls),
        next_check_at: new Date(Date.now() + 60_000).toISOString(),
      })
      .where(and(eq(qpayInvoices.id, claimed.id), eq(qpayInvoices.status, "creating")))
      .returning();
    return row ? invoiceView(row) : null;
  } catch (error) {
    logger.warn("qpay.invoice_failed", {
      target: `${target.kind}:${target.id}`,
      ...errorFields(error),
    });
    await db
      .update(qpayInvoices)
      .set({ status: "failed" })
      .where(and(eq(qpayInvoices.id, claimed.id), eq(qpayInvoices.status, "creating")));
    return null;
  }
}

/**
 * Cancels a payment's open invoice at QPay once the payment no longer waits (verified by a bank
 * transfer, rejected): a QR code from an old page must not take money weeks later. When QPay
 * cannot be reached, the invoice stays open and the sweep cancels it later.
 */
export async function cancelInvoiceOf(target: PaymentTarget): Promise<void> {
  const qpay = qpayClient();
  const live = await liveInvoice(target);
  if (!qpay || live?.status !== "open" || !live.invoice_id) return;
  try {
    const outcome = await qpay.cancelInvoice(live.invoice_id);
    // "paid": money came after all; the sweep's check records it (never as a second credit).
    if (outcome === "paid") {
      await db
        .update(qpayInvoices)
        .set({ next_check_at: new Date().toISOString() })
        .where(eq(qpayInvoices.id, live.id));
      return;
    }
    await db
      .update(qpayInvoices)
      .set({ status: "cancelled", next_check_at: null })
      .where(and(eq(qpayInvoices.id, live.id), eq(qpayInvoices.status, "open")));
  } catch (error) {
    logger.warn("qpay.cancel_failed", { invoice: live.id, ...errorFields(error) });
  }
}

/** Cancels without making the caller wait or fail: a decision never depends on QPay answering. */
export function cancelInvoiceLater(target: PaymentTarget) {
  if (!qpayConfigured()) return;
  void cancelInvoiceOf(target).catch((error) =>
    logger.warn("qpay.cancel_failed", { ...errorFields(error) }),
  );
}

/** For the batch of a decision made because QPay was paid (qpay-confirm.server.ts). */
export interface QpayClaim {
  rowId: number;
  invoice_id: string;
  payment_id: string;
  paid_amount: number;
  paid_at: string;
}

/** The decision's condition: its invoice is still open (not already taken by another check). */
export const qpayIsOpen = (claim: QpayClaim) =>
  sql`EXISTS (SELECT 1 FROM qpay_invoices WHERE id = ${claim.rowId} AND status = 'open')`;

/** The invoice marked paid, in the decision's batch, whether or not the decision changed a row. */
export const markInvoicePaid = (claim: QpayClaim) =>
  db
    .update(qpayInvoices)
    .set({
      status: "paid",
      payment_id: claim.payment_id,
      paid_amount: claim.paid_amount,
      paid_at: claim.paid_at,
      next_check_at: null,
    })
    .where(and(eq(qpayInvoices.id, claim.rowId), eq(qpayInvoices.status, "open")));

/** What the audit row says about the payment. */
export const qpayDetails = (claim: QpayClaim) => ({
  via: "qpay",
  qpay: {
    invoice_id: claim.invoice_id,
    payment_id: claim.payment_id,
    paid_amount: claim.paid_amount,
  },
});

/** Paid invoices of payments, for the ledger and the admin screens: "paid through QPay". */
export async function paidInvoices(kind: PaymentKind, ids: number[]) {
  if (ids.length === 0) return new Map<number, InvoiceRow>();
  const rows = await db
    .select()
    .from(qpayInvoices)
    .where(
      and(
        eq(qpayInvoices.target_kind, kind),
        inArray(qpayInvoices.target_id, ids),
        eq(qpayInvoices.status, "paid"),
      ),
    );
  return new Map(rows.map((row) => [row.target_id, row]));
}

/** Invoices whose check is due, claimed for this process (every worker sweeps; each row once). */
export async function claimDueInvoices(now: Date, limit: number, holdMs: number) {
  const due = now.toISOString();
  return db
    .update(qpayInvoices)
    .set({ next_check_at: new Date(now.getTime() + holdMs).toISOString() })
    .where(
      inArray(
        qpayInvoices.id,
        db
          .select({ id: qpayInvoices.id })
          .from(qpayInvoices)
          .where(and(eq(qpayInvoices.status, "open"), lt(qpayInvoices.next_check_at, due)))
          .orderBy(qpayInvoices.next_check_at)
          .limit(limit),
      ),
    )
    .returning();
}
