import { eq, sql } from "drizzle-orm";
import { beforeAll, describe, expect, it, vi } from "vitest";
import { db, dbClient } from "#db/client";
import { donationPools, poolDonations } from "#db/schema";
import { createPledge } from "~/models/donation-create.server";
import { decidePoolDonation } from "~/models/donation-decide.server";
import { forgetGivingTotals, givingTotals } from "~/models/giving-totals.server";
import { poolSeries } from "~/models/pool-series.server";
import { createUser, type User } from "~/models/users.server";
import { DONATION_TOTALS_WRONG, POOL_DAYS_WRONG } from "../invariant-queries";
import { getRequest } from "./helpers";

/**
 * Issue 45: the giving totals come from per-status counts and sums that triggers keep on
 * pool_donations (migration 0030), not from a sum over every gift; a campaign's chart from the
 * money per day they keep (migration 0032).
 */

let admin: User;
const pools: number[] = [];
let phone = 0;

async function newPool(name: string) {
  const [pool] = await db
    .insert(donationPools)
    .values({
      name,
      description: "Түлээ нүүрс хүргэх аян.",
      goal_amount: 5_000_000,
      bank_name: "Khan Bank",
      bank_account: "5039184726",
      account_name: "Сан",
    })
    .returning({ id: donationPools.id });
  pools.push(pool!.id);
  return pool!.id;
}

async function pledge(poolId: number, amount: number) {
  phone += 1;
  const made = await createPledge(
    poolId,
    {
      donor_name: "Хандивлагч",
      phone_number: `9911${String(phone).padStart(4, "0")}`,
      amount,
      transaction_reference: `REF-${phone}`,
    },
    getRequest(`/donation-pools/${poolId}/donate`),
  );
  return made.id;
}

/** The kept rows, after checking they are what counting the gifts gives. */
async function kept() {
  expect((await dbClient.execute(DONATION_TOTALS_WRONG)).rows).toEqual([]);
  const rows = await db.all<{ status: string; gifts: number; amount: number }>(
    sql`SELECT status, gifts, amount FROM donation_totals WHERE gifts <> 0 ORDER BY status`,
  );
  return Object.fromEntries(rows.map((r) => [r.status, [r.gifts, r.amount]]));
}

beforeAll(async () => {
  admin = await createUser("totals-admin", "secret-password", "admin");
});

describe("the kept giving totals", () => {
  it("follow pledges, decisions, a changed amount and deletes, and are what the page shows", async () => {
    const a = await newPool("Аян А");
    const b = await newPool("Аян Б");
    const one = await pledge(a, 10_000);
    const two = await pledge(a, 25_000);
    const three = await pledge(b, 40_000);
    expect(await kept()).toEqual({ pending: [3, 75_000] });

    await decidePoolDonation(a, one, "verified", admin);
    await decidePoolDonation(b, three, "verified", admin);
    await decidePoolDonation(a, two, "rejected", admin);
    expect(await kept()).toEqual({ rejected: [1, 25_000], verified: [2, 50_000] });

    // A write that does not touch status or amount leaves them; one that changes the amount moves it.
    await db.update(poolDonations).set({ is_hidden: true }).where(eq(poolDonations.id, one));
    await db.update(poolDonations).set({ amount: 15_000 }).where(eq(poolDonations.id, one));
    expect(await kept()).toEqual({ rejected: [1, 25_000], verified: [2, 55_000] });

    forgetGivingTotals();
    expect(await givingTotals()).toEqual({
      raised: 55_000,
      gifts: 2,
      pending: 0,
      confirmed_share: 100,
    });

    // A campaign deleted takes its gifts with it (the foreign key's cascade fires the trigger).
    await db.delete(donationPools).where(eq(donationPools.id, b));
    await db.delete(poolDonations).where(eq(poolDonations.id, two));
    expect(await kept()).toEqual({ verified: [1, 15_000] });
    await pledge(a, 5_000);
    expect(await kept()).toEqual({ pending: [1, 5_000], verified: [1, 15_000] });
  });

  it("are read from the kept rows, never from the gifts", async () => {
    const spy = vi.spyOn(dbClient, "execute");
    forgetGivingTotals();
    await givingTotals();
    const statements = spy.mock.calls.map(([stmt]) =>
      typeof stmt === "string" ? stmt : (stmt as { sql: string }).sql,
    );
    spy.mockRestore();
    expect(statements).toHaveLength(1);
    const plan = await dbClient.execute(`EXPLAIN QUERY PLAN ${statements[0]}`);
    const steps = plan.rows.map((r) => String(r.detail)).join("\n");
    expect(steps).toMatch(/donation_totals/);
    expect(steps).not.toMatch(/pool_donations/);
  });
});

describe("the kept money per campaign and day", () => {
  /** The kept non-zero days of a pool, after checking every pool's against the gifts. */
  async function days(poolId: number) {
    expect((await dbClient.execute(POOL_DAYS_WRONG)).rows).toEqual([]);
    const rows = await db.all<{ day: string; verified: number; pending: number }>(sql`
      SELECT day, verified, pending FROM pool_days
       WHERE pool_id = ${poolId} AND (verified <> 0 OR pending <> 0) ORDER BY day`);
    return rows.map((r) => `${r.day} ${r.verified}/${r.pending}`);
  }
  const setDates = (id: number, donation_date: string, decided_at?: string) =>
    db
      .update(poolDonations)
      .set({ donation_date, ...(decided_at ? { decided_at } : {}) })
      .where(eq(poolDonations.id, id));

  it("follow pledges, decisions, changed dates and amounts, deletes; the chart reads them", async () => {
    const pool = await newPool("Аян В");
    const one = await pledge(pool, 10_000);
    const two = await pledge(pool, 20_000);
    // Pledged late in the UTC evening of the 1st: the 2nd in Ulaanbaatar.
    await setDates(one, "2026-03-01T17:00:00.000Z");
    await setDates(two, "2026-03-01T02:00:00.000Z");
    expect(await days(pool)).toEqual(["2026-03-01 0/20000", "2026-03-02 0/10000"]);

    await decidePoolDonation(pool, one, "verified", admin);
    await setDates(one, "2026-03-01T17:00:00.000Z", "2026-03-04T03:00:00.000Z");
    await decidePoolDonation(pool, two, "rejected", admin);
    expect(await days(pool)).toEqual(["2026-03-04 10000/0"]);

    const three = await pledge(pool, 5_000);
    await setDates(three, "2026-03-04T05:00:00.000Z");
    await db.update(poolDonations).set({ amount: 7_000 }).where(eq(poolDonations.id, three));
    expect(await days(pool)).toEqual(["2026-03-04 10000/7000"]);
    const series = await poolSeries(pool, new Date("2026-03-06T00:00:00.000Z"));
    expect(series!.days.find((d) => d.day === "2026-03-04")).toEqual({
      day: "2026-03-04",
      verified: 10_000,
      with_pending: 17_000,
    });

    await db.delete(poolDonations).where(eq(poolDonations.id, one));
    expect(await days(pool)).toEqual(["2026-03-04 0/7000"]);
    await db.delete(donationPools).where(eq(donationPools.id, pool));
    expect(await db.all(sql`SELECT * FROM pool_days WHERE pool_id = ${pool}`)).toEqual([]);
  });
});
