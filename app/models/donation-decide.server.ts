import { and, eq, sql } from "drizzle-orm";
import { db } from "#db/client";
import { donationPools, donations, poolDonations } from "#db/schema";
import { HttpError } from "~/http/http.server";
import { wakeSender } from "~/messages/sender.server";
import { auditIfChanged } from "~/models/audit.server";
import { donorMessages } from "~/models/outbox.server";
import {
  claimLine,
  type LineClaim,
  lineDetails,
  lineIsOpen,
} from "~/models/statement-lines.server";
import type { User } from "~/models/users.server";

/**
 * An administrator's decision on a pledge or a site donation. Verifying a pool pledge adds its
 * amount to the pool's total exactly once, in the same transaction as the status change
 * (DESIGN §4).
 */

export type Decision = "verified" | "rejected";
export type DonationKind = "pool" | "general";
const decisionAction = (decision: Decision) =>
  decision === "verified" ? "donation.verify" : "donation.reject";

/** The review queue's key for a donation ("pool:12", "general:5"): ids of the two tables overlap. */
export const donationKey = (d: { kind: DonationKind; id: number }) => `${d.kind}:${d.id}`;

export function parseDonationKey(value: unknown): { kind: DonationKind; id: number } | null {
  const match = /^(pool|general):(\d{1,15})$/.exec(String(value ?? ""));
  return match ? { kind: match[1] as DonationKind, id: Number(match[2]) } : null;
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
  line?: LineClaim,
) {
  if (line && decision !== "verified") throw new HttpError(400, "errors.validation");
  const donation = await db.query.poolDonations.findFirst({
    where: and(eq(poolDonations.id, donationId), eq(poolDonations.pool_id, poolId)),
    columns: { id: true, amount: true, status: true },
  });
  if (!donation) throw new HttpError(404, "donate:errors.donationNotFound");
  const now = new Date().toISOString();
  // From a bank statement, the pool gets the money that arrived; the pledge records it.
  const amount = line ? line.amount : donation.amount;
  const [changed] = await db.batch([
    db
      .update(poolDonations)
      .set({ status: decision, decided_at: now, decided_by: admin.id, amount })
      .where(
        and(
          eq(poolDonations.id, donationId),
          eq(poolDonations.status, "pending"),
          line ? lineIsOpen(line) : undefined,
        ),
      ),
    db
      .update(donationPools)
      .set({
        current_amount: sql`${donationPools.current_amount} + ${decision === "verified" ? amount : 0}`,
      })
      .where(and(eq(donationPools.id, poolId), sql`changes() = 1`)),
    ...(line ? [claimLine(line, { kind: "pool", id: donationId }, admin)] : []),
    auditIfChanged(admin, decisionAction(decision), "pool_donation", donationId, {
      pool_id: poolId,
      amount,
      ...(amount !== donation.amount ? { pledged: donation.amount } : {}),
      ...(line ? lineDetails(line) : {}),
    }),
    // After the audit row, which exists only when this call made the decision: told once.
    donorMessages("pool_donations", decision, { id: donationId }),
  ]);
  if (changed.rowsAffected !== 1) throw new HttpError(409, "donate:errors.alreadyDecided");
  wakeSender();
  return { id: donationId, pool_id: poolId, status: decision, amount };
}

/** Verifies or rejects a pending general donation (no pool total to change). */
export async function decideGeneralDonation(
  donationId: number,
  decision: Decision,
  admin: Pick<User, "id" | "username">,
  line?: LineClaim,
) {
  if (line && decision !== "verified") throw new HttpError(400, "errors.validation");
  const now = new Date().toISOString();
  const [changed] = await db.batch([
    db
      .update(donations)
      .set({
        status: decision,
        decided_at: now,
        decided_by: admin.id,
        ...(line ? { amount: line.amount } : {}),
      })
      .where(
        and(
          eq(donations.id, donationId),
          eq(donations.status, "pending"),
          line ? lineIsOpen(line) : undefined,
        ),
      ),
    ...(line ? [claimLine(line, { kind: "general", id: donationId }, admin)] : []),
    auditIfChanged(
      admin,
      decisionAction(decision),
      "donation",
      donationId,
      line ? lineDetails(line) : undefined,
    ),
    donorMessages("donations", decision, { id: donationId }),
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
  wakeSender();
  return { id: donationId, status: decision };
}

/** Verifies or rejects one donation of either kind, through the exactly-once calls above. */
export async function decideDonation(
  key: { kind: DonationKind; id: number },
  decision: Decision,
  admin: Pick<User, "id" | "username">,
  line?: LineClaim,
) {
  if (key.kind === "general") return decideGeneralDonation(key.id, decision, admin, line);
  const pledge = await db.query.poolDonations.findFirst({
    where: eq(poolDonations.id, key.id),
    columns: { pool_id: true },
  });
  if (!pledge) throw new HttpError(404, "donate:errors.donationNotFound");
  return decidePoolDonation(pledge.pool_id, key.id, decision, admin, line);
}
