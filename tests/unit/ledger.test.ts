import { readFileSync } from "node:fs";
import path from "node:path";
import { eq, sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { db } from "#db/client";
import { donationPools, poolDonations, poolUpdates } from "#db/schema";
import { createPledge } from "~/models/donation-create.server";
import { decidePoolDonation } from "~/models/donation-decide.server";
import { forgetGivingTotals, givingTotals } from "~/models/giving-totals.server";
import { allLedgerLines, poolLedger } from "~/models/ledger.server";
import { confirmLine, reconciliationView } from "~/models/reconcile-match.server";
import { importStatement } from "~/models/statement-import.server";
import { createUser, type User } from "~/models/users.server";
import { loader as ledgerApi } from "~/routes/api.donation-pools.$id.ledger";
import { loader as totalsApi } from "~/routes/api.donation-pools.totals";
import { loader as ledgerPage } from "~/routes/donation-pools.$id.ledger";
import { loader as ledgerCsv } from "~/routes/donation-pools.$id.ledger[.]csv";
import { getRequest, routeArgs } from "./helpers";

let admin: User;
let poolId: number;
const ids: Record<string, number> = {};

async function pledge(
  key: string,
  amount: number,
  extra: Partial<{
    payment_code: string;
    display_in_leaderboard: boolean;
    donor_name: string;
  }> = {},
) {
  const made = await createPledge(
    poolId,
    {
      donor_name: extra.donor_name ?? `Хандивлагч ${key}`,
      phone_number: `9900${String(Object.keys(ids).length).padStart(4, "0")}`,
      amount,
      transaction_reference: `REF-${key}`,
      ...(extra.payment_code ? { payment_code: extra.payment_code } : {}),
      ...(extra.display_in_leaderboard === false ? { display_in_leaderboard: "false" } : {}),
    },
    getRequest(`/donation-pools/${poolId}/donate`),
  );
  ids[key] = made.id;
  return made.id;
}

async function poolTotal() {
  const [row] = await db
    .select({ total: donationPools.current_amount })
    .from(donationPools)
    .where(eq(donationPools.id, poolId));
  return row!.total;
}

beforeAll(async () => {
  admin = await createUser("ledger-admin", "secret-password", "admin");
  const [pool] = await db
    .insert(donationPools)
    .values({
      name: "Өвөлжөөний түлээ",
      description: "Малчдын өвөлжөөнд түлээ хүргэх аян.",
      goal_amount: 5_000_000,
      bank_name: "Khan Bank",
      bank_account: "5039184726",
      account_name: "Сан",
    })
    .returning({ id: donationPools.id });
  poolId = pool!.id;

  // A mixed run: pledges verified by hand, turned down, left waiting, a hidden gift, an
  // anonymous one, and one paid by a transfer found on the bank statement.
  await pledge("shown", 100_000);
  await pledge("anonymous", 20_000, { display_in_leaderboard: false });
  await pledge("hidden", 5_000);
  await pledge("rejected", 70_000);
  await pledge("waiting", 45_000);
  await pledge("waiting2", 5_000);
  await pledge("statement", 30_000, { payment_code: "X240117", donor_name: "Сарангэрэл" });
  for (const key of ["shown", "anonymous", "hidden"]) {
    await decidePoolDonation(poolId, ids[key]!, "verified", admin);
  }
  await decidePoolDonation(poolId, ids.rejected!, "rejected", admin);
  await db.update(poolDonations).set({ is_hidden: true }).where(eq(poolDonations.id, ids.hidden!));

  const statement = readFileSync(path.resolve("docs/bank-statements/khan-bank.xlsx"));
  await importStatement(
    { name: "khan-bank.xlsx", bytes: new Uint8Array(statement) },
    "auto",
    admin,
  );
  const view = await reconciliationView();
  const match = view.exact.find((m) => m.candidates[0]?.id === ids.statement);
  expect(match, "the sample statement pays the X240117 pledge").toBeTruthy();
  await confirmLine(match!.line.id, { kind: "pool", id: ids.statement! }, admin);

  // Two expenses reported by updates (the updates screen writes these rows).
  await db.insert(poolUpdates).values([
    {
      pool_id: poolId,
      body_mn: "Эхний ачаа түлээ хүргэгдлээ.",
      spent_amount: 60_000,
      spent_on_mn: "Түлээ, 2 тэрэг",
      spent_on_en: "Firewood, two cartloads",
      created_at: "2026-11-21T04:00:00.000Z",
    },
    { pool_id: poolId, body_mn: "Баярлалаа, бүгдэд нь.", created_at: "2026-11-22T04:00:00.000Z" },
  ]);
});

describe("a campaign's ledger", () => {
  it("totals: the verified sum is the pool's total, pending and turned-down apart, spending summed", async () => {
    const ledger = (await poolLedger(poolId, 1))!;
    expect(ledger.totals).toEqual({
      verified_amount: 155_000,
      verified_count: 4,
      pending_amount: 50_000,
      pending_count: 2,
      rejected_count: 1,
      spent_amount: 60_000,
      spent_count: 1,
      pool_total: 155_000,
    });
    expect(await poolTotal()).toBe(155_000);
    const gifts = (await allLedgerLines(poolId)).filter((l) => l.kind === "gift");
    expect(gifts.reduce((sum, l) => sum + l.amount, 0)).toBe(await poolTotal());
  });

  it("names only donors who chose to be shown and were not hidden; says how each gift was confirmed", async () => {
    const lines = await allLedgerLines(poolId);
    const gift = (key: string) => lines.find((l) => l.kind === "gift" && l.id === ids[key]);
    expect(gift("shown")).toMatchObject({ donor_name: "Хандивлагч shown", statement_date: null });
    expect(gift("shown")!.confirmed_at).toBeTruthy();
    expect(gift("anonymous")!.donor_name).toBeNull();
    expect(gift("hidden")!.donor_name).toBeNull();
    expect(gift("statement")).toMatchObject({ donor_name: "Сарангэрэл", amount: 30_000 });
    expect(gift("statement")!.statement_date).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect(gift("rejected")).toBeUndefined();
    expect(gift("waiting")).toBeUndefined();
    const spending = lines.filter((l) => l.kind === "spending");
    expect(spending).toHaveLength(1);
    expect(spending[0]).toMatchObject({ amount: 60_000, spent_on_mn: "Түлээ, 2 тэрэг" });
    // Newest first.
    const dates = lines.map((l) => l.date);
    expect(dates).toEqual([...dates].sort().reverse());
    // Nothing private is ever read.
    expect(JSON.stringify(lines)).not.toMatch(/9900|REF-|X240117/);
  });

  it("pages: 25 lines a page, a page past the end shows the last", async () => {
    for (let i = 0; i < 30; i++) {
      const id = await pledge(`bulk${i}`, 1_000);
      await decidePoolDonation(poolId, id, "verified", admin);
    }
    const first = (await poolLedger(poolId, 1))!;
    expect(first.lines).toHaveLength(25);
    expect(first.total).toBe(35);
    expect(first.pageCount).toBe(2);
    const last = (await poolLedger(poolId, 9))!;
    expect(last.page).toBe(2);
    expect(last.lines).toHaveLength(10);
    expect(last.totals.verified_amount).toBe(await poolTotal());
    expect(await poolLedger(987_654, 1)).toBeNull();
  });
});

describe("the ledger's page, file and /api", () => {
  it("the page loads the totals and says the total is the sum; unknown pools are 404", async () => {
    const data = (await ledgerPage(
      routeArgs(getRequest(`/donation-pools/${poolId}/ledger`), {
        id: String(poolId),
      }),
    )) as Awaited<ReturnType<typeof ledgerPage>>;
    expect(data.ledger.totals.pool_total).toBe(data.ledger.totals.verified_amount);
    await expect(
      ledgerPage(routeArgs(getRequest("/donation-pools/abc/ledger"), { id: "abc" })),
    ).rejects.toMatchObject({ status: 404 });
  });

  it("the CSV opens in a spreadsheet: UTF-8 with a byte-order mark, Cyrillic intact, no private data", async () => {
    const response = (await ledgerCsv(
      routeArgs(getRequest(`/donation-pools/${poolId}/ledger.csv`), { id: String(poolId) }),
    )) as Response;
    expect(response.headers.get("Content-Type")).toBe("text/csv; charset=utf-8");
    expect(response.headers.get("Content-Disposition")).toContain("attachment");
    const bytes = new Uint8Array(await response.arrayBuffer());
    expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const text = new TextDecoder("utf-8", { fatal: true }).decode(bytes.slice(3));
    const rows = text.trimEnd().split("\r\n");
    expect(rows[0]).toBe(
      "Огноо,Төрөл,Хандивлагч эсвэл зориулалт,Баталгаажуулалт,Хандив (₮),Зарцуулсан (₮),Сар бүрийн хандив (сар)",
    );
    expect(rows).toHaveLength(1 + 35);
    expect(text).toContain('Сарангэрэл,"Банкны хуулгатай тулгасан, хуулгын огноо: 2026-11-');
    expect(text).toContain('Зарцуулалт,"Түлээ, 2 тэрэг",,,60000,');
    expect(text).toContain("Нэрээ нууцалсан хандивлагч");
    expect(text).not.toMatch(/9900|REF-|X240117/);
    const inSum = rows.slice(1).reduce((sum, row) => sum + Number(row.split(",").at(-3) || 0), 0);
    expect(inSum).toBe(await poolTotal());

    const english = (await ledgerCsv(
      routeArgs(getRequest(`/donation-pools/${poolId}/ledger.csv?lng=en`), { id: String(poolId) }),
    )) as Response;
    const en = await english.text();
    expect(en).toContain(
      "Date,Kind,Donor or purpose,Confirmation,Gifts (₮),Spent (₮),Monthly gift (month)",
    );
    expect(en).toContain('"Firewood, two cartloads"');
  });

  it("/api/donation-pools/{id}/ledger: the totals and a page of lines, with paging headers", async () => {
    const response = (await ledgerApi(
      routeArgs(getRequest(`/api/donation-pools/${poolId}/ledger?pageSize=5`), {
        id: String(poolId),
      }),
    )) as Response;
    expect(response.status).toBe(200);
    expect(response.headers.get("X-Total-Count")).toBe("35");
    const body = await response.json();
    expect(body.pool).toEqual({ id: poolId, name: "Өвөлжөөний түлээ" });
    expect(body.totals.verified_amount).toBe(body.totals.pool_total);
    expect(body.lines).toHaveLength(5);
    const past = (await ledgerApi(
      routeArgs(getRequest(`/api/donation-pools/${poolId}/ledger?page=99`), { id: String(poolId) }),
    )) as Response;
    expect((await past.json()).lines).toEqual([]);
    const missing = (await ledgerApi(
      routeArgs(getRequest("/api/donation-pools/424242/ledger"), { id: "424242" }),
    )) as Response;
    expect(missing.status).toBe(404);
  });
});

describe("the site's giving totals", () => {
  it("raised is every verified gift; the share is verified over verified + waiting, rounded down", async () => {
    forgetGivingTotals();
    const totals = await givingTotals();
    const [row] = await db.all<{ raised: number }>(
      sql`SELECT sum(current_amount) AS raised FROM donation_pools`,
    );
    expect(totals.raised).toBe(Number(row!.raised));
    expect(totals.raised).toBe(185_000);
    expect(totals.gifts).toBe(34);
    expect(totals.pending).toBe(50_000);
    expect(totals.confirmed_share).toBe(Math.floor((185_000 / 235_000) * 100));

    // Kept for a while: a new verification shows after the time-to-live, not on every page.
    await decidePoolDonation(poolId, ids.waiting2!, "verified", admin);
    expect((await givingTotals()).raised).toBe(185_000);
    expect((await givingTotals(Date.now() + 31_000)).raised).toBe(190_000);

    const response = (await totalsApi(
      routeArgs(getRequest("/api/donation-pools/totals")),
    )) as Response;
    expect(await response.json()).toMatchObject({ raised: 190_000, gifts: 35 });
  });
});
