import { eq, sql } from "drizzle-orm";
import { db } from "#db/client";
import { donationPools, donations, poolDonations } from "#db/schema";
import type { DonationKind } from "~/models/donation-decide.server";

/** Reading pledges and donations: a donor's status page, the leaderboard, the review queue. */

/** What the donor's status page shows; looked up by the unguessable token only. */
export async function getDonationByToken(token: string) {
  if (!/^[A-Za-z0-9_-]{20,40}$/.test(token)) return null;
  const [pledge] = await db
    .select({
      kind: sql<"pool">`'pool'`,
      id: poolDonations.id,
      pool_id: poolDonations.pool_id,
      pool_name: donationPools.name,
      donor_name: poolDonations.donor_name,
      amount: poolDonations.amount,
      transaction_reference: poolDonations.transaction_reference,
      payment_code: poolDonations.payment_code,
      status: poolDonations.status,
      donation_date: poolDonations.donation_date,
      decided_at: poolDonations.decided_at,
    })
    .from(poolDonations)
    .innerJoin(donationPools, eq(donationPools.id, poolDonations.pool_id))
    .where(eq(poolDonations.status_token, token));
  if (pledge) return pledge;
  const [general] = await db
    .select({
      kind: sql<"general">`'general'`,
      id: donations.id,
      pool_id: sql<null>`null`,
      pool_name: sql<null>`null`,
      donor_name: donations.donor_name,
      amount: donations.amount,
      transaction_reference: donations.transaction_reference,
      payment_code: donations.payment_code,
      status: donations.status,
      donation_date: donations.donation_date,
      decided_at: donations.decided_at,
    })
    .from(donations)
    .where(eq(donations.status_token, token));
  return general ?? null;
}

/**
 * Top donors who chose to be shown: verified pool pledges and site donations, not hidden, summed
 * per phone number (one person, however many gifts), under the name of their latest gift.
 */
export async function topDonors(limit = 10) {
  const rows = await db.all<{ donor_name: string; total: number; gifts: number }>(sql`
    SELECT substr(max(donation_date || '|' || donor_name), instr(max(donation_date || '|' || donor_name), '|') + 1) AS donor_name,
           sum(amount) AS total, count(*) AS gifts
    FROM (
      SELECT phone_number, donor_name, amount, donation_date FROM pool_donations
       WHERE status = 'verified' AND display_in_leaderboard = 1 AND is_hidden = 0
      UNION ALL
      SELECT phone_number, donor_name, amount, donation_date FROM donations
       WHERE status = 'verified' AND display_in_leaderboard = 1 AND is_hidden = 0
    )
    GROUP BY phone_number
    ORDER BY total DESC, donor_name
    LIMIT ${limit}`);
  return rows.map((r, i) => ({
    rank: i + 1,
    donor_name: r.donor_name,
    total: Number(r.total),
    gifts: Number(r.gifts),
  }));
}

export interface PendingDonation {
  kind: DonationKind;
  id: number;
  pool_id: number | null;
  pool_name: string | null;
  donor_name: string;
  phone_number: string;
  amount: number;
  transaction_reference: string | null;
  payment_code: string | null;
  bank_name: string | null;
  donation_date: string;
  message: string | null;
}

export const PENDING_REVIEW_LIMIT = 200;

const PENDING_POOL = sql`
  SELECT 'pool' AS kind, d.id, d.pool_id, p.name AS pool_name, d.donor_name, d.phone_number,
         d.amount, d.transaction_reference, d.payment_code, NULL AS bank_name, d.donation_date,
         d.message
    FROM pool_donations d JOIN donation_pools p ON p.id = d.pool_id
   WHERE d.status = 'pending'`;
const PENDING_GENERAL = sql`
  SELECT 'general' AS kind, id, NULL, NULL, donor_name, phone_number, amount,
         transaction_reference, payment_code, bank_name, donation_date, message
    FROM donations WHERE status = 'pending'`;

/**
 * Every donation waiting for an administrator (or those of one kind), pool pledges and site
 * donations alike, oldest first: the one that has waited longest is checked against the bank
 * statement first (a queue). At most `limit` rows, with the full count.
 */
export async function listPendingForReview(limit = PENDING_REVIEW_LIMIT, only?: DonationKind) {
  const parts = [
    ...(only === "general" ? [] : [{ rows: PENDING_POOL, table: sql.raw("pool_donations") }]),
    ...(only === "pool" ? [] : [{ rows: PENDING_GENERAL, table: sql.raw("donations") }]),
  ];
  const [items, [counted]] = await Promise.all([
    db.all<PendingDonation>(sql`
      SELECT * FROM (${sql.join(
        parts.map((part) => part.rows),
        sql` UNION ALL `,
      )})
      ORDER BY donation_date, kind DESC, id
      LIMIT ${limit}`),
    db.all<{ total: number }>(sql`
      SELECT ${sql.join(
        parts.map((part) => sql`(SELECT count(*) FROM ${part.table} WHERE status = 'pending')`),
        sql` + `,
      )} AS total`),
  ]);
  return {
    items: items.map((d) => ({ ...d, amount: Number(d.amount), id: Number(d.id) })),
    total: Number(counted?.total ?? 0),
  };
}
