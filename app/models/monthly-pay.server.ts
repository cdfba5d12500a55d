import { randomBytes } from "node:crypto";
import { and, eq, isNotNull } from "drizzle-orm";
import { db } from "#db/client";
import { donations, monthlyGiftMonths, poolDonations } from "#db/schema";
import type { MonthsView } from "~/components/donate/monthly-months";
import { HttpError } from "~/http/http.server";
import { newPaymentCode } from "~/lib/payment-code.server";
import { addMonths, monthInUlaanbaatar } from "~/lib/ub-months";
import { isCodeTaken } from "~/models/donation-create.server";
import { type MonthlyGiftView, monthlyGiftByToken } from "~/models/monthly-gifts.server";
import { giftMonths } from "~/models/monthly-months.server";
import { qpayConfigured } from "~/models/qpay-invoices.server";

/**
 * Paying one month of a monthly gift after its reminder (issue 43 item 3): the reminder's link
 * opens the month's own pending gift, a row like a one-off gift's (a campaign's pledge or a
 * donation to the site) with a code of its own, so its status page shows the QPay invoice (when
 * QPay is configured) and the transfer details, and paying it is confirmed as any gift is
 * (decideDonation marks the month paid). Opening the link again opens the same row.
 */

/** The reminder's link: the gift's own path and the month. */
export const payPath = (giftPath: string, month: string) => `${giftPath}/pay/${month}`;

export async function monthPaid(giftId: number, month: string): Promise<boolean> {
  const row = await db.query.monthlyGiftMonths.findFirst({
    where: and(eq(monthlyGiftMonths.gift_id, giftId), eq(monthlyGiftMonths.month, month)),
    columns: { state: true },
  });
  return row?.state === "paid";
}

const MONTH = /^\d{4}-(0[1-9]|1[0-2])$/;

export type MonthPayment =
  | { state: "open"; status_token: string }
  | { state: "paid" | "stopped" | "closed"; path: string };

/**
 * The month's pending gift, made on the first opening. A month can be paid from the gift's
 * first month until the month after it (a reminder of the 31st opened on the 1st); another is
 * `closed`. A paid month or a stopped gift opens the gift's own page instead. A forged or older
 * link is 404.
 */
export async function openMonthPayment(
  token: string,
  month: string,
  now = new Date(),
): Promise<MonthPayment> {
  const gift = await monthlyGiftByToken(token);
  if (!gift) throw new HttpError(404, "donate:monthly.errors.notFound");
  const current = monthInUlaanbaatar(now);
  const payable =
    MONTH.test(month) &&
    month <= current &&
    month >= addMonths(current, -1) &&
    month >= monthInUlaanbaatar(new Date(gift.created_at));
  if (gift.status === "stopped") return { state: "stopped", path: gift.path };
  if (!payable) return { state: "closed", path: gift.path };
  if (await monthPaid(gift.id, month)) return { state: "paid", path: gift.path };
  const table = gift.pool ? poolDonations : donations;
  const [open] = await db
    .select({ token: table.status_token })
    .from(table)
    .where(
      and(
        eq(table.monthly_gift_id, gift.id),
        eq(table.gift_month, month),
        eq(table.amount, gift.amount),
        eq(table.status, "pending"),
        isNotNull(table.payment_code),
      ),
    )
    .limit(1);
  if (open) return { state: "open", status_token: open.token };
  const statusToken = randomBytes(18).toString("base64url");
  const common = {
    donor_name: gift.donor_name,
    // The sender skips an SMS without a number (outbox.server.ts); the donor may give only e-mail.
    phone_number: gift.phone_number ?? "",
    email: gift.email,
    language: gift.language,
    amount: gift.amount,
    transaction_reference: gift.payment_code,
    monthly_gift_id: gift.id,
    gift_month: month,
    display_in_leaderboard: gift.display_in_leaderboard,
    status_token: statusToken,
  };
  for (let attempt = 0; ; attempt++) {
    try {
      if (gift.pool) {
        await db
          .insert(poolDonations)
          .values({ ...common, pool_id: gift.pool.id, payment_code: newPaymentCode("pool") });
      } else {
        await db
          .insert(donations)
          .values({ ...common, bank_name: "", payment_code: newPaymentCode("general") });
      }
      return { state: "open", status_token: statusToken };
    } catch (error) {
      if (!isCodeTaken(error) || attempt >= 5) throw error;
    }
  }
}

/**
 * What the gift's page shows of its months: this month (paid, or the link to pay it for a gift
 * paid after a reminder), and the months gone by.
 */
export async function monthsOfGift(
  gift: Pick<MonthlyGiftView, "id" | "path" | "status" | "method">,
  now = new Date(),
): Promise<MonthsView> {
  const month = monthInUlaanbaatar(now);
  const [paid, history] = await Promise.all([monthPaid(gift.id, month), giftMonths(gift.id)]);
  const payable = gift.status === "active" && gift.method === "reminder";
  return {
    current: {
      month,
      paid,
      payPath: payable && !paid ? payPath(gift.path, month) : null,
      qpay: qpayConfigured(),
    },
    history: history.filter((m) => m.month !== month || m.state !== "paid"),
  };
}
