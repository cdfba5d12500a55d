import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { db } from "#db/client";
import { auditLog, donationPools } from "#db/schema";
import { createPledge } from "~/models/donation-create.server";
import { createUser } from "~/models/users.server";
import { action as reject } from "~/routes/api.donation-pools.$id.donations.$donationId.reject";
import { action as verify } from "~/routes/api.donation-pools.$id.donations.$donationId.verify";
import { action as setStatus } from "~/routes/api.donation-pools.$id.status";
import { loader as allPools } from "~/routes/api.donation-pools.all";
import { loader as pendingDonations } from "~/routes/api.donation-pools.pending-donations";
import { getRequest, routeArgs, signInAs } from "./helpers";

let adminCookie: string;
let userCookie: string;
let poolId: number;

const patch = (path: string, cookie?: string, body?: unknown) =>
  new Request(`http://localhost:3000${path}`, {
    method: "PATCH",
    headers: {
      host: "localhost:3000",
      "content-type": "application/json",
      ...(cookie ? { cookie } : {}),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
const total = async () =>
  (await db.select().from(donationPools).where(eq(donationPools.id, poolId)))[0]!.current_amount;

beforeAll(async () => {
  await createUser("cashier", "secret-pass", "admin");
  await createUser("visitor", "secret-pass");
  adminCookie = await signInAs("cashier");
  userCookie = await signInAs("visitor");
  const [pool] = await db
    .insert(donationPools)
    .values({
      name: "Pool",
      description: "d",
      goal_amount: 10_000,
      bank_name: "TDB",
      bank_account: "1",
      account_name: "a",
    })
    .returning({ id: donationPools.id });
  poolId = pool!.id;
});

const pledge = () =>
  createPledge(
    poolId,
    { donor_name: "Нараа", phone_number: "99001122", amount: 2000, transaction_reference: "REF-1" },
    getRequest("/"),
  );

describe("admin donation API (spec 02 §7)", () => {
  it("401 / 403 for non-administrators", async () => {
    const p = await pledge();
    for (const [cookie, status] of [
      [undefined, 401],
      [userCookie, 403],
    ] as const) {
      expect(
        (
          await pendingDonations(
            routeArgs(getRequest("/api/donation-pools/pending-donations", cookie)),
          )
        ).status,
      ).toBe(status);
      expect(
        (await allPools(routeArgs(getRequest("/api/donation-pools/all", cookie)))).status,
      ).toBe(status);
      const params = { id: String(poolId), donationId: String(p.id) };
      expect((await verify(routeArgs(patch("/x", cookie), params))).status).toBe(status);
      expect(
        (
          await setStatus(
            routeArgs(patch("/x", cookie, { status: "archived" }), { id: String(poolId) }),
          )
        ).status,
      ).toBe(status);
    }
    expect(await total()).toBe(0);
  });

  it("lists pending pledges; verify credits once (409 after), reject adds nothing", async () => {
    const a = await pledge();
    const b = await pledge();
    const list = await (
      await pendingDonations(
        routeArgs(getRequest("/api/donation-pools/pending-donations", adminCookie)),
      )
    ).json();
    expect(list.map((d: { id: number }) => d.id)).toEqual(expect.arrayContaining([a.id, b.id]));
    expect(list[0]).toMatchObject({
      pool_id: poolId,
      donor_name: "Нараа",
      amount: 2000,
      transaction_reference: "REF-1",
    });

    const before = await total();
    const call = (fn: typeof verify, id: number) =>
      fn(
        routeArgs(patch("/x", adminCookie), {
          id: String(poolId),
          donationId: String(id),
        }),
      );
    expect((await call(verify, a.id)).status).toBe(200);
    expect((await call(verify, a.id)).status).toBe(409);
    expect((await call(reject, b.id)).status).toBe(200);
    expect(await total()).toBe(before + 2000);
  });

  it("pool status: any status from any status, audited; invalid status is 400", async () => {
    const call = (status: unknown) =>
      setStatus(routeArgs(patch("/x", adminCookie, { status }), { id: String(poolId) }));
    expect((await call("completed")).status).toBe(200);
    expect((await call("active")).status).toBe(200);
    expect((await call("deleted")).status).toBe(400);
    const audits = await db.select().from(auditLog).where(eq(auditLog.action, "pool.status"));
    expect(audits.map((a) => JSON.parse(a.details!).to)).toEqual(["completed", "active"]);
  });

  it("GET /api/donation-pools/all includes archived pools", async () => {
    await setStatus(
      routeArgs(patch("/x", adminCookie, { status: "archived" }), { id: String(poolId) }),
    );
    const body = await (
      await allPools(routeArgs(getRequest("/api/donation-pools/all", adminCookie)))
    ).json();
    expect(body.find((p: { id: number }) => p.id === poolId)?.status).toBe("archived");
  });
});
