import { randomBytes } from "node:crypto";
import { and, desc, eq, sql } from "drizzle-orm";
import { db } from "#db/client";
import { donationPools, donations, poolDonations } from "#db/schema";
import type { User } from "~/models/users.server";
import { GeneralDonationSchema, HONEYPOT_FIELD, PledgeSchema } from "~/schemas/donation";
import { clientIp, HttpError, parseOrThrow } from "~/utils/http.server";
import { hitLimit, type Limit } from "~/utils/rate-limit.server";

/**
 * Pledges to pools and donations to the site: anonymous visitors submit them (pending), an
 * administrator verifies or rejects them. Verifying a pool pledge adds its amount to the pool's
 * total exactly once, in the same transaction as the status change (DESIGN §4).
 */

export type Decision = "verified" | "rejected";
const newToken = () => randomBytes(18).toString("base64url");
const MINUTE = 60_000;

/** Bots fill every field; people never see this one. */
function refuseBots(input: unknown) {
  const trap = (input as Record<string, unknown> | null)?.[HONEYPOT_FIELD];
  if (typeof trap === "string" && trap.trim() !== "")
    throw new HttpError(400, "donate:errors.rejected");
}

async function limitDonations(request: Request, phone: string) {
  const ip = clientIp(request);
  const limits: Limit[] = [
    { key: `donation:phone:${phone}`, max: 10, windowMs: 10 * MINUTE },
    ip
      ? { key: `donation:ip:${ip}`, max: 20, windowMs: 10 * MINUTE }
      : { key: "donation:all", max: 600, windowMs: 10 * MINUTE },
  ];
  for (const limit of limits) {
    const state = await hitLimit(limit);
    if (!state.allowed) {
      throw new HttpError(429, "errors.tooManyAttempts", undefined, {
        "Retry-After": String(state.retryAfterSeconds),
      });
    }
  }
}

export interface PledgeReceipt {
  id: number;
  pool_id: number | null;
  amount: number;
  transaction_reference: string;
  status: "pending";
  status_token: string;
}

/** A pledge to an active pool, by anyone (no account needed). */
export async function createPledge(
  poolId: number,
  input: unknown,
  request: Request,
): Promise<PledgeReceipt> {
  refuseBots(input);
  const value = parseOrThrow(PledgeSchema, input);
  const pool = await db.query.donationPools.findFirst({
    where: eq(donationPools.id, poolId),
    columns: { id: true, status: true },
  });
  if (!pool) throw new HttpError(404, "donate:errors.poolNotFound");
  if (pool.status !== "active") throw new HttpError(409, "donate:errors.poolClosed");
  await limitDonations(request, value.phone_number);
  const token = newToken();
  const [row] = await db
    .insert(poolDonations)
    .values({
      pool_id: poolId,
      donor_name: value.donor_name,
      phone_number: value.phone_number,
      amount: value.amount,
      transaction_reference: value.transaction_reference,
      message: value.message ?? null,
      display_in_leaderboard: value.display_in_leaderboard,
      status_token: token,
    })
    .returning({ id: poolDonations.id });
  return {
    id: row!.id,
    pool_id: poolId,
    amount: value.amount,
    transaction_reference: value.transaction_reference,
    status: "pending",
    status_token: token,
  };
}

/** A donation to the site itself (spec 02 §5: 1,000 ₮ minimum, bank and reference required). */
export async function createGeneralDonation(
  input: unknown,
  request: Request,
): Promise<PledgeReceipt> {
  refuseBots(input);
  const value = parseOrThrow(GeneralDonationSchema, input);
  await limitDonations(request, value.phone_number);
  const token = newToken();
  const [row] = await db
    .insert(donations)
    .values({
      donor_name: value.donor_name,
      phone_number: value.phone_number,
      amount: value.amount,
      bank_name: value.bank_name,
      bank_account: value.bank_account ?? null,
      transaction_reference: value.transaction_reference,
      message: value.message ?? null,
      display_in_leaderboard: value.display_in_leaderboard,
      status_token: token,
    })
    .returning({ id: donations.id });
  return {
    id: row!.id,
    pool_id: null,
    amount: value.amount,
    transaction_reference: value.transaction_reference,
    status: "pending",
    status_token: token,
  };
}

/**
 * Verifies or rejects a pending pool pledge. One batch (one transaction): the status changes
 * only if it is still pending, the pool total grows only if that change happened (`changes()`
 * is the row count of the statement just before it), and the audit row is written only then.
 * Two administrators, two tabs or two servers verifying at once credit the pool once; the
 * others get 409.
 */
export async function decidePoolDonation(
  poolId: number,
  donationId: number,
  decision: Decision,
  admin: Pick<User, "id" | "username">,
) {
  const donation = await db.query.poolDonations.findFirst({
    where: and(eq(poolDonations.id, donationId), eq(poolDonations.pool_id, poolId)),
    columns: { id: true, amount: true, status: true },
  });
  if (!donation) throw new HttpError(404, "donate:errors.donationNotFound");
  const now = new Date().toISOString();
  const [changed] = await db.batch([
    db
      .update(poolDonations)
      .set({ status: decision, decided_at: now, decided_by: admin.id })
      .where(and(eq(poolDonations.id, donationId), eq(poolDonations.status, "pending"))),
    db
      .update(donationPools)
      .set({
        current_amount: sql`${donationPools.current_amount} + ${decision === "verified" ? donation.amount : 0}`,
      })
      .where(and(eq(donationPools.id, poolId), sql`changes() = 1`)),
    db.run(sql`
      INSERT INTO audit_log (actor_id, actor_username, action, entity_type, entity_id, details)
      SELECT ${admin.id}, ${admin.username}, ${`donation.${decision === "verified" ? "verify" : "reject"}`},
             'pool_donation', ${String(donationId)}, ${JSON.stringify({ pool_id: poolId, amount: donation.amount })}
      WHERE changes() = 1`),
  ]);
  if (changed.rowsAffected !== 1) throw new HttpError(409, "donate:errors.alreadyDecided");
  return { id: donationId, pool_id: poolId, status: decision, amount: donation.amount };
}

/** Verifies or rejects a pending general donation (no pool total to change). */
export async function decideGeneralDonation(
  donationId: number,
  decision: Decision,
  admin: Pick<User, "id" | "username">,
) {
  const now = new Date().toISOString();
  const [changed] = await db.batch([
    db
      .update(donations)
      .set({ status: decision, decided_at: now, decided_by: admin.id })
      .where(and(eq(donations.id, donationId), eq(donations.status, "pending"))),
    db.run(sql`
      INSERT INTO audit_log (actor_id, actor_username, action, entity_type, entity_id)
      SELECT ${admin.id}, ${admin.username}, ${`donation.${decision === "verified" ? "verify" : "reject"}`}, 'donation', ${String(donationId)}
      WHERE changes() = 1`),
  ]);
  if (changed.rowsAffected !== 1) {
    const exists = await db.query.donations.findFirst({
      where: eq(donations.id, donationId),
      columns: { id: true },
    });
    throw new HttpError(
      exists ? 409 : 404,
      exists ? "donate:errors.alreadyDecided" : "donate:errors.donationNotFound",
    );
  }
  return { id: donationId, status: decision };
}

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
      status: donations.status,
      donation_date: donations.donation_date,
      decided_at: donations.decided_at,
    })
    .from(donations)
    .where(eq(donations.status_token, token));
  return general ?? null;
}

/** Pending pool pledges for administrators (spec 02 §3 "Pending donation"), oldest first. */
export async function listPendingPledges() {
  return db
    .select({
      id: poolDonations.id,
      pool_id: poolDonations.pool_id,
      pool_name: donationPools.name,
      donor_name: poolDonations.donor_name,
      phone_number: poolDonations.phone_number,
      amount: poolDonations.amount,
      transaction_reference: poolDonations.transaction_reference,
      donation_date: poolDonations.donation_date,
      message: poolDonations.message,
    })
    .from(poolDonations)
    .innerJoin(donationPools, eq(donationPools.id, poolDonations.pool_id))
    .where(eq(poolDonations.status, "pending"))
    .orderBy(poolDonations.donation_date, poolDonations.id);
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

/** The newest general donations, for the admin screens. */
export function listGeneralDonations(status: "pending" | "verified" | "rejected") {
  return db
    .select()
    .from(donations)
    .where(eq(donations.status, status))
    .orderBy(desc(donations.donation_date))
    .limit(200);
}
