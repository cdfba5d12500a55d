import { beforeAll, describe, expect, it } from "vitest";
import { db } from "#db/client";
import { donationPools } from "#db/schema";
import { createUser } from "~/models/users.server";
import { action as authorFollowApi } from "~/routes/api.authors.$username.follow";
import { action as poolFollowApi } from "~/routes/api.donation-pools.$id.follow";
import { loader as followingApi, action as followingApiWrite } from "~/routes/api.user.following";
import { getRequest, jsonRequest, ORIGIN, routeArgs, signInAs } from "./helpers";

/**
 * The /api of issue 42's follows: every answer here also passes the contract check
 * (tests/unit/setup.ts), against the declaration and the published document.
 */

let cookie = "";
let poolId = 0;

const call = (path: string, method: string, who = cookie, body?: unknown) =>
  body === undefined
    ? new Request(`${ORIGIN}${path}`, {
        method,
        headers: { host: "localhost:3000", origin: ORIGIN, ...(who ? { cookie: who } : {}) },
      })
    : jsonRequest(path, body, { method, cookie: who, headers: { origin: ORIGIN } });

beforeAll(async () => {
  await createUser("Api_author", "secret-pass");
  await createUser("api_follower", "secret-pass");
  cookie = await signInAs("api_follower");
  const [pool] = await db
    .insert(donationPools)
    .values({
      name: "Сургуулийн номын сан",
      description: "Хүүхдүүдэд ном.",
      goal_amount: 1_000_000,
      bank_name: "Khan Bank",
      bank_account: "5000123456",
      account_name: "Ном ТББ",
    })
    .returning({ id: donationPools.id });
  poolId = pool!.id;
});

describe("/api/authors/{username}/follow", () => {
  it("follows and unfollows, answering the new state and count, and names the pages it changed", async () => {
    const path = "/api/authors/api_AUTHOR/follow";
    const params = { username: "api_AUTHOR" };
    const res = await authorFollowApi(routeArgs(call(path, "POST"), params));
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ username: "Api_author", following: true, followers: 1 });
    expect(res.headers.get("X-Cache-Purge")).toBe("/authors, /stories, /story");
    const off = await authorFollowApi(routeArgs(call(path, "DELETE"), params));
    expect(await off.json()).toEqual({ username: "Api_author", following: false, followers: 0 });
  });

  it("needs a signed-in caller, a known author, and not oneself", async () => {
    const anonymous = await authorFollowApi(
      routeArgs(call("/api/authors/Api_author/follow", "POST", ""), { username: "Api_author" }),
    );
    expect(anonymous.status).toBe(401);
    const unknown = await authorFollowApi(
      routeArgs(call("/api/authors/nobody_at_all/follow", "POST"), { username: "nobody_at_all" }),
    );
    expect(unknown.status).toBe(404);
    const self = await authorFollowApi(
      routeArgs(call("/api/authors/api_follower/follow?lng=en", "POST"), {
        username: "api_follower",
      }),
    );
    expect(self.status).toBe(409);
    expect(await self.json()).toEqual({ error: "You cannot follow yourself." });
  });
});

describe("/api/donation-pools/{id}/follow", () => {
  it("follows and unfollows a campaign", async () => {
    const path = `/api/donation-pools/${poolId}/follow`;
    const res = await poolFollowApi(routeArgs(call(path, "POST"), { id: String(poolId) }));
    expect(await res.json()).toEqual({ pool_id: poolId, following: true, followers: 1 });
    expect(res.headers.get("X-Cache-Purge")).toBe("/donation-pools");
    const missing = await poolFollowApi(
      routeArgs(call("/api/donation-pools/99999/follow", "POST"), { id: "99999" }),
    );
    expect(missing.status).toBe(404);
  });

  it("refuses an archived campaign with the reason (its page still shows)", async () => {
    const [archived] = await db
      .insert(donationPools)
      .values({
        name: "Дууссан аян",
        description: "Архивт.",
        goal_amount: 1_000_000,
        bank_name: "Khan Bank",
        bank_account: "5000123456",
        account_name: "Ном ТББ",
        status: "archived",
      })
      .returning({ id: donationPools.id });
    const id = String(archived!.id);
    const res = await poolFollowApi(
      routeArgs(call(`/api/donation-pools/${id}/follow`, "POST"), { id }),
    );
    expect(res.status).toBe(409);
    expect(await res.json()).toEqual({
      error: "Энэ аяныг архивласан тул шинэ мэдээ гарахгүй: дагах боломжгүй.",
    });
  });
});

describe("/api/user/following", () => {
  it("lists what the caller follows and the digest, and changes the digest", async () => {
    await authorFollowApi(
      routeArgs(call("/api/authors/Api_author/follow", "POST"), { username: "Api_author" }),
    );
    const res = await followingApi(routeArgs(getRequest("/api/user/following", cookie)));
    expect(res.status).toBe(200);
    const body = (await res.json()) as {
      authors: { username: string; followers: number }[];
      donation_pools: { id: number; name: string }[];
      digest: string;
    };
    expect(body.authors.map((a) => [a.username, a.followers])).toEqual([["Api_author", 1]]);
    expect(body.donation_pools.map((p) => p.id)).toEqual([poolId]);
    expect(body.digest).toBe("weekly");

    const changed = await followingApiWrite(
      routeArgs(call("/api/user/following", "PATCH", cookie, { digest: "daily" })),
    );
    expect(changed.status).toBe(200);
    expect(((await changed.json()) as { digest: string }).digest).toBe("daily");
    expect(changed.headers.get("X-Cache-Purge")).toBe("none");

    const wrong = await followingApiWrite(
      routeArgs(call("/api/user/following?lng=en", "PATCH", cookie, { digest: "hourly" })),
    );
    expect(wrong.status).toBe(400);
    expect(
      ((await wrong.json()) as { fieldErrors: Record<string, string[]> }).fieldErrors,
    ).toHaveProperty("digest");

    const anonymous = await followingApi(routeArgs(getRequest("/api/user/following")));
    expect(anonymous.status).toBe(401);
  });
});
