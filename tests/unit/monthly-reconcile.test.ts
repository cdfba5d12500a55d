import { and, eq, isNotNull, sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { db } from "#db/client";
import {
  auditLog,
  donationPools,
  donations,
  monthlyGiftMonths,
  monthlyGifts,
  outbox,
  poolDonations,
} from "#db/schema";
import { allLedgerLines } from "~/models/ledger.server";
import { changeMonthlyGift, createMonthlyGift } from "~/models/monthly-gifts.server";
import {
  confirmAssignments,
  confirmLine,
  reconciliationView,
} from "~/models/reconcile-match.server";
import { importStatement } from "~/models/statement-import.server";
import { createUser, type User } from "~/models/users.server";
import { getRequest } from "./helpers";

/**
 * Issue 43: a monthly donor's standing order, read from bank statements through the real import,
 * becomes one verified gift per transfer, marked monthly, counted in the campaign's total.
 */

let admin: User;
let poolId: number;

/** A Golomt-style CSV statement (docs/bank-statements.md) of incoming transfers. */
function statement(name: string, rows: [date: string, description: string, amount: number][]) {
  const lines = [
    "Date,Description,Debit,Credit,Balance,Counterparty name,Counterparty account,Transaction number",
    ...rows.map(
      ([date, description, amount], i) =>
        `${date},${description},,"${amount.toLocaleString("en-US")}.00",,Батболд Д,5012345678,GL${name}${i}`,
    ),
  ];
  return { name: `${name}.csv`, bytes: new TextEncoder().encode(`${lines.join("\n")}\n`) };
}

async function monthlyGift(
  code: string,
  values: Partial<typeof monthlyGifts.$inferInsert> = {},
): Promise<number> {
  const [row] = await db
    .insert(monthlyGifts)
    .values({
      pool_id: poolId,
      donor_name: "Батболд",
      email: "batbold@example.mn",
      phone_number: "99112233",
      remind_by_email: true,
      method: "standing_order",
      amount: 20_000,
      day_of_month: 5,
      payment_code: code,
      language: "mn",
      ...values,
    })
    .returning({ id: monthlyGifts.id });
  return row!.id;
}

async function poolTotal() {
  const [row] = await db
    .select({ current: donationPools.current_amount })
    .from(donationPools)
    .where(eq(donationPools.id, poolId));
  return row!.current;
}

const giftsOf = (giftId: number) =>
  db
    .select()
    .from(poolDonations)
    .where(eq(poolDonations.monthly_gift_id, giftId))
    .orderBy(poolDonations.id);

const monthsOf = (giftId: number) =>
  db
    .select({ month: monthlyGiftMonths.month, state: monthlyGiftMonths.state })
    .from(monthlyGiftMonths)
    .where(eq(monthlyGiftMonths.gift_id, giftId))
    .orderBy(monthlyGiftMonths.month);

/** Confirms every exact match in one click, as "Confirm selected" does. */
async function confirmExact() {
  const view = await reconciliationView();
  const picks = view.exact.map(
    (m) => `${m.line.id}:${m.candidates[0]!.kind}:${m.candidates[0]!.id}`,
  );
  return confirmAssignments(picks, admin);
}

beforeAll(async () => {
  admin = await createUser("treasurer", "secret-password", "admin");
  const [pool] = await db
    .insert(donationPools)
    .values({
      name: "Зүрхний мэс засал",
      description: "Тест",
      goal_amount: 5_000_000,
      bank_name: "Khan Bank",
      bank_account: "5039184726",
      account_name: "Сан",
    })
    .returning({ id: donationPools.id });
  poolId = pool!.id;
});

describe("a standing order on three statements", () => {
  it("becomes three verified gifts of their months, marked monthly, counted once; a re-upload adds nothing", async () => {
    const giftId = await monthlyGift("M482913");
    const september = statement("sep", [["2026/09/05 09:12", "M482913 сар бүр", 20_000]]);
    const october = statement("oct", [["2026/10/05 09:10", "хандив м-482913", 20_000]]);
    const november = statement("nov", [["2026/11/05 09:30", "M 482913 Батболд", 20_000]]);

    for (const file of [september, october, november]) {
      const outcome = await importStatement(file, "auto", admin);
      expect(outcome).toMatchObject({ status: "imported", linesNew: 1 });
      const view = await reconciliationView();
      expect(view.exact).toHaveLength(1);
      expect(view.exact[0]!.candidates[0]).toMatchObject({
        kind: "monthly",
        id: giftId,
        code: "M482913",
        monthly_status: "active",
      });
      const summary = await confirmExact();
      expect(summary.failed).toEqual([]);
      expect(summary.confirmed).toEqual([
        expect.objectContaining({ kind: "pool", amount: 20_000, monthly_gift_id: giftId }),
      ]);
    }

    const gifts = await giftsOf(giftId);
    expect(gifts.map((g) => [g.status, g.gift_month, g.amount])).toEqual([
      ["verified", "2026-09", 20_000],
      ["verified", "2026-10", 20_000],
      ["verified", "2026-11", 20_000],
    ]);
    expect(gifts.every((g) => g.pool_id === poolId && g.donor_name === "Батболд")).toBe(true);
    expect(gifts.every((g) => g.payment_code === null)).toBe(true);
    expect(await poolTotal()).toBe(60_000);
    expect(await monthsOf(giftId)).toEqual([
      { month: "2026-09", state: "paid" },
      { month: "2026-10", state: "paid" },
      { month: "2026-11", state: "paid" },
    ]);

    // Through the one verification: each audited with its statement line, the donor told.
    const audits = await db
      .select()
      .from(auditLog)
      .where(
        and(eq(auditLog.action, "donation.verify"), eq(auditLog.entity_type, "pool_donation")),
      );
    expect(audits).toHaveLength(3);
    expect(JSON.parse(audits[0]!.details!).statement_line.description).toContain("482913");
    const told = await db
      .select({ kind: outbox.kind, recipient: outbox.recipient })
      .from(outbox)
      .where(eq(outbox.kind, "pledge.verified"));
    expect(told.filter((m) => m.recipient === "batbold@example.mn")).toHaveLength(3);

    // The same statements again: nothing new, nothing to confirm, the total unchanged.
    for (const file of [september, october, november]) {
      const again = await importStatement(file, "auto", admin);
      expect(again).toMatchObject({ linesNew: 0, linesDuplicate: 1 });
    }
    const view = await reconciliationView();
    expect(view.exact).toEqual([]);
    expect(await giftsOf(giftId)).toHaveLength(3);
    expect(await poolTotal()).toBe(60_000);
  });

  it("two transfers in one month are two gifts of that month, not an error", async () => {
    const giftId = await monthlyGift("M500001", { amount: 10_000 });
    await importStatement(
      statement("dec", [
        ["2026/12/05 09:00", "M500001", 10_000],
        ["2026/12/20 14:00", "M500001 нэмэлт", 10_000],
      ]),
      "auto",
      admin,
    );
    const before = await poolTotal();
    const view = await reconciliationView();
    expect(view.exact.filter((m) => m.candidates[0]!.id === giftId)).toHaveLength(2);
    const summary = await confirmExact();
    expect(summary.failed).toEqual([]);
    expect(summary.confirmed).toHaveLength(2);
    const gifts = await giftsOf(giftId);
    expect(gifts.map((g) => [g.status, g.gift_month])).toEqual([
      ["verified", "2026-12"],
      ["verified", "2026-12"],
    ]);
    expect(await poolTotal()).toBe(before + 20_000);
    expect(await monthsOf(giftId)).toEqual([{ month: "2026-12", state: "paid" }]);
  });

  it("a different amount is proposed for a person, and confirmed by hand credits what arrived", async () => {
    const giftId = await monthlyGift("M500002", { amount: 30_000 });
    await importStatement(statement("amt", [["2027/01/06", "M500002", 35_000]]), "auto", admin);
    const view = await reconciliationView();
    const line = view.partial.find(
      (m) => m.candidates[0]?.id === giftId && m.candidates[0].kind === "monthly",
    );
    expect(line).toMatchObject({ reason: "amount" });
    const before = await poolTotal();
    const done = await confirmLine(line!.line.id, { kind: "monthly", id: giftId }, admin);
    expect(done.target.kind).toBe("pool");
    expect((await giftsOf(giftId)).map((g) => [g.amount, g.gift_month])).toEqual([
      [35_000, "2027-01"],
    ]);
    expect(await poolTotal()).toBe(before + 35_000);
    // The line is used: a second confirmation is refused and adds nothing.
    await expect(
      confirmLine(line!.line.id, { kind: "monthly", id: giftId }, admin),
    ).rejects.toMatchObject({ status: 409 });
    expect(await giftsOf(giftId)).toHaveLength(1);
  });
});

describe("a monthly gift's status", () => {
  it("a paused gift's transfer is recorded, and its month (marked paused) becomes paid", async () => {
    const giftId = await monthlyGift("M500003", { status: "paused", paused_until: "2027-04" });
    await db
      .insert(monthlyGiftMonths)
      .values({ gift_id: giftId, month: "2027-02", state: "paused" });
    await importStatement(statement("paused", [["2027/02/05", "M500003", 20_000]]), "auto", admin);
    const view = await reconciliationView();
    expect(view.exact.map((m) => m.candidates[0])).toContainEqual(
      expect.objectContaining({ id: giftId, monthly_status: "paused" }),
    );
    await confirmExact();
    expect((await giftsOf(giftId)).map((g) => g.status)).toEqual(["verified"]);
    expect(await monthsOf(giftId)).toEqual([{ month: "2027-02", state: "paid" }]);
  });

  it("a stopped gift's transfer waits for a person; recorded by hand, it is a monthly gift of that campaign", async () => {
    const giftId = await monthlyGift("M500004", {
      status: "stopped",
      stop_reason: "donor",
      stopped_at: "2027-01-10T00:00:00.000Z",
    });
    await importStatement(statement("stopped", [["2027/02/05", "M500004", 20_000]]), "auto", admin);
    const view = await reconciliationView();
    expect(view.exact.some((m) => m.candidates[0]?.id === giftId)).toBe(false);
    const line = view.partial.find((m) => m.candidates[0]?.code === "M500004");
    expect(line).toMatchObject({
      reason: "stopped",
      candidates: [expect.objectContaining({ kind: "monthly", monthly_status: "stopped" })],
    });
    // A stopped gift is not offered for other lines chosen by hand.
    expect(view.targets.some((t) => t.kind === "monthly" && t.id === giftId)).toBe(false);
    await confirmLine(line!.line.id, { kind: "monthly", id: giftId }, admin);
    const gifts = await giftsOf(giftId);
    expect(gifts.map((g) => [g.status, g.gift_month, g.pool_id])).toEqual([
      ["verified", "2027-02", poolId],
    ]);
    // Still stopped: recording its money does not start it again.
    const gift = await db.query.monthlyGifts.findFirst({ where: eq(monthlyGifts.id, giftId) });
    expect(gift!.status).toBe("stopped");
  });

  it("a monthly gift to the site becomes a verified site donation; a donor without a phone gets no SMS", async () => {
    const giftId = await monthlyGift("M500005", { pool_id: null, phone_number: null });
    await importStatement(statement("site", [["2027/03/05", "M500005", 20_000]]), "auto", admin);
    const summary = await confirmExact();
    expect(summary.confirmed).toEqual([
      expect.objectContaining({ kind: "general", monthly_gift_id: giftId }),
    ]);
    const rows = await db.select().from(donations).where(eq(donations.monthly_gift_id, giftId));
    expect(rows.map((r) => [r.status, r.gift_month, r.amount])).toEqual([
      ["verified", "2027-03", 20_000],
    ]);
    const told = await db
      .select({ channel: outbox.channel })
      .from(outbox)
      .where(
        sql`${outbox.kind} LIKE '%.verified' AND json_extract(${outbox.params}, '$.id') = ${rows[0]!.id} AND ${outbox.kind} LIKE 'donation.%'`,
      );
    expect(told.map((m) => m.channel)).toEqual(["email"]);
    expect(await monthsOf(giftId)).toEqual([{ month: "2027-03", state: "paid" }]);
  });

  it("an unknown M code matches nothing, and nothing is left pending by a refused confirmation", async () => {
    await importStatement(statement("unknown", [["2027/03/06", "M999999", 20_000]]), "auto", admin);
    const view = await reconciliationView();
    const line = view.unmatched.find((m) => m.line.description.includes("M999999"));
    expect(line).toBeDefined();
    await expect(
      confirmLine(line!.line.id, { kind: "monthly", id: 99_999 }, admin),
    ).rejects.toMatchObject({
      status: 404,
    });
    const left = await db
      .select({ id: poolDonations.id })
      .from(poolDonations)
      .where(and(isNotNull(poolDonations.monthly_gift_id), eq(poolDonations.status, "pending")));
    expect(left).toEqual([]);
  });
});

describe("the donor's name on the ledger", () => {
  let ip = 0;
  /** Through the service, as the form and /api make it, each from its own address. */
  async function giftChoosing(name: string, shown: boolean) {
    const request = getRequest("/api/monthly");
    request.headers.set("x-forwarded-for", `10.9.0.${++ip}`);
    return createMonthlyGift(
      poolId,
      {
        donor_name: name,
        email: "names@example.mn",
        amount: 20_000,
        day_of_month: 5,
        method: "standing_order",
        remind_by_email: true,
        display_in_leaderboard: shown,
      },
      request,
    );
  }

  /** The ledger's line for each of a gift's months, as the public reads it. */
  async function ledgerNames(giftId: number) {
    const months = new Map((await giftsOf(giftId)).map((g) => [g.id, g.gift_month]));
    return (await allLedgerLines(poolId))
      .filter((l) => l.kind === "gift" && months.has(l.id))
      .map((l) => [months.get(l.id), l.donor_name])
      .sort();
  }

  it("a named gift's months carry the name, an unnamed one's are anonymous; a change through the link applies from the next month", async () => {
    const named = await giftChoosing("Оюунаа", true);
    const unnamed = await giftChoosing("Ганбат", false);
    expect([named.display_in_leaderboard, unnamed.display_in_leaderboard]).toEqual([true, false]);
    await importStatement(
      statement("names-apr", [
        ["2027/04/05 09:00", named.payment_code, 20_000],
        ["2027/04/05 09:05", unnamed.payment_code, 20_000],
      ]),
      "auto",
      admin,
    );
    expect((await confirmExact()).failed).toEqual([]);
    expect(await ledgerNames(named.id)).toEqual([["2027-04", "Оюунаа"]]);
    expect(await ledgerNames(unnamed.id)).toEqual([["2027-04", null]]);

    // Each donor changes their mind from their link: the next month follows, April stays.
    await changeMonthlyGift(named.token, { intent: "change", display_in_leaderboard: false });
    await changeMonthlyGift(unnamed.token, { intent: "change", display_in_leaderboard: true });
    await importStatement(
      statement("names-may", [
        ["2027/05/05 09:00", named.payment_code, 20_000],
        ["2027/05/05 09:05", unnamed.payment_code, 20_000],
      ]),
      "auto",
      admin,
    );
    expect((await confirmExact()).failed).toEqual([]);
    expect(await ledgerNames(named.id)).toEqual([
      ["2027-04", "Оюунаа"],
      ["2027-05", null],
    ]);
    expect(await ledgerNames(unnamed.id)).toEqual([
      ["2027-04", null],
      ["2027-05", "Ганбат"],
    ]);
  });
});
