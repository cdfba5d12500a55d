import { eq, sql } from "drizzle-orm";
import { beforeAll, describe, expect, it, vi } from "vitest";
import { db, dbClient } from "#db/client";
import { donationPools, poolDonations } from "#db/schema";
import { createPledge } from "~/models/donation-create.server";
import { decidePoolDonation } from "~/models/donation-decide.server";
import { forgetGivingTotals, givingTotals } from "~/models/giving-totals.server";
import { createUser, type User } from "~/models/users.server";
import { DONATION_TOTALS_WRONG } from "../invariant-queries";
import { getRequest } from "./helpers";

/**
 * Issue 45: the giving totals come from per-status counts and sums that triggers keep on
 * pool_donations (migration 0030), not from a sum over every gift.
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
