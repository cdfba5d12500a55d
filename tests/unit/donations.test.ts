import { execFile } from "node:child_process";
import { promisify } from "node:util";
import { and, eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { db } from "#db/client";
import { auditLog, donationPools, donations, poolDonations } from "#db/schema";
import { HttpError } from "~/http/http.server";
import { createGeneralDonation, createPledge } from "~/models/donation-create.server";
import { decideGeneralDonation, decidePoolDonation } from "~/models/donation-decide.server";
import { getDonationByToken, topDonors } from "~/models/donation-lists.server";
import { getPoolDetail, recentDonations } from "~/models/pools.server";
import { createUser, type User } from "~/models/users.server";
import { GeneralDonationSchema, PledgeSchema } from "~/schemas/donation";
import { getRequest } from "./helpers";

const run = promisify(execFile);
const req = () => getRequest("/donation-pools/1/donate");
const pledge = {
  donor_name: "Сараа",
  phone_number: "9911 2233",
  amount: 5000,
  transaction_reference: "TX-77",
  message: "Амжилт",
};
let admin: User;
let poolId: number;
let closedPoolId: number;

async function poolTotal(id = poolId) {
  const [row] = await db
    .select({ current: donationPools.current_amount })
    .from(donationPools)
    .where(eq(donationPools.id, id));
  return row!.current;
}

beforeAll(async () => {
  admin = await createUser("treasurer", "secret-pass", "admin");
  const [open, closed] = await db
    .insert(donationPools)
    .values([
      {
        name: "Open",
        description: "d",
        goal_amount: 100_000,
        bank_name: "TDB",
        bank_account: "1",
        account_name: "a",
      },
      {
        name: "Closed",
        description: "d",
        goal_amount: 100_000,
        bank_name: "TDB",
        bank_account: "1",
        account_name: "a",
        status: "completed",
      },
    ])
    .returning({ id: donationPools.id });
  poolId = open!.id;
  closedPoolId = closed!.id;
});

const errorsOf = (schema: typeof PledgeSchema | typeof GeneralDonationSchema, value: unknown) => {
  const r = schema.safeParse(value);
  return r.success ? {} : (r.error.flatten().fieldErrors as Record<string, string[]>);
};

describe("pledge rules (spec 02 §5)", () => {
  it("refuses 50 ₮, steps other than 100, a 3-digit phone, a short name and a missing reference", () => {
    expect(errorsOf(PledgeSchema, { ...pledge, amount: 50 }).amount).toEqual([
      "donate:validation.amountMin",
    ]);
    expect(errorsOf(PledgeSchema, { ...pledge, amount: 150 }).amount).toEqual([
      "donate:validation.amountStep",
    ]);
    expect(errorsOf(PledgeSchema, { ...pledge, amount: "abc" }).amount).toEqual([
      "donate:validation.amountMin",
    ]);
    expect(errorsOf(PledgeSchema, { ...pledge, phone_number: "991" }).phone_number).toEqual([
      "donate:validation.phoneMin",
    ]);
    expect(errorsOf(PledgeSchema, { ...pledge, phone_number: "99ab1122" }).phone_number).toEqual([
      "donate:validation.phoneFormat",
    ]);
    expect(errorsOf(PledgeSchema, { ...pledge, donor_name: "Б" }).donor_name).toEqual([
      "donate:validation.nameMin",
    ]);
    expect(
      errorsOf(PledgeSchema, { ...pledge, transaction_reference: "" }).transaction_reference,
    ).toEqual(["donate:validation.referenceMin"]);
    expect(
      errorsOf(PledgeSchema, { ...pledge, transaction_reference: undefined }).transaction_reference,
    ).toEqual(["donate:validation.referenceMin"]);
  });

  it("accepts the minimum 100 ₮, an optional message, and defaults to showing on the leaderboard", () => {
    const r = PledgeSchema.parse({ ...pledge, amount: "100", message: "" });
    expect(r).toMatchObject({
      amount: 100,
      phone_number: "99112233",
      display_in_leaderboard: true,
    });
    expect(r.message).toBeUndefined();
    expect(
      PledgeSchema.parse({ ...pledge, display_in_leaderboard: false }).display_in_leaderboard,
    ).toBe(false);
  });

  it("general donations need 1,000 ₮ and a bank", () => {
    expect(
      errorsOf(GeneralDonationSchema, { ...pledge, amount: 900, bank_name: "TDB" }).amount,
    ).toEqual(["donate:validation.generalAmountMin"]);
    expect(errorsOf(GeneralDonationSchema, { ...pledge, bank_name: "" }).bank_name).toEqual([
      "donate:validation.bankRequired",
    ]);
  });
});

describe("pledges", () => {
  it("stores a pending pledge with an unguessable status token", async () => {
    const receipt = await createPledge(poolId, pledge, req());
    expect(receipt).toMatchObject({ pool_id: poolId, amount: 5000, status: "pending" });
    expect(receipt.status_token).toMatch(/^[A-Za-z0-9_-]{24}$/);
    expect(await getDonationByToken(receipt.status_token)).toMatchObject({
      kind: "pool",
      pool_name: "Open",
      status: "pending",
    });
    expect(await getDonationByToken("x".repeat(24))).toBeNull();
  });

  it("refuses closed and unknown pools, invalid input and bots, storing nothing", async () => {
    const before = (await db.select().from(poolDonations)).length;
    await expect(createPledge(closedPoolId, pledge, req())).rejects.toMatchObject({ status: 409 });
    await expect(createPledge(999_999, pledge, req())).rejects.toMatchObject({ status: 404 });
    await expect(createPledge(poolId, { ...pledge, amount: 50 }, req())).rejects.toMatchObject({
      status: 400,
    });
    await expect(
      createPledge(poolId, { ...pledge, website: "http://spam" }, req()),
    ).rejects.toMatchObject({ status: 400 });
    expect((await db.select().from(poolDonations)).length).toBe(before);
  });
});

describe("the money rule (DESIGN §4): verify credits exactly once", () => {
  it("verifying adds the amount once; a second verify is refused", async () => {
    const { id } = await createPledge(poolId, { ...pledge, amount: 1200 }, req());
    const before = await poolTotal();
    await decidePoolDonation(poolId, id, "verified", admin);
    expect(await poolTotal()).toBe(before + 1200);
    await expect(decidePoolDonation(poolId, id, "verified", admin)).rejects.toMatchObject({
      status: 409,
    });
    await expect(decidePoolDonation(poolId, id, "rejected", admin)).rejects.toMatchObject({
      status: 409,
    });
    expect(await poolTotal()).toBe(before + 1200);
  });

  it("rejecting adds nothing", async () => {
    const { id, status_token } = await createPledge(poolId, { ...pledge, amount: 700 }, req());
    const before = await poolTotal();
    await decidePoolDonation(poolId, id, "rejected", admin);
    expect(await poolTotal()).toBe(before);
    expect((await getDonationByToken(status_token))?.status).toBe("rejected");
  });

  it("a pledge can only be decided through its own pool", async () => {
    const { id } = await createPledge(poolId, pledge, req());
    await expect(decidePoolDonation(closedPoolId, id, "verified", admin)).rejects.toMatchObject({
      status: 404,
    });
  });

  it("eight simultaneous verifications credit once, audit once, and seven get 409", async () => {
    const { id } = await createPledge(poolId, { ...pledge, amount: 3300 }, req());
    const before = await poolTotal();
    const results = await Promise.allSettled(
      Array.from({ length: 8 }, () => decidePoolDonation(poolId, id, "verified", admin)),
    );
    expect(results.filter((r) => r.status === "fulfilled")).toHaveLength(1);
    for (const r of results.filter((r) => r.status === "rejected")) {
      expect((r as PromiseRejectedResult).reason).toBeInstanceOf(HttpError);
      expect(((r as PromiseRejectedResult).reason as HttpError).status).toBe(409);
    }
    expect(await poolTotal()).toBe(before + 3300);
    const audits = await db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entity_type, "pool_donation"), eq(auditLog.entity_id, String(id))));
    expect(audits).toHaveLength(1);
  });

  it("two server processes verifying at once credit once", async () => {
    const { id } = await createPledge(poolId, { ...pledge, amount: 4400 }, req());
    const before = await poolTotal();
    const child = () =>
      run(
        "node_modules/.bin/tsx",
        ["tests/unit/fixtures/verify-race.ts", String(poolId), String(id), admin.id],
        { env: process.env },
      );
    const outputs = (await Promise.all([child(), child(), child()]))
      .map((r) => r.stdout.trim())
      .sort();
    expect(outputs).toEqual(["409", "409", "ok"]);
    expect(await poolTotal()).toBe(before + 4400);
  }, 60_000);

  it("the pool total always equals the sum of its verified pledges", async () => {
    const verified = await db
      .select()
      .from(poolDonations)
      .where(and(eq(poolDonations.pool_id, poolId), eq(poolDonations.status, "verified")));
    expect(await poolTotal()).toBe(verified.reduce((s, d) => s + d.amount, 0));
    const detail = await getPoolDetail(poolId);
    expect(detail?.pledged_amount).toBeGreaterThan(0);
    expect((await recentDonations(poolId)).every((d) => d.amount > 0)).toBe(true);
  });
});

describe("general donations and the leaderboard", () => {
  it("a general donation is pending, then verified, and counts for its donor", async () => {
    const receipt = await createGeneralDonation(
      {
        ...pledge,
        phone_number: "88001122",
        donor_name: "Ган",
        amount: 50_000,
        bank_name: "Golomt Bank",
      },
      req(),
    );
    expect((await getDonationByToken(receipt.status_token))?.kind).toBe("general");
    await decideGeneralDonation(receipt.id, "verified", admin);
    await expect(decideGeneralDonation(receipt.id, "verified", admin)).rejects.toMatchObject({
      status: 409,
    });
    const [row] = await db.select().from(donations).where(eq(donations.id, receipt.id));
    expect(row?.status).toBe("verified");
    expect((await topDonors(5))[0]).toMatchObject({ donor_name: "Ган", total: 50_000 });
  });

  it("sums per phone number, and leaves out hidden and opted-out gifts", async () => {
    const a = await createPledge(
      poolId,
      { ...pledge, phone_number: "95550000", donor_name: "Дорж", amount: 30_000 },
      req(),
    );
    const b = await createPledge(
      poolId,
      { ...pledge, phone_number: "95550000", donor_name: "Дорж Б.", amount: 30_000 },
      req(),
    );
    const shy = await createPledge(
      poolId,
      {
        ...pledge,
        phone_number: "95551111",
        donor_name: "Shy",
        amount: 90_000,
        display_in_leaderboard: false,
      },
      req(),
    );
    for (const p of [a, b, shy]) await decidePoolDonation(poolId, p.id, "verified", admin);
    const board = await topDonors(10);
    expect(board.find((d) => d.donor_name === "Дорж Б.")).toMatchObject({
      total: 60_000,
      gifts: 2,
    });
    expect(board.some((d) => d.donor_name === "Shy")).toBe(false);
  });
});
