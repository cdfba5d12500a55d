import { and, eq, sql } from "drizzle-orm";
import type { ParsedMail } from "mailparser";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { db } from "#db/client";
import { donationPools, monthlyGiftMonths, monthlyGifts, outbox, poolDonations } from "#db/schema";
import { sendDue } from "~/messages/sender.server";
import { decideDonation } from "~/models/donation-decide.server";
import { changeMonthlyGift, monthlyGiftById } from "~/models/monthly-gifts.server";
import { monthsOfGift, openMonthPayment } from "~/models/monthly-pay.server";
import { monthsToClose, runMonthly } from "~/models/monthly-run.server";
import { createUser, type User } from "~/models/users.server";
import { loader as payLoader } from "~/routes/monthly.$token_.pay.$month";
import type { TestSmtp } from "../support/smtp-server";
import { withTestMail } from "../support/test-mail";
import { getRequest } from "./helpers";
import { payThroughQpay, withQpayStandIn } from "./qpay-helpers";

/**
 * Issue 43's monthly run: the day's reminder (once, in the donor's language, with the link that
 * opens the month's QPay invoice), none for a paid month, missed months, three in a row pausing
 * the gift, gifts of ended campaigns stopped, pauses ending. Dates are Ulaanbaatar's (UTC+8).
 */

const qpay = withQpayStandIn();
const mails: ParsedMail[] = [];
let smtp: TestSmtp;
let admin: User;
let poolId: number;
let seq = 0;

/** An instant given as Ulaanbaatar's wall clock. */
const ub = (local: string) => new Date(Date.parse(`${local}+08:00`));

async function pool(values: Partial<typeof donationPools.$inferInsert> = {}) {
  const [row] = await db
    .insert(donationPools)
    .values({
      name: "Өвлийн түлш",
      description: "Тест",
      goal_amount: 5_000_000,
      bank_name: "Khan Bank",
      bank_account: "5039184726",
      account_name: "Сан",
      ...values,
    })
    .returning({ id: donationPools.id });
  return row!.id;
}

async function gift(values: Partial<typeof monthlyGifts.$inferInsert> = {}) {
  seq += 1;
  const [row] = await db
    .insert(monthlyGifts)
    .values({
      pool_id: poolId,
      donor_name: "Saraa",
      email: `donor${seq}@example.mn`,
      remind_by_email: true,
      method: "reminder",
      amount: 20_000,
      day_of_month: 15,
      payment_code: `M${String(700_000 + seq)}`,
      language: "en",
      created_at: "2026-09-20T04:00:00.000Z",
      ...values,
    })
    .returning({ id: monthlyGifts.id });
  return (await monthlyGiftById(row!.id))!;
}

const messagesOf = (giftId: number, kind: string) =>
  db
    .select({ channel: outbox.channel, params: outbox.params, status: outbox.status })
    .from(outbox)
    .where(and(eq(outbox.kind, kind), sql`json_extract(params, '$.id') = ${giftId}`));

const monthsOf = (giftId: number) =>
  db
    .select({ month: monthlyGiftMonths.month, state: monthlyGiftMonths.state })
    .from(monthlyGiftMonths)
    .where(eq(monthlyGiftMonths.gift_id, giftId))
    .orderBy(monthlyGiftMonths.month);

const row = async (id: number) =>
  (await db.query.monthlyGifts.findFirst({ where: eq(monthlyGifts.id, id) }))!;

const mailTo = (address: string) =>
  mails.filter((m) => m.to && "text" in m.to && m.to.text === address);

/** Sends what is queued (the outbox's own clock is the real one). */
async function sendAll(_at: Date) {
  while ((await sendDue()) > 0);
}

beforeAll(async () => {
  smtp = await withTestMail(mails);
  admin = await createUser("mr_admin", "secret-pass", "admin");
  poolId = await pool();
});

afterAll(async () => {
  await smtp.stop();
});

describe("the day's reminder", () => {
  it("comes on the day, once, in the donor's language, and its link opens the month's QPay invoice", async () => {
    const g = await gift();
    await runMonthly(ub("2026-11-14T23:59:00"));
    expect(await messagesOf(g.id, "monthly.reminder")).toEqual([]);

    const day = ub("2026-11-15T00:01:00");
    await runMonthly(day);
    await runMonthly(day);
    const queued = await messagesOf(g.id, "monthly.reminder");
    expect(queued.map((m) => [m.channel, JSON.parse(m.params).month])).toEqual([
      ["email", "2026-11"],
    ]);
    await sendAll(day);
    const [mail] = mailTo(g.email!);
    expect(mail!.subject).toBe("Your monthly gift for November 2026: 20,000₮");
    const payLink = `https://storyshare.test${g.path}/pay/2026-11`;
    expect(mail!.text).toContain(payLink);
    expect(mail!.text).toContain("Pay with QPay or by bank transfer");
    expect(mail!.text).toContain(g.payment_code);
    // Later the same day and on the days after: no second reminder.
    await runMonthly(ub("2026-11-20T09:00:00"));
    expect(await messagesOf(g.id, "monthly.reminder")).toHaveLength(1);

    // The link opens the month's own pending gift, the same one each time.
    const res = await payLoader({
      request: getRequest(`${g.path}/pay/2026-11`),
      params: { token: g.token, month: "2026-11" },
      context: {},
    });
    expect(res.status).toBe(302);
    const opened = await openMonthPayment(g.token, "2026-11", day);
    expect(opened.state).toBe("open");
    expect(res.headers.get("Location")).toBe(
      `/donations/${(opened as { status_token: string }).status_token}`,
    );
    const [pending] = await db
      .select()
      .from(poolDonations)
      .where(eq(poolDonations.monthly_gift_id, g.id));
    expect(pending).toMatchObject({ status: "pending", gift_month: "2026-11", amount: 20_000 });

    // Paid through QPay: the month is paid, and the link now opens the gift's page.
    await payThroughQpay(qpay.standIn, { kind: "pool", id: pending!.id });
    // (October, the gift's first month, had no gift: the run marked it on 8 November.)
    expect(await monthsOf(g.id)).toEqual([
      { month: "2026-10", state: "missed" },
      { month: "2026-11", state: "paid" },
    ]);
    expect(await openMonthPayment(g.token, "2026-11", day)).toEqual({
      state: "paid",
      path: g.path,
    });
  });

  it("is in Mongolian for a Mongolian donor, and by SMS when asked", async () => {
    const g = await gift({ language: "mn", remind_by_sms: true, phone_number: "99112233" });
    const day = ub("2026-11-15T08:00:00");
    await runMonthly(day);
    expect((await messagesOf(g.id, "monthly.reminder")).map((m) => m.channel).sort()).toEqual([
      "email",
      "sms",
    ]);
    await sendAll(day);
    const [mail] = mailTo(g.email!);
    expect(mail!.subject).toBe("Сар бүрийн хандив, 2026 оны 11-р сар: 20,000₮");
    expect(mail!.text).toContain("QPay үйлчилгээгээр эсвэл банкны шилжүүлгээр төлөх");
  });

  it("is not sent for a month already paid, nor to a standing order, nor to a paused gift", async () => {
    const paid = await gift();
    const opened = await openMonthPayment(paid.token, "2026-11", ub("2026-11-03T10:00:00"));
    const [row] = await db
      .select({ id: poolDonations.id })
      .from(poolDonations)
      .where(eq(poolDonations.status_token, (opened as { status_token: string }).status_token));
    await decideDonation({ kind: "pool", id: row!.id }, "verified", admin);
    const standing = await gift({ method: "standing_order" });
    const paused = await gift({ status: "paused", paused_until: "2027-01" });

    await runMonthly(ub("2026-11-15T10:00:00"));
    for (const g of [paid, standing, paused]) {
      expect(await messagesOf(g.id, "monthly.reminder")).toEqual([]);
    }
  });

  it("starts the month after for a gift made on its own day; a short month uses its last day", async () => {
    const today = await gift({ created_at: ub("2026-11-15T10:00:00").toISOString() });
    await runMonthly(ub("2026-11-15T20:00:00"));
    expect(await messagesOf(today.id, "monthly.reminder")).toEqual([]);
    await runMonthly(ub("2026-12-15T07:00:00"));
    expect(
      (await messagesOf(today.id, "monthly.reminder")).map((m) => JSON.parse(m.params).month),
    ).toEqual(["2026-12"]);

    const last = await gift({
      day_of_month: 31,
      created_at: ub("2027-01-20T10:00:00").toISOString(),
    });
    await runMonthly(ub("2027-02-28T07:00:00"));
    expect(
      (await messagesOf(last.id, "monthly.reminder")).map((m) => JSON.parse(m.params).month),
    ).toEqual(["2027-02"]);
  });

  it("is queued once when two processes run at the same moment", async () => {
    const g = await gift({ day_of_month: 16 });
    const now = ub("2026-11-16T09:00:00");
    await Promise.all([runMonthly(now), runMonthly(now), runMonthly(now)]);
    expect(await messagesOf(g.id, "monthly.reminder")).toHaveLength(1);
  });
});

describe("missed months", () => {
  it("are marked a week after the month; three in a row pause the gift and tell the donor once", async () => {
    const g = await gift({
      method: "standing_order",
      day_of_month: 5,
      created_at: ub("2026-07-20T10:00:00").toISOString(),
    });
    // August ended on the 31st, but a statement may come days later: not yet missed on 7 Sept.
    await runMonthly(ub("2026-09-07T12:00:00"));
    expect(await monthsOf(g.id)).toEqual([]);
    await runMonthly(ub("2026-09-08T00:10:00"));
    expect(await monthsOf(g.id)).toEqual([{ month: "2026-08", state: "missed" }]);
    await runMonthly(ub("2026-10-08T00:10:00"));
    await runMonthly(ub("2026-10-08T00:11:00"));
    expect((await row(g.id)).missed_in_row).toBe(2);
    expect((await row(g.id)).status).toBe("active");

    const november = ub("2026-11-08T00:10:00");
    await runMonthly(november);
    await runMonthly(november);
    expect(await monthsOf(g.id)).toEqual([
      { month: "2026-08", state: "missed" },
      { month: "2026-09", state: "missed" },
      { month: "2026-10", state: "missed" },
    ]);
    expect(await row(g.id)).toMatchObject({ status: "paused", paused_until: null });
    expect(await messagesOf(g.id, "monthly.lapsed")).toHaveLength(1);
    await sendAll(november);
    const [mail] = mailTo(g.email!);
    expect(mail!.subject).toBe("Your monthly gift is paused");
    expect(mail!.text).toContain(`https://storyshare.test${g.path}`);

    // Started again from that link: the count starts over, and November is one missed month.
    await changeMonthlyGift(g.token, { intent: "resume" }, november);
    expect(await row(g.id)).toMatchObject({ status: "active", missed_in_row: 0 });
    await runMonthly(ub("2026-12-08T00:10:00"));
    expect(await row(g.id)).toMatchObject({ status: "active", missed_in_row: 1 });
    expect(await messagesOf(g.id, "monthly.lapsed")).toHaveLength(1);
  });

  it("a gift that arrives ends the run; a paused month is paused, not missed", async () => {
    const g = await gift({
      method: "standing_order",
      day_of_month: 5,
      created_at: ub("2026-07-20T10:00:00").toISOString(),
    });
    await runMonthly(ub("2026-10-08T00:10:00"));
    expect((await row(g.id)).missed_in_row).toBe(2);
    // September's transfer is imported late: that month is paid and the count is back to 0.
    const opened = await openMonthPayment(g.token, "2026-09", ub("2026-10-09T10:00:00"));
    const [late] = await db
      .select({ id: poolDonations.id })
      .from(poolDonations)
      .where(eq(poolDonations.status_token, (opened as { status_token: string }).status_token));
    await decideDonation({ kind: "pool", id: late!.id }, "verified", admin);
    expect((await row(g.id)).missed_in_row).toBe(0);

    await changeMonthlyGift(g.token, { intent: "pause", months: 1 }, ub("2026-10-09T10:00:00"));
    await runMonthly(ub("2026-12-08T00:10:00"));
    expect(await monthsOf(g.id)).toEqual([
      { month: "2026-08", state: "missed" },
      { month: "2026-09", state: "paid" },
      { month: "2026-10", state: "missed" },
      { month: "2026-11", state: "paused" },
    ]);
    // The pause (November) is over: December gives again.
    expect(await row(g.id)).toMatchObject({ status: "active", paused_until: null });
  });

  it("closes the last three months after the grace days", () => {
    expect(monthsToClose("2026-11-08")).toEqual(["2026-08", "2026-09", "2026-10"]);
    expect(monthsToClose("2026-11-07")).toEqual(["2026-07", "2026-08", "2026-09"]);
    expect(monthsToClose("2027-01-20")).toEqual(["2026-10", "2026-11", "2026-12"]);
  });
});

describe("the gift's page", () => {
  it("offers to pay this month to a gift paid after a reminder, and lists the months gone by", async () => {
    const g = await gift({ created_at: ub("2026-08-20T10:00:00").toISOString() });
    await runMonthly(ub("2026-11-08T00:10:00"));
    const before = await monthsOfGift(g, ub("2026-11-09T10:00:00"));
    expect(before.current).toEqual({
      month: "2026-11",
      paid: false,
      payPath: `${g.path}/pay/2026-11`,
      qpay: true,
    });
    expect(before.history).toEqual([
      { month: "2026-10", state: "missed" },
      { month: "2026-09", state: "missed" },
    ]);
    const opened = await openMonthPayment(g.token, "2026-11", ub("2026-11-09T10:00:00"));
    const [row] = await db
      .select({ id: poolDonations.id })
      .from(poolDonations)
      .where(eq(poolDonations.status_token, (opened as { status_token: string }).status_token));
    await decideDonation({ kind: "pool", id: row!.id }, "verified", admin);
    const after = await monthsOfGift(g, ub("2026-11-09T10:00:00"));
    expect(after.current).toEqual({ month: "2026-11", paid: true, payPath: null, qpay: true });
    // A standing order is paid at the bank: no button.
    const standing = await gift({ method: "standing_order" });
    expect((await monthsOfGift(standing, ub("2026-11-09T10:00:00"))).current.payPath).toBeNull();
  });
});

describe("a campaign that ends", () => {
  it("stops its monthly gifts and tells each donor once, with the final report's link", async () => {
    const ending = await pool({ name: "Хүүхдийн зүрх", ends_on: "2026-11-10" });
    const closed = await pool({ name: "Closed", status: "completed" });
    const a = await gift({ pool_id: ending });
    const b = await gift({ pool_id: closed, status: "paused", paused_until: "2027-01" });
    const c = await gift({ pool_id: null });

    await runMonthly(ub("2026-11-10T22:00:00"));
    expect((await row(a.id)).status).toBe("active");
    const next = ub("2026-11-11T00:05:00");
    await runMonthly(next);
    await runMonthly(next);
    for (const g of [a, b]) {
      expect(await row(g.id)).toMatchObject({ status: "stopped", stop_reason: "campaign_ended" });
      expect(await messagesOf(g.id, "monthly.ended")).toHaveLength(1);
    }
    expect((await row(c.id)).status).toBe("active");
    await sendAll(next);
    const [mail] = mailTo(a.email!);
    expect(mail!.subject).toBe(
      "The «Хүүхдийн зүрх» campaign has ended, so your monthly gift has stopped",
    );
    expect(mail!.text).toContain(`https://storyshare.test/donation-pools/${ending}#updates`);
  });
});
