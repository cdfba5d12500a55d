import { createHash } from "node:crypto";
import { and, desc, eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { db } from "#db/client";
import { donationPools, media, poolDonations } from "#db/schema";
import { seed } from "#db/seed";
import { mediaStore } from "~/models/media-store.server";
import { listPoolsPage } from "~/models/pools.server";
import { loader as listApi } from "~/routes/api.donation-pools";
import { loader as poolApi } from "~/routes/api.donation-pools.$id";
import { loader as recentApi } from "~/routes/api.donation-pools.$id.recent-donations";
import { loader as listLoader } from "~/routes/donation-pools._index";
import { loader as detailLoader, meta as detailMeta } from "~/routes/donation-pools.$id._index";
import { loader as mediaRoute } from "~/routes/media.$id";
import { getRequest, metaArgs, ORIGIN, type RouteArgs, routeArgs } from "./helpers";

type Fn = (args: RouteArgs) => Promise<unknown>;
const call = <T = Response>(fn: Fn, path: string, params: Record<string, string> = {}) =>
  fn(routeArgs(getRequest(path), params)) as Promise<T>;
const json = async <T = Record<string, unknown>>(res: Response) => (await res.json()) as T;

/** The pool fields of spec 01 §3, in the /api answers. */
const SPEC_FIELDS = [
  "id",
  "name",
  "description",
  "goal_amount",
  "current_amount",
  "created_at",
  "photo_1",
  "photo_2",
  "photo_3",
  "video_url",
  "has_photo_1",
  "has_media",
  "has_video",
  "status",
  "bank_name",
  "bank_account",
  "account_name",
];

interface ApiPool {
  id: number;
  name: string;
  status: string;
  created_at: string;
  photo_1: string | null;
  [key: string]: unknown;
}

let archivedId: number;
let videoPoolId: number;
let videoId: string;
let zavkhan: typeof donationPools.$inferSelect;

beforeAll(async () => {
  await seed();
  // The newest pool of all, but archived: it must still come last on the list.
  const [archived] = await db
    .insert(donationPools)
    .values({
      name: "Archived drive",
      description: "Kept for the record.",
      goal_amount: 10_000,
      bank_name: "TDB",
      bank_account: "100200",
      account_name: "Archive",
      status: "archived",
      created_at: new Date(Date.now() + 60_000).toISOString(),
    })
    .returning({ id: donationPools.id });
  archivedId = archived!.id;

  const bytes = Buffer.from("not really an mp4, but bytes to serve by range".repeat(20));
  videoId = createHash("sha256").update(bytes).digest("hex");
  await mediaStore.put(videoId, bytes);
  await db
    .insert(media)
    .values({ id: videoId, kind: "video", mime_type: "video/mp4", size: bytes.length });
  const [video] = await db
    .insert(donationPools)
    .values({
      name: "Video pool",
      description: "x".repeat(400),
      goal_amount: 10_000,
      bank_name: "TDB",
      bank_account: "100300",
      account_name: "Video",
      status: "completed",
      created_at: "2020-01-01T00:00:00.000Z",
      video_url: videoId,
    })
    .returning({ id: donationPools.id });
  videoPoolId = video!.id;

  const rows = await db.select().from(donationPools);
  zavkhan = rows.find((p) => p.name.startsWith("Завханы"))!;
});

describe("GET /api/donation-pools (the full list)", () => {
  it("lists every pool with the spec's fields: active, then completed, then archived", async () => {
    const res = await call(listApi, "/api/donation-pools");
    expect(res.status).toBe(200);
    expect(res.headers.get("X-Total-Count")).toBe("6");
    const body = await json<ApiPool[]>(res);
    expect(body).toHaveLength(6);
    expect(Object.keys(body[0]!)).toEqual(expect.arrayContaining(SPEC_FIELDS));
    const statuses = body.map((p) => p.status);
    expect(statuses).toEqual(["active", "active", "active", "completed", "completed", "archived"]);
    // Newest first within a status.
    const active = body.filter((p) => p.status === "active").map((p) => p.created_at);
    expect(active).toEqual([...active].sort().reverse());
    expect(body[5]!.id).toBe(archivedId);
    // Media are URLs, never raw ids.
    for (const p of body) {
      if (p.photo_1) expect(p.photo_1).toMatch(/^\/media\/[a-f0-9]{64}$/);
      expect(p.has_photo_1).toBe(Boolean(p.photo_1));
    }
  });

  it("pages with page and pageSize, without overlaps; past the end is empty", async () => {
    const first = await call(listApi, "/api/donation-pools?pageSize=4");
    const second = await call(listApi, "/api/donation-pools?pageSize=4&page=2");
    expect(first.headers.get("X-Page-Count")).toBe("2");
    expect(second.headers.get("X-Total-Count")).toBe("6");
    const ids = [...(await json<ApiPool[]>(first)), ...(await json<ApiPool[]>(second))].map(
      (p) => p.id,
    );
    expect(ids).toHaveLength(6);
    expect(new Set(ids).size).toBe(6);
    expect(await json(await call(listApi, "/api/donation-pools?page=9"))).toEqual([]);
  });

  it("keeps ?summary=true&limit= as the home page's card list, without archived pools", async () => {
    const res = await call(listApi, "/api/donation-pools?summary=true&limit=9");
    const body = await json<ApiPool[]>(res);
    expect(body.map((p) => p.status)).toEqual([
      "active",
      "active",
      "active",
      "completed",
      "completed",
    ]);
    expect(body[0]).toHaveProperty("photo_1_thumbnail");
    expect(body[0]).not.toHaveProperty("bank_account");
    const two = await json<ApiPool[]>(
      await call(listApi, "/api/donation-pools?summary=true&limit=2"),
    );
    expect(two).toHaveLength(2);
  });
});

describe("GET /api/donation-pools/{id}", () => {
  it("answers the spec's fields; photos and donations only when detailed", async () => {
    const res = await call(poolApi, `/api/donation-pools/${zavkhan.id}`, {
      id: String(zavkhan.id),
    });
    expect(res.status).toBe(200);
    const body = await json<ApiPool>(res);
    expect(Object.keys(body)).toEqual(expect.arrayContaining(SPEC_FIELDS));
    expect(body).toMatchObject({
      id: zavkhan.id,
      name: zavkhan.name,
      goal_amount: 5_000_000,
      current_amount: zavkhan.current_amount,
      status: "active",
      bank_name: "Khan Bank",
      bank_account: "5039184726",
      has_photo_1: true,
      has_media: true,
      has_video: false,
      video_url: null,
      photo_3: null,
    });
    expect(body.photo_2).toMatch(/^\/media\/[a-f0-9]{64}$/);
    expect(body).not.toHaveProperty("recent_donations");
    expect(body).not.toHaveProperty("photos");
    expect(body).not.toHaveProperty("created_by");
  });

  it("?detailed=true adds photos with sizes, pledges apart from money received, recent donors", async () => {
    const res = await call(poolApi, `/api/donation-pools/${zavkhan.id}?detailed=true`, {
      id: String(zavkhan.id),
    });
    const body = await json<{
      photos: { url: string; thumbnail_url: string; width: number; height: number }[];
      recent_donations: { donor_name: string; donation_date: string; message: string | null }[];
      pledged_amount: number;
      pledged_progress: number;
      progress: number;
      donors_count: number;
      current_amount: number;
    }>(res);
    expect(body.photos).toHaveLength(2);
    for (const photo of body.photos) {
      expect(photo.url).toMatch(/^\/media\/[a-f0-9]{64}$/);
      expect(photo.thumbnail_url).toMatch(/^\/media\/[a-f0-9]{64}$/);
      expect(photo.width).toBeGreaterThan(0);
      expect(photo.height).toBeGreaterThan(0);
    }
    // Seeded: two pending pledges (30,000 + 50,000) are pledged, not received.
    expect(body.pledged_amount).toBe(80_000);
    expect(body.progress).toBe(Math.round((body.current_amount / 5_000_000) * 100));
    expect(body.progress + body.pledged_progress).toBeLessThanOrEqual(100);
    expect(body.donors_count).toBe(7);
    const names = body.recent_donations.map((d) => d.donor_name);
    expect(names).not.toContain("Сарангэрэл"); // pending
    expect(names).not.toContain("Нарантуяа"); // rejected
    const dates = body.recent_donations.map((d) => d.donation_date);
    expect(dates).toEqual([...dates].sort().reverse());
  });

  it("404 with the error shape for an unknown or malformed id, in the request's language", async () => {
    for (const id of ["999999", "abc", "1.5", "-1"]) {
      const res = await call(poolApi, `/api/donation-pools/${id}`, { id });
      expect(res.status).toBe(404);
      expect(await res.json()).toEqual({ error: "Хандивын аян олдсонгүй." });
    }
    const en = await call(poolApi, "/api/donation-pools/999999?lng=en", { id: "999999" });
    expect(await en.json()).toEqual({ error: "Donation pool not found." });
  });

  it("a stored video is a /media URL that answers Range requests", async () => {
    const body = await json<ApiPool>(
      await call(poolApi, `/api/donation-pools/${videoPoolId}`, { id: String(videoPoolId) }),
    );
    expect(body).toMatchObject({
      video_url: `/media/${videoId}`,
      has_video: true,
      has_media: true,
      has_photo_1: false,
    });
    const partial = await mediaRoute(
      routeArgs(new Request(`${ORIGIN}/media/${videoId}`, { headers: { range: "bytes=0-99" } }), {
        id: videoId,
      }),
    );
    expect(partial.status).toBe(206);
    expect(partial.headers.get("content-type")).toBe("video/mp4");
    expect((await partial.arrayBuffer()).byteLength).toBe(100);
  });

  it("only stored videos are played: outside addresses are dropped (CSP media-src 'self')", async () => {
    await db
      .update(donationPools)
      .set({ video_url: "javascript:alert(1)" })
      .where(eq(donationPools.id, archivedId));
    const bad = await json<ApiPool>(
      await call(poolApi, `/api/donation-pools/${archivedId}`, { id: String(archivedId) }),
    );
    expect(bad).toMatchObject({ video_url: null, has_video: false, has_media: false });
    await db
      .update(donationPools)
      .set({ video_url: "https://videos.example.org/clip.mp4" })
      .where(eq(donationPools.id, archivedId));
    const outside = await json<ApiPool>(
      await call(poolApi, `/api/donation-pools/${archivedId}`, { id: String(archivedId) }),
    );
    expect(outside).toMatchObject({ video_url: null, has_video: false });
    await db.update(donationPools).set({ video_url: null }).where(eq(donationPools.id, archivedId));
  });
});

describe("GET /api/donation-pools/{id}/recent-donations", () => {
  it("lists verified, shown donations, newest first, with the spec's fields and a limit", async () => {
    const path = `/api/donation-pools/${zavkhan.id}/recent-donations`;
    const body = await json<Record<string, unknown>[]>(
      await call(recentApi, path, { id: String(zavkhan.id) }),
    );
    expect(body).toHaveLength(7);
    expect(Object.keys(body[0]!).sort()).toEqual(
      ["amount", "donation_date", "donor_name", "id", "message"].sort(),
    );
    expect(body[0]).toMatchObject({ donor_name: "Бат-Эрдэнэ", amount: 70_000 });
    expect(body.map((d) => d.donor_name)).not.toContain("Сарангэрэл");
    const limited = await json<unknown[]>(
      await call(recentApi, `${path}?limit=3`, { id: String(zavkhan.id) }),
    );
    expect(limited).toHaveLength(3);
  });

  it("leaves out a donation an administrator hid", async () => {
    const [newest] = await db
      .select({ id: poolDonations.id })
      .from(poolDonations)
      .where(and(eq(poolDonations.pool_id, zavkhan.id), eq(poolDonations.status, "verified")))
      .orderBy(desc(poolDonations.donation_date))
      .limit(1);
    await db.update(poolDonations).set({ is_hidden: true }).where(eq(poolDonations.id, newest!.id));
    const body = await json<{ id: number }[]>(
      await call(recentApi, `/api/donation-pools/${zavkhan.id}/recent-donations`, {
        id: String(zavkhan.id),
      }),
    );
    expect(body.map((d) => d.id)).not.toContain(newest!.id);
    await db
      .update(poolDonations)
      .set({ is_hidden: false })
      .where(eq(poolDonations.id, newest!.id));
  });

  it("keeps the gift of a donor who chose not to be shown, without the name", async () => {
    const [shy] = await db
      .select({ id: poolDonations.id, name: poolDonations.donor_name })
      .from(poolDonations)
      .where(and(eq(poolDonations.pool_id, zavkhan.id), eq(poolDonations.status, "verified")))
      .orderBy(desc(poolDonations.donation_date))
      .limit(1);
    await db
      .update(poolDonations)
      .set({ display_in_leaderboard: false })
      .where(eq(poolDonations.id, shy!.id));
    const body = await json<{ id: number; donor_name: string | null }[]>(
      await call(recentApi, `/api/donation-pools/${zavkhan.id}/recent-donations`, {
        id: String(zavkhan.id),
      }),
    );
    expect(body.find((d) => d.id === shy!.id)).toMatchObject({ donor_name: null });
    expect(JSON.stringify(body)).not.toContain(shy!.name);
    await db
      .update(poolDonations)
      .set({ display_in_leaderboard: true })
      .where(eq(poolDonations.id, shy!.id));
  });

  it("404 for a pool that does not exist", async () => {
    const res = await call(recentApi, "/api/donation-pools/424242/recent-donations", {
      id: "424242",
    });
    expect(res.status).toBe(404);
    expect(await res.json()).toHaveProperty("error");
  });
});

describe("/donation-pools and /donation-pools/{id} loaders", () => {
  it("the list: every pool in order, archived last, and the leaderboard of shown donors", async () => {
    const data = await call<Awaited<ReturnType<typeof listLoader>>>(listLoader, "/donation-pools");
    expect(data.pools?.total).toBe(6);
    expect(data.pools?.items.map((p) => p.status)).toEqual([
      "active",
      "active",
      "active",
      "completed",
      "completed",
      "archived",
    ]);
    expect(data.meta.title).toBe("Хандивын аянууд — StoryShare");
    const board = data.donors ?? [];
    expect(board.length).toBeGreaterThan(0);
    expect(board.map((d) => d.total)).toEqual([...board.map((d) => d.total)].sort((a, b) => b - a));
    // Мөнхбат and Оюунчимэг gave verified gifts but chose not to be shown.
    expect(board.map((d) => d.donor_name)).not.toContain("Мөнхбат");
    expect(board.map((d) => d.donor_name)).not.toContain("Оюунчимэг");
  });

  it("pages through the pools without overlaps, archived on the last page", async () => {
    const pages = await Promise.all([1, 2, 3].map((p) => listPoolsPage(p, 2)));
    expect(pages[0]!.pageCount).toBe(3);
    const ids = pages.flatMap((p) => p.items.map((i) => i.id));
    expect(new Set(ids).size).toBe(6);
    expect(pages[2]!.items.at(-1)?.id).toBe(archivedId);
    // Past the end, a screen shows the last page.
    expect((await listPoolsPage(40, 2)).page).toBe(3);
  });

  it("the detail: the pool, its recent donors, the page title, description and image", async () => {
    const data = await call<Awaited<ReturnType<typeof detailLoader>>>(
      detailLoader,
      `/donation-pools/${zavkhan.id}`,
      { id: String(zavkhan.id) },
    );
    expect(data.pool.name).toBe(zavkhan.name);
    expect(data.pool.photos).toHaveLength(2);
    expect(data.recent[0]).toMatchObject({ donor_name: "Бат-Эрдэнэ" });
    expect(data.meta.title).toBe(`${zavkhan.name} — StoryShare`);
    expect(data.meta.description).toBe(
      zavkhan.description.replace(/\s+/g, " ").trim().slice(0, 150),
    );
    expect(data.meta.image?.url).toMatch(
      new RegExp(`^http://localhost:3000/og/pool/${zavkhan.id}\\?v=[a-f0-9]{32}$`),
    );
    const tags = detailMeta(metaArgs(data));
    expect(tags).toContainEqual({ property: "og:image", content: data.meta.image?.url });
    expect(tags).toContainEqual({ title: `${zavkhan.name} — StoryShare` });
    expect(tags).toContainEqual({
      tagName: "link",
      rel: "canonical",
      href: `${ORIGIN}/donation-pools/${zavkhan.id}`,
    });
  });

  it("a pool without photos has a card too; its description is cut to 150", async () => {
    const data = await call<Awaited<ReturnType<typeof detailLoader>>>(
      detailLoader,
      `/donation-pools/${videoPoolId}`,
      { id: String(videoPoolId) },
    );
    expect(data.meta.description).toHaveLength(150);
    expect(data.pool.video_url).toBe(`/media/${videoId}`);
    expect(data.meta.image?.url).toContain(`/og/pool/${videoPoolId}?v=`);
  });

  it("an unknown or malformed id is a 404 for the page's error boundary", async () => {
    for (const id of ["999999", "abc", "0"]) {
      const thrown = await call(detailLoader, `/donation-pools/${id}`, { id }).catch((e) => e);
      expect(thrown).toBeInstanceOf(Response);
      expect((thrown as Response).status).toBe(404);
    }
  });
});
