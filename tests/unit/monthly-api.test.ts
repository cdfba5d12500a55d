import { beforeAll, describe, expect, it } from "vitest";
import { db } from "#db/client";
import { donationPools } from "#db/schema";
import { seed } from "#db/seed";
import { action as poolMonthly } from "~/routes/api.donation-pools.$id.monthly";
import { action as siteMonthly } from "~/routes/api.monthly";
import { action as changeGift, loader as readGift } from "~/routes/api.monthly.$token";
import { getRequest, jsonRequest, routeArgs } from "./helpers";

/** Every answer here is checked against its declaration (API_CONTRACT_CHECK, tests/unit/setup.ts). */

let poolId: number;
let closedPoolId: number;
const body = (overrides: Record<string, unknown> = {}) => ({
  donor_name: "Bold",
  email: "bold@example.mn",
  amount: 20_000,
  day_of_month: 15,
  method: "standing_order",
  remind_by_email: true,
  ...overrides,
});

beforeAll(async () => {
  await seed();
  const pools = await db.select().from(donationPools);
  poolId = pools.find((p) => p.status === "active" && !p.ends_on)!.id;
  closedPoolId = pools.find((p) => p.status === "completed")!.id;
});

const create = (id: number, payload: unknown, lng = "en") =>
  poolMonthly(
    routeArgs(jsonRequest(`/api/donation-pools/${id}/monthly?lng=${lng}`, payload), {
      id: String(id),
    }),
  );
const patch = (token: string, payload: unknown) =>
  changeGift(
    routeArgs(jsonRequest(`/api/monthly/${token}?lng=en`, payload, { method: "PATCH" }), {
      token,
    }),
  );
const read = (token: string) =>
  readGift(routeArgs(getRequest(`/api/monthly/${token}?lng=en`), { token }));

describe("/api monthly gifts", () => {
  it("POST /api/donation-pools/{id}/monthly: the code and the manage link", async () => {
    const res = await create(poolId, body());
    expect(res.status).toBe(201);
    const gift = await res.json();
    expect(gift.payment_code).toMatch(/^M\d{6}$/);
    expect(gift.manage_url).toMatch(/\/monthly\/\d+\.1\.[\w-]{43}$/);
    expect(gift.manage_url.endsWith(gift.token)).toBe(true);
    expect(gift.pool.id).toBe(poolId);
  });

  it("POST /api/monthly: a gift to the site", async () => {
    const res = await siteMonthly(routeArgs(jsonRequest("/api/monthly", body({ amount: 1000 }))));
    expect(res.status).toBe(201);
    expect((await res.json()).pool).toBeNull();
  });

  it("refuses bad input with the field's message in the client's language", async () => {
    const en = await create(poolId, body({ remind_by_email: false }), "en");
    expect(en.status).toBe(400);
    const enBody = await en.json();
    expect(enBody.fieldErrors.remind_by_email).toEqual(["Choose e-mail, text message or both."]);
    const mn = await create(poolId, body({ day_of_month: 40 }), "mn");
    expect((await mn.json()).fieldErrors.day_of_month).toEqual([
      "Сарын 1-ээс 31 хүртэлх өдрийг сонгоно уу.",
    ]);
  });

  it("«show my name»: shown when left out (as a one-off gift), kept when given, changed by PATCH alone", async () => {
    const shown = await (await create(poolId, body())).json();
    expect(shown.display_in_leaderboard).toBe(true);
    const hidden = await (await create(poolId, body({ display_in_leaderboard: false }))).json();
    expect(hidden.display_in_leaderboard).toBe(false);
    expect((await (await read(hidden.token)).json()).display_in_leaderboard).toBe(false);
    const changed = await patch(hidden.token, { intent: "change", display_in_leaderboard: true });
    expect(changed.status).toBe(200);
    expect(await changed.json()).toMatchObject({ display_in_leaderboard: true, amount: 20_000 });
  });

  it("refuses a closed campaign with 409", async () => {
    expect((await create(closedPoolId, body())).status).toBe(409);
  });

  it("GET and PATCH by the token: read, pause, stop; a forged token is 404, a stopped gift 409", async () => {
    const { token } = await (await create(poolId, body())).json();
    expect((await (await read(token)).json()).status).toBe("active");
    const paused = await patch(token, { intent: "pause", months: 3 });
    expect(paused.status).toBe(200);
    expect(await paused.json()).toMatchObject({ status: "paused" });
    const changed = await patch(token, { intent: "change", day_of_month: 28 });
    expect((await changed.json()).day_of_month).toBe(28);
    expect((await patch(token, { intent: "stop" })).status).toBe(200);
    expect((await patch(token, { intent: "resume" })).status).toBe(409);
    const forged = `${token.slice(0, -3)}abc`;
    expect((await read(forged)).status).toBe(404);
    expect((await patch(forged, { intent: "stop" })).status).toBe(404);
  });
});
