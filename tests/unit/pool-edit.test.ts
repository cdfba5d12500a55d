import { desc, eq } from "drizzle-orm";
import sharp from "sharp";
import { beforeAll, describe, expect, it } from "vitest";
import { db } from "#db/client";
import { auditLog, donationPools } from "#db/schema";
import { HttpError } from "~/http/http.server";
import { daysLeft, poolEnded, todayInUlaanbaatar } from "~/lib/pool-end";
import { createPledge } from "~/models/donation-create.server";
import { createPool, storePoolPhoto, updatePool } from "~/models/pool-create.server";
import { getPoolDetail } from "~/models/pools.server";
import { createUser, type User } from "~/models/users.server";
import { getRequest } from "./helpers";

/** Issue 16: a pool can be changed after it is made, and may have a last day of pledges. */

let admin: User;
const VALID = {
  name: "Сургуулийн номын сан",
  description: "Хөдөөгийн сургуульд ном худалдан авна.",
  goal_amount: 250_000,
  bank_name: "Golomt Bank",
  bank_account: "1234567890",
  account_name: "Номын сан ТББ",
};
const day = (offset: number) => {
  const d = new Date(`${todayInUlaanbaatar()}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + offset);
  return d.toISOString().slice(0, 10);
};
const pledge = {
  donor_name: "Бат",
  phone_number: "99112233",
  amount: 5000,
  transaction_reference: "X123456",
};
const refusal = async (promise: Promise<unknown>) => {
  const error = await promise.catch((e: unknown) => e);
  expect(error).toBeInstanceOf(HttpError);
  return error as HttpError;
};

beforeAll(async () => {
  admin = await createUser("pool_editor", "secret-pass", "admin");
});

describe("the last day of pledges", () => {
  it("is counted in Ulaanbaatar days, the last day included", () => {
    const now = new Date("2026-11-24T17:30:00Z"); // 01:30 on the 25th in Ulaanbaatar
    expect(todayInUlaanbaatar(now)).toBe("2026-11-25");
    expect(poolEnded("2026-11-25", now)).toBe(false);
    expect(poolEnded("2026-11-24", now)).toBe(true);
    expect(poolEnded(null, now)).toBe(false);
    expect(daysLeft("2026-11-25", now)).toBe(1);
    expect(daysLeft("2026-11-30", now)).toBe(6);
  });

  it("is set at creation, must not be in the past, and a pool past it refuses pledges", async () => {
    const past = await refusal(createPool(admin, { ...VALID, ends_on: day(-1) }));
    expect(past.fieldErrors?.ends_on).toEqual(["admin:newPool.validation.endsOnPast"]);
    const bad = await refusal(createPool(admin, { ...VALID, ends_on: "25.11.2026" }));
    expect(bad.fieldErrors?.ends_on).toEqual(["admin:newPool.validation.endsOnFormat"]);

    const pool = await createPool(admin, { ...VALID, ends_on: day(0) });
    expect(pool.ends_on).toBe(day(0));
    // Today is the last day: still open.
    await expect(createPledge(pool.id, pledge, getRequest("/x"))).resolves.toMatchObject({
      status: "pending",
    });
    // The day passes (here: the row is moved a day back).
    await db
      .update(donationPools)
      .set({ ends_on: day(-1) })
      .where(eq(donationPools.id, pool.id));
    const ended = await refusal(createPledge(pool.id, pledge, getRequest("/x")));
    expect(ended.status).toBe(409);
    expect(ended.message).toBe("donate:errors.poolEnded");
    expect(await getPoolDetail(pool.id)).toMatchObject({ ended: true, status: "active" });
  });
});

describe("editing a pool", () => {
  it("changes text, goal, last day and photos; the activity log names what changed", async () => {
    const photo = await storePoolPhoto(
      await sharp({ create: { width: 40, height: 30, channels: 3, background: "#3366cc" } })
        .jpeg()
        .toBuffer(),
      admin.id,
    );
    const pool = await createPool(admin, VALID, { photo_1: photo });
    const updated = await updatePool(
      admin,
      pool.id,
      { ...VALID, name: "Номын сан 2", goal_amount: 300_000, ends_on: day(10) },
      {},
    );
    expect(updated).toMatchObject({
      name: "Номын сан 2",
      goal_amount: 300_000,
      ends_on: day(10),
      has_photo_1: false,
    });
    const [entry] = await db.select().from(auditLog).orderBy(desc(auditLog.id)).limit(1);
    expect(entry).toMatchObject({ action: "pool.update", entity_id: String(pool.id) });
    expect(JSON.parse(entry!.details!)).toEqual({
      name: "Номын сан 2",
      before: { name: VALID.name, goal_amount: 250_000, ends_on: null, photo_1: photo },
      after: { name: "Номын сан 2", goal_amount: 300_000, ends_on: day(10), photo_1: null },
    });
  });

  it("refuses what creation refuses, changes nothing, and keeps a last day already passed", async () => {
    const pool = await createPool(admin, { ...VALID, ends_on: day(3) });
    const short = await refusal(updatePool(admin, pool.id, { ...VALID, name: "A" }, {}));
    expect(short.fieldErrors?.name).toBeTruthy();
    const past = await refusal(updatePool(admin, pool.id, { ...VALID, ends_on: day(-2) }, {}));
    expect(past.fieldErrors?.ends_on).toEqual(["admin:newPool.validation.endsOnPast"]);
    expect((await getPoolDetail(pool.id))?.ends_on).toBe(day(3));
    // A campaign that has ended can still have its text corrected.
    await db
      .update(donationPools)
      .set({ ends_on: day(-2) })
      .where(eq(donationPools.id, pool.id));
    await expect(
      updatePool(
        admin,
        pool.id,
        { ...VALID, description: "Шинэ тайлбар, арван тэмдэгт", ends_on: day(-2) },
        {},
      ),
    ).resolves.toMatchObject({ ends_on: day(-2) });
    const missing = await refusal(updatePool(admin, 999_999, VALID, {}));
    expect(missing.status).toBe(404);
  });
});

describe("PATCH /api/donation-pools/{id}", () => {
  it("changes the text and last day as the screen does; a bad day is a 400 naming it", async () => {
    const { action: poolApi } = await import("~/routes/api.donation-pools.$id");
    const { jsonRequest, routeArgs, signInAs } = await import("./helpers");
    const cookie = await signInAs("pool_editor");
    const pool = await createPool(admin, VALID);
    const patch = (body: unknown) =>
      poolApi(
        routeArgs(
          jsonRequest(`/api/donation-pools/${pool.id}?lng=en`, body, { cookie, method: "PATCH" }),
          { id: String(pool.id) },
        ),
      );
    const bad = await patch({ ...VALID, ends_on: day(-5) });
    expect(bad.status).toBe(400);
    expect((await bad.json()).fieldErrors.ends_on).toEqual(["The last day cannot be in the past."]);
    const ok = await patch({ ...VALID, description: "API-аар өөрчилсөн тайлбар", ends_on: day(5) });
    expect(ok.status).toBe(200);
    expect(await ok.json()).toMatchObject({
      description: "API-аар өөрчилсөн тайлбар",
      ends_on: day(5),
    });
  });
});
