import { and, eq, sql } from "drizzle-orm";
import { db } from "#db/client";
import { donationPools, donations, poolDonations } from "#db/schema";
import { HttpError } from "~/http/http.server";
import { wakeSender } from "~/messages/sender.server";
import { auditIfChanged } from "~/models/audit.server";
import { readAmountReceived } from "~/models/moderation.server";
import { markMonthPaid } from "~/models/monthly-months.server";
import { donorMessages } from "~/models/outbox.server";
import {
  cancelInvoiceLater,
  markInvoicePaid,
  type QpayClaim,
  qpayDetails,
  qpayIsOpen,
} from "~/models/qpay-invoices.server";
import {
  claimLine,
  type LineClaim,
  lineDetails,
  lineIsOpen,
} from "~/models/statement-lines.server";
import type { User } from "~/models/users.server";

/**
 * The decision on a pledge or a site donation: an administrator's, or (with `qpay` and no
 * administrator) the one QPay's confirmed payment makes (decision 057), through the same batch. Verifying a pool pledge adds its
 * amount to the pool's total exactly once, in the same transaction as the status change
 * (DESIGN §4).
 */

export type Decision = "verified" | "rejected";
export type DonationKind = "pool" | "general";
/** Who decides: an administrator, or null for a payment QPay confirmed (named in the audit row). */
type Decider = Pick<User, "id" | "username"> | null;
const decisionAction = (decision: Decision) =>
  decision === "verified" ? "donation.verify" : "donation.reject";

/**
 * What an administrator saw arrive when verifying by hand (issue 41 item 3), as typed: a positive
 * whole number, checked as a story payment's is. Only with a verification by hand: a statement
 * line or QPay says what arrived itself.
 */
function receivedAmount(
  received: unknown,
  decision: Decision,
  line?: LineClaim,
  qpay?: QpayClaim,
): number | undefined {
  if (received === undefined) return undefined;
  if (decision !== "verified" || line || qpay) throw new HttpError(400, "errors.validation");
  return readAmountReceived(received);
}

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
  admin: Decider,
  line?: LineClaim,
  qpay?: QpayClaim,
  /** What arrived, as typed on the screens (optional on the /api); see receivedAmount. */
  received?: unknown,
) {
  if (line && decision !== "verified") throw new HttpError(400, "errors.validation");
  const arrived = receivedAmount(received, decision, line, qpay);
  const donation = await db.query.poolDonations.findFirst({
    where: and(eq(poolDonations.id, donationId), eq(poolDonations.pool_id, poolId)),
    columns: { id: true, amount: true, status: true },
  });
  if (!donation) throw new HttpError(404, "donate:errors.donationNotFound");
  const now = new Date().toISOString();
  // The pool gets the money that arrived (a statement line's, or what the administrator saw);
  // the pledge records it, and the audit row keeps what was pledged beside it.
  const amount = line ? line.amount : (arrived ?? donation.amount);
  const [changed] = await db.batch([
    db
      .update(poolDonations)
      .set({ status: decision, decided_at: now, decided_by: admin?.id ?? null, amount })
      .where(
        and(
          eq(poolDonations.id, donationId),
          eq(poolDonations.status, "pending"),
          line ? lineIsOpen(line) : undefined,
          qpay ? qpayIsOpen(qpay) : undefined,
        ),
      ),
    db
      .update(donationPools)
      .set({
        current_amount: sql`${donationPools.current_amount} + ${decision === "verified" ? amount : 0}`,
      })
      .where(and(eq(donationPools.id, poolId), sql`changes() = 1`)),
    ...(line && admin ? [claimLine(line, { kind: "pool", id: donationId }, admin)] : []),
    auditIfChanged(admin, decisionAction(decision), "pool_donation", donationId, {
      pool_id: poolId,
      amount,
      ...(amount !== donation.amount ? { pledged: donation.amount } : {}),
      ...(line ? lineDetails(line) : {}),
      ...(qpay ? qpayDetails(qpay) : {}),
    }),
    // After the audit row, which exists only when this call made the decision: told once.
    donorMessages("pool_donations", decision, { id: donationId }),
    // Paid through QPay is recorded even when the pledge was decided meanwhile: never credited twice.
    ...(qpay ? [markInvoicePaid(qpay)] : []),
    // Last: the statements above read `changes()` of the one before them.
    ...(decision === "verified" ? markMonthPaid("pool_donations", donationId) : []),
  ]);
  if (changed.rowsAffected !== 1) throw new HttpError(409, "donate:errors.alreadyDecided");
  if (!qpay) cancelInvoiceLater({ kind: "pool", id: donationId });
  wakeSender();
  return {
    id: donationId,
    pool_id: poolId,
    status: decision,
    amount,
    ...(amount !== donation.amount ? { pledged: donation.amount } : {}),
  };
}

/** Verifies or rejects a pending general donation (no pool total to change). */
export async function decideGeneralDonation(
  donationId: number,
  decision: Decision,
  admin: Decider,
  line?: LineClaim,
  qpay?: QpayClaim,
  /** What arrived, as typed on the screens (optional on the /api); see receivedAmount. */
  received?: unknown,
) {
  if (line && decision !== "verified") throw new HttpError(400, "errors.validation");
  const arrived = receivedAmount(received, decision, line, qpay);
  const pledged =
    arrived === undefined
      ? undefined
      : (
          await db.query.donations.findFirst({
            where: eq(donations.id, donationId),
            columns: { amount: true },
          })
        )?.amount;
  const amount = line?.amount ?? arrived;
  const now = new Date().toISOString();
  const [changed] = await db.batch([
    db
      .update(donations)
      .set({
        status: decision,
        decided_at: now,
        decided_by: admin?.id ?? null,
        ...(amount !== undefined ? { amount } : {}),
      })
      .where(
        and(
          eq(donations.id, donationId),
          eq(donations.status, "pending"),
          line ? lineIsOpen(line) : undefined,
          qpay ? qpayIsOpen(qpay) : undefined,
        ),
      ),
    ...(line && admin ? [claimLine(line, { kind: "general", id: donationId }, admin)] : []),
    auditIfChanged(
      admin,
      decisionAction(decision),
      "donation",
      donationId,
      line
        ? lineDetails(line)
        : qpay
          ? qpayDetails(qpay)
          : arrived !== undefined
            ? { amount: arrived, ...(arrived !== pledged ? { pledged } : {}) }
            : undefined,
    ),
    donorMessages("donations", decision, { id: donationId }),
    ...(qpay ? [markInvoicePaid(qpay)] : []),
    ...(decision === "verified" ? markMonthPaid("donations", donationId) : []),
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
  if (!qpay) cancelInvoiceLater({ kind: "general", id: donationId });
  wakeSender();
  return {
    id: donationId,
    status: decision,
    ...(arrived !== undefined ? { amount: arrived } : {}),
    ...(arrived !== undefined && pledged !== undefined && arrived !== pledged ? { pledged } : {}),
  };
}

/** Verifies or rejects one donation of either kind, through the exactly-once calls above. */
export async function decideDonation(
  key: { kind: DonationKind; id: number },
  decision: Decision,
  admin: Decider,
  line?: LineClaim,
  qpay?: QpayClaim,
  received?: unknown,
) {
  if (key.kind === "general")
    return decideGeneralDonation(key.id, decision, admin, line, qpay, received);
  const pledge = await db.query.poolDonations.findFirst({
    where: eq(poolDonations.id, key.id),
    columns: { pool_id: true },
  });
  if (!pledge) throw new HttpError(404, "donate:errors.donationNotFound");
  return decidePoolDonation(pledge.pool_id, key.id, decision, admin, line, qpay, received);
}
