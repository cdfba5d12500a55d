import { eq } from "drizzle-orm";
import { afterEach, beforeAll, describe, expect, it } from "vitest";
import { db } from "#db/client";
import { donationPools } from "#db/schema";
import { setAuthorFollow } from "~/models/follows.server";
import { createStory } from "~/models/story-submission.server";
import { createUser, type User } from "~/models/users.server";
import { loader as authorPage } from "~/routes/authors.$username";
import { loader as poolPage } from "~/routes/donation-pools.$id._index";
import { action as followAuthor } from "~/routes/follow.authors.$username";
import { action as followPool } from "~/routes/follow.donation-pools.$id";
import { action as profileAction, loader as profileLoader } from "~/routes/profile";
import { loader as storyPage } from "~/routes/stories.$id";
import { decide, fillFrom, forgetMemberPages, shownViewer } from "~/web/member-pages.server";
import {
  formRequest,
  getRequest,
  loaderResult,
  ORIGIN,
  routeArgs,
  sessionOnly,
  signInAs,
} from "./helpers";

/**
 * Issue 42's screens: the Follow button's post (with and without JavaScript, signed out), what
 * the story, author and campaign pages show, members' copies kept apart by the follow, and
 * /profile's «Following» with the digest's choice.
 */

let writer: User;
let storyId = 0;
let poolId = 0;
let cookie = "";
let otherCookie = "";

type FollowData = { follow: { view: { following: boolean; followers: number; mode: string } } };

beforeAll(async () => {
  writer = await createUser("Screen_writer", "secret-pass");
  await createUser("screen_reader", "secret-pass");
  await createUser("screen_other", "secret-pass");
  await createUser("screen_third", "secret-pass");
  cookie = await signInAs("screen_reader");
  otherCookie = await signInAs("screen_other");
  storyId = (
    await createStory(writer, {
      title: "Талын салхи",
      story: "Өвлийн өглөө бид говийн худгийн дэргэд цай чанасан юм. Нар мандаж байлаа.",
      bank_name: "TDB",
      bank_account: "4001002003",
      pricing_tier: "free",
    })
  ).id;
  const [pool] = await db
    .insert(donationPools)
    .values({
      name: "Номын сан",
      description: "Хүүхдүүдэд ном.",
      goal_amount: 1_000_000,
      bank_name: "Khan Bank",
      bank_account: "5000123456",
      account_name: "Ном ТББ",
    })
    .returning({ id: donationPools.id });
  poolId = pool!.id;
});

afterEach(() => forgetMemberPages());

const userNamed = async (username: string) =>
  (await db.query.users.findFirst({ where: (u, { eq }) => eq(u.username, username) }))!;

const post = (path: string, fields: Record<string, string>, who = cookie) =>
  formRequest(path, fields, who);

describe("the Follow button's post", () => {
  it("without JavaScript: follows, redirects back with a toast, and purges only what it changed", async () => {
    const res = (await followAuthor(
      routeArgs(
        post("/follow/authors/Screen_writer", {
          follow: "true",
          redirectTo: `/stories/${storyId}`,
        }),
        { username: "Screen_writer" },
      ),
    )) as Response;
    expect(res.status).toBe(302);
    expect(res.headers.get("Location")).toBe(`/stories/${storyId}`);
    expect(res.headers.get("Set-Cookie")).toContain("storyshare_toast");
    expect(res.headers.get("X-Cache-Purge")).toBe("/authors, /stories, /story");
    const page = loaderResult<FollowData>(
      await storyPage(
        routeArgs(getRequest(`/stories/${storyId}`, cookie), { id: String(storyId) }),
      ),
    ).data;
    expect(page.follow.view).toEqual({ following: true, followers: 1, mode: "toggle" });
  });

  it("with JavaScript: a fetcher gets the new state and stays", async () => {
    const res = await followAuthor(
      routeArgs(
        post("/follow/authors/Screen_writer", {
          follow: "false",
          via: "fetcher",
          redirectTo: "/profile",
        }),
        { username: "Screen_writer" },
      ),
    );
    const { data } = loaderResult<{ state: { following: boolean; followers: number } }>(res);
    expect(data.state).toMatchObject({ following: false, followers: 0 });
  });

  it("signed out: to sign in, coming back to the page", async () => {
    const res = (await followPool(
      routeArgs(
        post(
          `/follow/donation-pools/${poolId}`,
          { follow: "true", redirectTo: `/donation-pools/${poolId}` },
          "",
        ),
        { id: String(poolId) },
      ),
    )) as Response;
    expect(res.status).toBe(303);
    expect(res.headers.get("Location")).toBe(
      `/login?redirect=${encodeURIComponent(`/donation-pools/${poolId}`)}`,
    );
  });

  it("refused (oneself): back to the page with the reason as a toast", async () => {
    const own = await signInAs("Screen_writer");
    const res = (await followAuthor(
      routeArgs(post("/follow/authors/Screen_writer", { follow: "true", redirectTo: "/" }, own), {
        username: "Screen_writer",
      }),
    )) as Response;
    expect(res.status).toBe(302);
    expect(res.headers.get("Set-Cookie")).toContain("storyshare_toast");
  });
});

describe("the pages", () => {
  it("show the button as each visitor may use it, with the count", async () => {
    const anonymous = loaderResult<FollowData>(
      await authorPage(
        routeArgs(getRequest("/authors/Screen_writer"), { username: "Screen_writer" }),
      ),
    ).data;
    expect(anonymous.follow.view.mode).toBe("anonymous");
    const own = loaderResult<FollowData>(
      await authorPage(
        routeArgs(getRequest("/authors/Screen_writer", await signInAs("Screen_writer")), {
          username: "Screen_writer",
        }),
      ),
    ).data;
    expect(own.follow.view.mode).toBe("own");

    await followPool(
      routeArgs(post(`/follow/donation-pools/${poolId}`, { follow: "true" }), {
        id: String(poolId),
      }),
    );
    const pool = loaderResult<FollowData>(
      await poolPage(
        routeArgs(getRequest(`/donation-pools/${poolId}`, cookie), { id: String(poolId) }),
      ),
    ).data;
    expect(pool.follow.view).toEqual({ following: true, followers: 1, mode: "toggle" });
  });

  it("offer no Follow on an archived campaign, which posts nothing more; a follower may leave", async () => {
    const [archived] = await db
      .insert(donationPools)
      .values({
        name: "Хаагдсан аян",
        description: "Дууссан.",
        goal_amount: 1_000_000,
        bank_name: "Khan Bank",
        bank_account: "5000123456",
        account_name: "Ном ТББ",
      })
      .returning({ id: donationPools.id });
    const id = archived!.id;
    await followPool(
      routeArgs(post(`/follow/donation-pools/${id}`, { follow: "true" }), { id: String(id) }),
    );
    await db.update(donationPools).set({ status: "archived" }).where(eq(donationPools.id, id));
    const view = async (who: string) =>
      loaderResult<FollowData>(
        await poolPage(routeArgs(getRequest(`/donation-pools/${id}`, who), { id: String(id) })),
      ).data.follow.view;
    expect(await view(otherCookie)).toEqual({ following: false, followers: 1, mode: "closed" });
    expect((await view("")).mode).toBe("closed");
    expect(await view(cookie)).toEqual({ following: true, followers: 1, mode: "toggle" });
    await followPool(
      routeArgs(post(`/follow/donation-pools/${id}`, { follow: "false" }), { id: String(id) }),
    );
    expect(await view(cookie)).toEqual({ following: false, followers: 0, mode: "closed" });
  });

  it("never gives a follower the copy of a member who does not follow (decision 039)", async () => {
    const html = (who: string) =>
      new Request(`${ORIGIN}/stories/${storyId}`, {
        headers: { Accept: "text/html", Cookie: sessionOnly(who), Host: "localhost:3000" },
      });
    const visit = async (who: string) => {
      const args = { request: html(who), context: {}, params: { id: String(storyId) } };
      const [decision] = await Promise.all([decide(args), storyPage(args)]);
      return decision;
    };
    const first = await visit(otherCookie);
    if (first.kind !== "fill") throw new Error(`expected a fill, got ${first.kind}`);
    const standIn = shownViewer(first, first.viewer)!;
    fillFrom(first, Buffer.from(`<b>${standIn.username}</b>`), "n", 200, new Headers(), false);
    await setAuthorFollow(await userNamed("screen_reader"), "Screen_writer", true);
    // The one who follows gets a page of their own, not the copy drawn for one who does not.
    expect((await visit(cookie)).kind).toBe("fill");
    const third = await signInAs("screen_third");
    expect((await visit(third)).kind).toBe("copy");
  });
});

describe("/profile", () => {
  it("lists what one follows and saves the digest's choice", async () => {
    const { data } = loaderResult<{
      following: { authors: { username: string }[]; pools: { id: number }[] };
      digest: string;
    }>(await profileLoader(routeArgs(getRequest("/profile", cookie))));
    expect(data.following.authors.map((a) => a.username)).toEqual(["Screen_writer"]);
    expect(data.following.pools.map((p) => p.id)).toEqual([poolId]);
    expect(data.digest).toBe("weekly");

    const saved = (await profileAction(
      routeArgs(post("/profile", { intent: "digest", digest: "daily" })),
    )) as Response;
    expect(saved.status).toBe(302);
    expect(saved.headers.get("Location")).toBe("/profile#following");
    // How often one's own mail comes changes no page another visitor sees.
    expect(saved.headers.get("X-Cache-Purge")).toBe("none");
    const wrong = loaderResult<{ result: { error: Record<string, string[]> } }>(
      await profileAction(routeArgs(post("/profile", { intent: "digest", digest: "hourly" }))),
    ).data;
    expect(wrong.result.error.digest).toBeDefined();
    const after = loaderResult<{ digest: string }>(
      await profileLoader(routeArgs(getRequest("/profile", cookie))),
    ).data;
    expect(after.digest).toBe("daily");
  });
});
