import { randomBytes } from "node:crypto";
import { and, eq, isNull } from "drizzle-orm";
import { db } from "#db/client";
import { donations, monthlyGifts, poolDonations } from "#db/schema";
import { HttpError } from "~/http/http.server";
import { ULAANBAATAR_OFFSET_MS } from "~/lib/format";
import { dayStartsAt } from "~/lib/ub-days";
import { type DonationKind, decideDonation } from "~/models/donation-decide.server";
import type { LineClaim } from "~/models/statement-lines.server";
import type { User } from "~/models/users.server";

/**
 * A bank-statement line carrying a monthly donor's own code (issue 43, decision 062) becomes a new
 * gift of that month: a row like a one-off gift's (a campaign's pledge, or a donation to the site)
 * carrying `monthly_gift_id` and `gift_month`, verified through the one exactly-once decision
 * every gift goes through (totals, receipt, audit, the donor told, the line claimed, the month
 * marked paid). A second transfer in the same month is a second gift.
 */

type Admin = Pick<User, "id" | "username">;

/** The statement's dates are the bank's, in Ulaanbaatar: "2026-11-18 09:12" is November's. */
export const monthOfLine = (line: Pick<LineClaim, "booked_on">) => line.booked_on.slice(0, 7);

/** When the money was given, as timestamps are stored: the bank's local time, else its day's start. */
function givenAt(line: Pick<LineClaim, "booked_on">): string {
  const m = /^(\d{4}-\d{2}-\d{2})[ T](\d{2}):(\d{2})/.exec(line.booked_on);
  if (!m) return dayStartsAt(line.booked_on.slice(0, 10));
  return new Date(Date.parse(`${m[1]}T${m[2]}:${m[3]}:00Z`) - ULAANBAATAR_OFFSET_MS).toISOString();
}

/**
 * The pending row the decision verifies. One left pending by a confirmation that died between
 * its two steps (same gift, month and amount) is taken again rather than leaving it behind.
 */
async function pendingMonthRow(
  gift: typeof monthlyGifts.$inferSelect,
  line: LineClaim,
): Promise<{ kind: DonationKind; id: number; inserted: boolean }> {
  const month = monthOfLine(line);
  const amount = line.amount;
  const kind: DonationKind = gift.pool_id === null ? "general" : "pool";
  const table = kind === "pool" ? poolDonations : donations;
  const [left] = await db
    .select({ id: table.id })
    .from(table)
    .where(
      and(
        eq(table.monthly_gift_id, gift.id),
        eq(table.gift_month, month),
        eq(table.amount, amount),
        eq(table.status, "pending"),
      ),
    )
    .limit(1);
  if (left) return { kind, id: left.id, inserted: false };
  const common = {
    donor_name: gift.donor_name,
    // The sender skips an SMS without a number (outbox.server.ts); the donor may give only e-mail.
    phone_number: gift.phone_number ?? "",
    email: gift.email,
    language: gift.language,
    amount,
    transaction_reference: gift.payment_code,
    monthly_gift_id: gift.id,
    gift_month: month,
    // As the gift says now: a change through the link names (or stops naming) later months only.
    display_in_leaderboard: gift.display_in_leaderboard,
    status_token: randomBytes(18).toString("base64url"),
    // The ledger dates a gift by when it was given: here, the transfer.
    donation_date: givenAt(line),
  };
  const [row] =
    gift.pool_id === null
      ? await db
          .insert(donations)
          .values({ ...common, bank_name: "" })
          .returning({ id: donations.id })
      : await db
          .insert(poolDonations)
          .values({ ...common, pool_id: gift.pool_id })
          .returning({ id: poolDonations.id });
  return { kind, id: row!.id, inserted: true };
}

/**
 * Confirms that a statement line is a month of a monthly gift, whatever its status: a paused one's
 * money is still money, and a stopped one's is recorded when an administrator says so (the screen
 * proposes it only as a partial match, decision 062). 404 without such a gift; 409 when the line
 * was used meanwhile.
 */
export async function confirmMonthlyLine(line: LineClaim, giftId: number, admin: Admin) {
  const gift = await db.query.monthlyGifts.findFirst({ where: eq(monthlyGifts.id, giftId) });
  if (!gift) throw new HttpError(404, "admin:reconcile.errors.monthlyNotFound");
  const month = monthOfLine(line);
  const row = await pendingMonthRow(gift, line);
  try {
    await decideDonation({ kind: row.kind, id: row.id }, "verified", admin, line);
  } catch (error) {
    if (row.inserted) await forgetPendingRow(row);
    throw error;
  }
  return { kind: row.kind, id: row.id, monthly_gift_id: gift.id, gift_month: month };
}

/** A row this confirmation added and could not verify: nobody has seen it, nothing refers to it. */
async function forgetPendingRow(row: { kind: DonationKind; id: number }) {
  const table = row.kind === "pool" ? poolDonations : donations;
  await db
    .delete(table)
    .where(and(eq(table.id, row.id), eq(table.status, "pending"), isNull(table.decided_at)));
}
