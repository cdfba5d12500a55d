import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it, vi } from "vitest";
import { db, dbClient } from "#db/client";
import { donationPools, stories, storyHearts, users } from "#db/schema";
import { listPoolSummaries, progressPercent } from "~/models/pools.server";
import {
  listFeaturedStories,
  listRegularStories,
  parseFilter,
  parsePage,
} from "~/models/stories.server";
import { loader as poolsApi } from "~/routes/api.donation-pools";
import { loader as featuredApi } from "~/routes/api.stories.featured";
import { loader as regularApi } from "~/routes/api.stories.regular";
import { getRequest, type RouteArgs, routeArgs } from "./helpers";

const NOW = new Date();
const day = (n: number) => new Date(NOW.getTime() + n * 86_400_000).toISOString();
const ids: Record<string, number> = {};

async function story(key: string, values: Partial<typeof stories.$inferInsert>) {
  const [row] = await db
    .insert(stories)
    .values({
      author: "writer",
      title: key,
      story: `${key} body `.repeat(20),
      pricing_tier: "free",
      status: "approved",
      bank_name: "Khan Bank",
      bank_account: "5000000001",
      ...values,
    })
    .returning({ id: stories.id });
  ids[key] = row!.id;
}

beforeAll(async () => {
  await story("free-old", { submitted_at: day(-10), approved_at: day(-10), hearts_count: 5 });
  await story("free-new", { submitted_at: day(-1), approved_at: day(-1), hearts_count: 1 });
  await story("free-mid", { submitted_at: day(-5), approved_at: day(-2), hearts_count: 9 });
  await story("paid-running", {
    pricing_tier: "weekly",
    submitted_at: day(-3),
    approved_at: day(-3),
    expires_at: day(4),
  });
  await story("paid-ended", {
    pricing_tier: "daily",
    submitted_at: day(-8),
    approved_at: day(-8),
    expires_at: day(-5),
  });
  await story("paid-pending", { pricing_tier: "monthly", status: "pending", submitted_at: day(0) });
  await story("free-rejected", { status: "rejected", submitted_at: day(0) });
  await db.insert(donationPools).values([
    {
      name: "done",
      description: "d",
      goal_amount: 1000,
      current_amount: 1500,
      bank_name: "TDB",
      bank_account: "1",
      account_name: "a",
      status: "completed",
      created_at: day(-1),
    },
    {
      name: "active-old",
      description: "d",
      goal_amount: 3000,
      current_amount: 1000,
      bank_name: "TDB",
      bank_account: "1",
      account_name: "a",
      created_at: day(-9),
    },
    {
      name: "archived",
      description: "d",
      goal_amount: 1000,
      bank_name: "TDB",
      bank_account: "1",
      account_name: "a",
      status: "archived",
      created_at: day(0),
    },
    {
      name: "active-new",
      description: "d",
      goal_amount: 2000,
      current_amount: 999,
      bank_name: "TDB",
      bank_account: "1",
      account_name: "a",
      created_at: day(-2),
    },
  ]);
});

const titles = (page: { items: { title: string }[] }) => page.items.map((s) => s.title);

describe("story lists (DESIGN §4)", () => {
  it("featured: approved paid stories whose period is still running", async () => {
    expect(titles(await listFeaturedStories({ pageSize: 10, now: NOW }))).toEqual(["paid-running"]);
  });

  it("a featured story becomes regular when its period ends", async () => {
    const later = new Date(NOW.getTime() + 5 * 86_400_000);
    expect(titles(await listFeaturedStories({ pageSize: 10, now: later }))).toEqual([]);
    expect(titles(await listRegularStories({ pageSize: 10, now: later }))).toContain(
      "paid-running",
    );
  });

  it("regular: approved, not currently featured; never pending or rejected", async () => {
    const list = titles(await listRegularStories({ pageSize: 10, now: NOW }));
    expect(list.sort()).toEqual(["free-mid", "free-new", "free-old", "paid-ended"]);
  });

  it("most loved orders by hearts, newest by submission, all by publication", async () => {
    expect(titles(await listRegularStories({ filter: "loved", pageSize: 10, now: NOW }))).toEqual([
      "free-mid",
      "free-old",
      "free-new",
      "paid-ended",
    ]);
    expect(titles(await listRegularStories({ filter: "newest", pageSize: 10, now: NOW }))).toEqual([
      "free-new",
      "free-mid",
      "paid-ended",
      "free-old",
    ]);
    expect(titles(await listRegularStories({ filter: "all", pageSize: 10, now: NOW }))).toEqual([
      "free-new",
      "free-mid",
      "paid-ended",
      "free-old",
    ]);
  });

  it("pages: size, totals, and out-of-range pages clamped", async () => {
    const first = await listRegularStories({ filter: "newest", page: 1, pageSize: 3, now: NOW });
    expect(first).toMatchObject({ total: 4, pageCount: 2, page: 1 });
    expect(first.items).toHaveLength(3);
    const second = await listRegularStories({ filter: "newest", page: 2, pageSize: 3, now: NOW });
    expect(titles(second)).toEqual(["free-old"]);
    expect((await listRegularStories({ page: 99, pageSize: 3, now: NOW })).page).toBe(2);
    expect(parsePage("0")).toBe(1);
    expect(parsePage("-3")).toBe(1);
    expect(parsePage("2.5")).toBe(1);
    expect(parsePage("abc")).toBe(1);
    expect(parsePage("7")).toBe(7);
    expect(parseFilter("loved")).toBe("loved");
    expect(parseFilter("drop table")).toBe("all");
  });

  it("a card carries a short preview, not the whole story", async () => {
    const page = await listRegularStories({ pageSize: 1, now: NOW });
    expect(page.items[0]!.preview.length).toBeLessThanOrEqual(200);
  });

  it("stays two SQL statements whatever the page", async () => {
    const spy = vi.spyOn(dbClient, "execute");
    await listRegularStories({ filter: "loved", page: 2, pageSize: 3, now: NOW });
    expect(spy.mock.calls.length).toBe(2); // the page and the total
    spy.mockClear();
    await listFeaturedStories({ pageSize: 9, now: NOW });
    expect(spy.mock.calls.length).toBeLessThanOrEqual(2);
    spy.mockClear();
    await listPoolSummaries(9);
    expect(spy.mock.calls.length).toBe(1);
    spy.mockRestore();
  });

  it("the per-status counts the triggers keep follow every insert, status change and delete", async () => {
    const counted = async () => {
      const kept = await dbClient.execute(
        "SELECT status, stories FROM story_counts ORDER BY status",
      );
      const real = await dbClient.execute(
        "SELECT status, count(*) AS stories FROM stories GROUP BY status ORDER BY status",
      );
      const rows = (r: typeof kept) =>
        r.rows
          .filter((row) => Number(row.stories) > 0)
          .map((row) => `${row.status}:${row.stories}`);
      expect(rows(kept)).toEqual(rows(real));
      return rows(kept);
    };
    const before = await counted();
    await story("counted", { status: "pending" });
    const id = ids.counted!;
    await counted();
    await db.update(stories).set({ status: "approved" }).where(eq(stories.id, id));
    expect((await listRegularStories({ pageSize: 10, now: NOW })).total).toBe(5);
    await db.update(stories).set({ status: "rejected" }).where(eq(stories.id, id));
    await db.update(stories).set({ title: "renamed" }).where(eq(stories.id, id));
    await counted();
    await db.delete(stories).where(eq(stories.id, id));
    expect(await counted()).toEqual(before);
    expect((await listRegularStories({ pageSize: 10, now: NOW })).total).toBe(4);
  });

  it("counts hearts per story for 'most loved' from story_hearts", async () => {
    const [u] = await db
      .insert(users)
      .values({ username: "h1", username_key: "h1", password_hash: "x" })
      .returning({ id: users.id });
    await db.insert(storyHearts).values({ story_id: ids["free-new"]!, user_id: u!.id });
    // The counter column, not the join, orders the list; setHeart keeps them in step (story-detail tests).
    expect(
      (await listRegularStories({ filter: "loved", pageSize: 10, now: NOW })).items[0]!.title,
    ).toBe("free-mid");
  });
});

describe("pool summaries", () => {
  it("progress is round(current / goal × 100), capped at 100", () => {
    expect(progressPercent(999, 2000)).toBe(50);
    expect(progressPercent(1500, 1000)).toBe(100);
    expect(progressPercent(0, 1000)).toBe(0);
    expect(progressPercent(5, 0)).toBe(0);
  });

  it("lists active pools first, newest first, then completed; never archived", async () => {
    const pools = await listPoolSummaries(9);
    expect(pools.map((p) => p.name)).toEqual(["active-new", "active-old", "done"]);
    expect(pools[2]).toMatchObject({ progress: 100, has_photo_1: false, has_video: false });
  });
});

describe("/api story lists (spec 01 §7)", () => {
  const call = (fn: (a: RouteArgs) => Promise<Response>, path: string) =>
    fn(routeArgs(getRequest(path)));

  it("GET /api/stories/regular: JSON array with spec fields and X-Total-Count", async () => {
    const res = await call(regularApi, "/api/stories/regular?filter=loved&pageSize=2");
    expect(res.status).toBe(200);
    expect(res.headers.get("X-Total-Count")).toBe("4");
    const body = await res.json();
    expect(body).toHaveLength(2);
    expect(Object.keys(body[0])).toEqual(
      expect.arrayContaining([
        "id",
        "title",
        "story",
        "story_image",
        "author",
        "submitted_at",
        "pricing_tier",
        "is_premium",
      ]),
    );
    expect(body[0].story.length).toBeGreaterThan(200); // the full text, not the card preview
    expect(body[0]).not.toHaveProperty("bank_account");
    expect(body[0]).not.toHaveProperty("payment_reference");
  });

  it("GET /api/stories/regular past the last page is an empty array", async () => {
    const res = await call(regularApi, "/api/stories/regular?page=50");
    expect(await res.json()).toEqual([]);
  });

  it("caps pageSize", async () => {
    const res = await call(regularApi, "/api/stories/regular?pageSize=100000");
    expect(res.headers.get("X-Page-Count")).toBe("1");
  });

  it("GET /api/stories/featured lists only stories being featured now", async () => {
    const body = await (await call(featuredApi, "/api/stories/featured")).json();
    for (const s of body) expect(s.is_premium).toBe(true);
  });

  it("GET /api/donation-pools?summary=true&limit=2 gives card summaries", async () => {
    const body = await (await call(poolsApi, "/api/donation-pools?summary=true&limit=2")).json();
    expect(body.map((p: { name: string }) => p.name)).toEqual(["active-new", "active-old"]);
    expect(body[0]).toMatchObject({
      goal_amount: 2000,
      current_amount: 999,
      progress: 50,
      status: "active",
    });
  });
});
