import { readFileSync } from "node:fs";
import path from "node:path";
import { eq, like, sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { db } from "#db/client";
import { auditLog, donationPools, poolDonations, statementLines, stories } from "#db/schema";
import { createPledge } from "~/models/donation-create.server";
import { decidePoolDonation } from "~/models/donation-decide.server";
import {
  confirmAssignments,
  confirmLine,
  matchLines,
  type OpenLine,
  reconciliationView,
  setLineAside,
  type Target,
} from "~/models/reconcile-match.server";
import {
  importStatement,
  importWithMapping,
  listImports,
  mappingPreview,
} from "~/models/statement-import.server";
import { createUser, type User } from "~/models/users.server";
import { getRequest } from "./helpers";

const sample = (name: string) => ({
  name,
  bytes: new Uint8Array(readFileSync(path.resolve("docs/bank-statements", name))),
});

let admin: User;
let poolId: number;
let storyId: number;
const pledges: Record<string, number> = {};

async function poolTotal() {
  const [row] = await db
    .select({ current: donationPools.current_amount })
    .from(donationPools)
    .where(eq(donationPools.id, poolId));
  return row!.current;
}

async function verifiedSum() {
  const [row] = await db.all<{ total: number }>(
    sql`SELECT coalesce(sum(amount), 0) AS total FROM pool_donations WHERE pool_id = ${poolId} AND status = 'verified'`,
  );
  return Number(row!.total);
}

async function pledge(code: string, amount: number, reference: string, phone: string) {
  const receipt = await createPledge(
    poolId,
    {
      donor_name: "Хандивлагч",
      phone_number: phone,
      amount,
      transaction_reference: reference,
      payment_code: code,
    },
    getRequest("/donation-pools/1/donate"),
  );
  expect(receipt.payment_code).toBe(code);
  pledges[code] = receipt.id;
}

beforeAll(async () => {
  admin = await createUser("reconciler", "secret-password", "admin");
  const [pool] = await db
    .insert(donationPools)
    .values({
      name: "Өвлийн тусламж",
      description: "Тест",
      goal_amount: 5_000_000,
      bank_name: "Khan Bank",
      bank_account: "5039184726",
      account_name: "Сан",
    })
    .returning({ id: donationPools.id });
  poolId = pool!.id;
  // The pending items the sample statements pay (see db/seed/content.ts).
  await pledge("X240117", 30_000, "KB2051133590", "99000001");
  await pledge("X240125", 50_000, "MB6620831", "99000002");
  await pledge("X240133", 30_000, "KB2003318845", "99000003");
  await pledge("X240174", 40_000, "GL78170052", "99000004");
  const [story] = await db
    .insert(stories)
    .values({
      author: "khulan",
      title: "Ээжийн оёдлын машин",
      story: "…",
      pricing_tier: "daily",
      bank_name: "Khan Bank",
      bank_account: "5086613024",
      payment_reference: "482913",
      price: 3000,
      featured_days: 3,
    })
    .returning({ id: stories.id });
  storyId = story!.id;
});

describe("importing a statement", () => {
  it("stores each incoming transfer once; the same file again adds nothing", async () => {
    const first = await importStatement(sample("khan-bank.xlsx"), "auto", admin);
    expect(first).toMatchObject({
      status: "imported",
      preset: "khan",
      linesNew: 7,
      linesDuplicate: 0,
      linesOutgoing: 1,
    });
    const again = await importStatement(sample("khan-bank.xlsx"), "khan", admin);
    expect(again).toMatchObject({ status: "imported", linesNew: 0, linesDuplicate: 7 });
    const [{ n } = { n: -1 }] = await db.all<{ n: number }>(
      sql`SELECT count(*) AS n FROM statement_lines`,
    );
    expect(Number(n)).toBe(7);
    const history = await listImports();
    expect(history.map((h) => h.lines_new)).toEqual([0, 7]);
    expect(history[0]!.uploaded_by).toBe("reconciler");
  });

  it("refuses a preset that does not fit the file, keeping the file for mapping by hand", async () => {
    const outcome = await importStatement(sample("golomt-bank.csv"), "tdb", admin);
    expect(outcome.status).toBe("needs_mapping");
    await expect(
      importStatement(sample("golomt-bank.csv"), "nosuchbank" as "tdb", admin),
    ).rejects.toMatchObject({ status: 400 });
  });

  it("maps an unknown bank's columns by hand; a wrong mapping changes nothing", async () => {
    const outcome = await importStatement(sample("other-bank.csv"), "auto", admin);
    expect(outcome.status).toBe("needs_mapping");
    const preview = await mappingPreview(outcome.importId);
    expect(preview.rows[0]).toEqual(["Он сар өдөр", "Орсон", "Гарсан", "Тайлбар", "Илгээгч"]);
    expect(preview.width).toBe(5);
    await expect(
      importWithMapping(outcome.importId, { headerRow: 0, date: 0, description: 3 }, admin),
    ).rejects.toMatchObject({ status: 400 });
    await expect(
      importWithMapping(
        outcome.importId,
        { headerRow: 0, date: 3, credit: 4, description: 3 },
        admin,
      ),
    ).rejects.toMatchObject({ status: 422 });
    const done = await importWithMapping(
      outcome.importId,
      { headerRow: 0, date: 0, credit: 1, debit: 2, description: 3, counterparty: 4 },
      admin,
    );
    // Same transfers as the Khan file, but the day only (no time): new fingerprints.
    expect(done).toMatchObject({ status: "imported", preset: "manual", linesNew: 7 });
    await expect(
      importWithMapping(
        outcome.importId,
        { headerRow: 0, date: 0, credit: 1, description: 3 },
        admin,
      ),
    ).rejects.toMatchObject({ status: 409 });
    // Keep the screen to the Khan lines for the matching tests below.
    await db.run(
      sql`UPDATE statement_lines SET status = 'dismissed' WHERE import_id = ${outcome.importId}`,
    );
  });
});

describe("matching", () => {
  it("sorts the lines into exact, partial and unmatched, with counts and totals", async () => {
    const view = await reconciliationView();
    const exact = view.exact.map((m) => [
      m.line.description,
      `${m.candidates[0]!.kind}:${m.candidates[0]!.id}`,
    ]);
    expect(exact).toEqual([
      ["X240117 Сарангэрэл хандив", `pool:${pledges.X240117}`],
      ["хандив х-240125 Батзориг", `pool:${pledges.X240125}`],
      ["482913 онцлох түүх", `story:${storyId}`],
      ["Ундрах GL78170052", `pool:${pledges.X240174}`],
    ]);
    expect(view.partial.map((m) => [m.line.description, m.reason])).toEqual([
      ["X240133 Түвшинбаяр", "amount"],
    ]);
    expect(view.unmatched.map((m) => m.line.amount)).toEqual([15_000, 200_000]);
    expect(view.totals).toEqual({
      exact: { count: 4, total: 123_000 },
      partial: { count: 1, total: 25_000 },
      unmatched: { count: 2, total: 215_000 },
      already: { count: 0, total: 0 },
    });
  });

  const line = (
    id: number,
    amount: number,
    description: string,
    booked_on = "2026-11-20",
  ): OpenLine => ({
    id,
    import_id: 1,
    booked_on,
    amount,
    description,
    counterparty: null,
    account: null,
    bank_reference: null,
  });
  const target = (
    id: number,
    amount: number,
    code: string,
    submitted_at = "2026-11-19T10:00:00Z",
  ): Target => ({
    kind: "pool",
    id,
    amount,
    code,
    donor_reference: "abc",
    name: "x",
    label: null,
    pool_id: 1,
    submitted_at,
  });

  it("never proposes one pledge twice: a second transfer quoting it is for a person to decide", () => {
    const matched = matchLines(
      [line(1, 5000, "X111111"), line(2, 5000, "X111111")],
      [target(9, 5000, "X111111")],
    );
    expect(matched.map((m) => [m.group, m.reason])).toEqual([
      ["exact", undefined],
      ["partial", "taken"],
    ]);
  });

  it("offers pledges of the same amount near the date when the reference is missing", () => {
    const matched = matchLines(
      [line(1, 7000, "хандив"), line(2, 7000, "хандив", "2026-12-20")],
      [target(9, 7000, "X222222"), target(10, 7000, "X333333", "2026-11-21T10:00:00Z")],
    );
    expect(matched[0]).toMatchObject({ group: "partial", reason: "noReference" });
    expect(matched[0]!.candidates.map((c) => c.id)).toEqual([9, 10]);
    expect(matched[1]!.group).toBe("unmatched");
  });

  it("does not read a short donor reference into any description", () => {
    const short = { ...target(9, 1000, "X444444"), donor_reference: "123" };
    expect(matchLines([line(1, 1000, "утас 99123456")], [short])[0]!.group).not.toBe("exact");
  });
});

describe("confirming", () => {
  it("verifies the exact matches through the exactly-once calls: totals rise by exactly their amounts", async () => {
    const before = await poolTotal();
    const view = await reconciliationView();
    const picks = view.exact.map(
      (m) => `${m.line.id}:${m.candidates[0]!.kind}:${m.candidates[0]!.id}`,
    );
    const summary = await confirmAssignments(picks, admin);
    expect(summary.failed).toEqual([]);
    expect(summary.confirmed).toHaveLength(4);
    expect(await poolTotal()).toBe(before + 30_000 + 50_000 + 40_000);
    expect(await poolTotal()).toBe(await verifiedSum());
    const story = await db.query.stories.findFirst({ where: eq(stories.id, storyId) });
    expect(story!.payment_status).toBe("verified");

    // Each verification names its statement line in the audit log.
    const rows = await db.select().from(auditLog).where(like(auditLog.details, "%statement_line%"));
    expect(rows.map((r) => r.action).sort()).toEqual([
      "donation.verify",
      "donation.verify",
      "donation.verify",
      "story.verify_payment",
    ]);
    expect(JSON.parse(rows[0]!.details!).statement_line).toMatchObject({
      amount: expect.any(Number),
    });

    // Confirming again changes nothing.
    const again = await confirmAssignments(picks, admin);
    expect(again.confirmed).toEqual([]);
    expect(again.failed).toHaveLength(4);
    expect(await poolTotal()).toBe(before + 120_000);
  });

  it("a line pays for one thing only, and a pledge is credited once whichever path comes first", async () => {
    const view = await reconciliationView();
    const partial = view.partial[0]!;
    const first = view.unmatched[0]!.line;
    const target = partial.candidates[0]!;
    const before = await poolTotal();
    // The same pledge by its button and by a statement line at the same moment.
    const results = await Promise.allSettled([
      confirmLine(first.id, target, admin),
      decidePoolDonation(poolId, target.id, "verified", admin),
      confirmLine(partial.line.id, target, admin),
    ]);
    expect(results.filter((r) => r.status === "fulfilled")).toHaveLength(1);
    // Credited once: the pledge's 30,000 by the button, or what the chosen line brought.
    expect([15_000, 25_000, 30_000]).toContain((await poolTotal()) - before);
    expect(await poolTotal()).toBe(await verifiedSum());
  });

  it("sets a line aside and back, audited; a used line cannot be", async () => {
    const view = await reconciliationView();
    const open = view.unmatched.at(-1)!.line;
    await setLineAside(open.id, admin);
    await expect(setLineAside(open.id, admin)).rejects.toMatchObject({ status: 409 });
    await setLineAside(open.id, admin, true);
    const row = await db.query.statementLines.findFirst({ where: eq(statementLines.id, open.id) });
    expect(row!.status).toBe("open");
    const used = await db.query.statementLines.findFirst({
      where: eq(statementLines.status, "confirmed"),
    });
    await expect(setLineAside(used!.id, admin)).rejects.toMatchObject({ status: 409 });
    await expect(setLineAside(999_999, admin)).rejects.toMatchObject({ status: 404 });
    const actions = await db.select().from(auditLog).where(like(auditLog.action, "statement.%"));
    expect(actions.map((a) => a.action)).toEqual(
      expect.arrayContaining(["statement.import", "statement.dismiss", "statement.reopen"]),
    );
  });

  it("refuses assignments it cannot read", async () => {
    await expect(confirmAssignments(["x", "1:pool"], admin)).rejects.toMatchObject({ status: 400 });
    const pending = await db.query.poolDonations.findFirst({
      where: eq(poolDonations.status, "pending"),
    });
    expect(pending).toBeUndefined();
  });
});

describe("amounts that differ", () => {
  it("credits the money that arrived: a partial match with another amount records it", async () => {
    const receipt = await createPledge(
      poolId,
      {
        donor_name: "Дорж",
        phone_number: "99000009",
        amount: 9_000,
        transaction_reference: "DORJ-1",
      },
      getRequest("/donation-pools/1/donate"),
    );
    const [row] = await db
      .insert(statementLines)
      .values({
        import_id: 1,
        fingerprint: "test-partial-amount",
        booked_on: "2026-11-21",
        amount: 8_000,
        description: receipt.payment_code,
      })
      .returning({ id: statementLines.id });
    const view = await reconciliationView();
    expect(view.partial.find((m) => m.line.id === row!.id)?.reason).toBe("amount");
    const before = await poolTotal();
    await confirmLine(row!.id, { kind: "pool", id: receipt.id }, admin);
    expect(await poolTotal()).toBe(before + 8_000);
    expect(await poolTotal()).toBe(await verifiedSum());
    const pledge = await db.query.poolDonations.findFirst({
      where: eq(poolDonations.id, receipt.id),
    });
    expect(pledge).toMatchObject({ status: "verified", amount: 8_000 });
    const [audit] = await db
      .select()
      .from(auditLog)
      .where(eq(auditLog.entity_id, String(receipt.id)));
    expect(JSON.parse(audit!.details!)).toMatchObject({ amount: 8_000, pledged: 9_000 });
  });
});
