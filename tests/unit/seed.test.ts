import { and, count, eq, gt, isNotNull, lte, sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { db } from "#db/client";
import {
  comments,
  donationPools,
  faqEntries,
  media,
  poolDonations,
  poolUpdateMedia,
  poolUpdates,
  settings,
  stories,
  users,
} from "#db/schema";
import { seed } from "#db/seed";
import { getPremiumSettings } from "~/models/settings.server";
import { verifyLogin } from "~/models/users.server";

const now = () => new Date().toISOString();
const n = async (q: Promise<{ n: number }[]>) => (await q)[0]?.n ?? 0;

describe("demo content (db/seed.ts)", () => {
  beforeAll(async () => {
    await seed();
  }, 120_000);

  it("creates the administrator from ADMIN_USERNAME / ADMIN_PASSWORD", async () => {
    expect(await verifyLogin("admin", "test-admin-password")).toMatchObject({ role: "admin" });
  });

  it("has at least 12 approved stories, 3 featured premium and 2 pending premium ones", async () => {
    const approved = await n(
      db.select({ n: count() }).from(stories).where(eq(stories.status, "approved")),
    );
    expect(approved).toBeGreaterThanOrEqual(12);
    const featured = await n(
      db
        .select({ n: count() })
        .from(stories)
        .where(
          and(
            eq(stories.status, "approved"),
            eq(stories.is_premium, true),
            gt(stories.expires_at, now()),
          ),
        ),
    );
    expect(featured).toBe(3);
    const pending = await n(
      db
        .select({ n: count() })
        .from(stories)
        .where(
          and(
            eq(stories.status, "pending"),
            eq(stories.is_premium, true),
            eq(stories.payment_status, "pending"),
          ),
        ),
    );
    expect(pending).toBe(2);
    const withImages = await n(
      db.select({ n: count() }).from(stories).where(isNotNull(stories.story_image)),
    );
    expect(withImages).toBeGreaterThanOrEqual(6);
    const expiredPaid = await n(
      db
        .select({ n: count() })
        .from(stories)
        .where(and(eq(stories.is_premium, true), lte(stories.expires_at, now()))),
    );
    expect(expiredPaid, "paid stories whose period ended list as regular").toBeGreaterThanOrEqual(
      0,
    );
  });

  it("stores every story image as a real media file with a thumbnail", async () => {
    const rows = await db.select().from(media).where(isNotNull(media.thumbnail_id));
    expect(rows.length).toBeGreaterThanOrEqual(6);
    for (const row of rows) expect(row.mime_type).toBe("image/webp");
  });

  it("keeps counters in step with the rows", async () => {
    const mismatched = await db.all(sql`
      SELECT s.id FROM stories s
      WHERE s.comments_count <> (SELECT count(*) FROM comments c WHERE c.story_id = s.id)
         OR s.hearts_count <> (SELECT count(*) FROM story_hearts h WHERE h.story_id = s.id)`);
    expect(mismatched).toEqual([]);
    expect(await n(db.select({ n: count() }).from(comments))).toBeGreaterThan(10);
  });

  it("has 4 pools with photos, whose totals equal their verified donations", async () => {
    const pools = await db.select().from(donationPools);
    expect(pools).toHaveLength(4);
    for (const pool of pools) {
      expect(pool.photo_1).toBeTruthy();
      const [{ total } = { total: 0 }] = await db
        .select({ total: sql<number>`coalesce(sum(${poolDonations.amount}), 0)` })
        .from(poolDonations)
        .where(and(eq(poolDonations.pool_id, pool.id), eq(poolDonations.status, "verified")));
      expect(pool.current_amount).toBe(total);
    }
    const pending = await n(
      db.select({ n: count() }).from(poolDonations).where(eq(poolDonations.status, "pending")),
    );
    expect(pending).toBeGreaterThan(0);
  });

  it("gives an active pool two updates (a spending with a photo and a receipt picture) and the completed pool its final report", async () => {
    const rows = await db
      .select({
        update: poolUpdates,
        status: donationPools.status,
        raised: donationPools.current_amount,
      })
      .from(poolUpdates)
      .innerJoin(donationPools, eq(donationPools.id, poolUpdates.pool_id));
    const active = rows.filter((r) => r.status === "active");
    expect(active).toHaveLength(2);
    expect(new Set(active.map((r) => r.update.pool_id)).size).toBe(1);
    const spending = active.find((r) => r.update.spent_amount !== null)!;
    const pictures = await db
      .select()
      .from(poolUpdateMedia)
      .where(eq(poolUpdateMedia.update_id, spending.update.id));
    expect(pictures.map((p) => p.kind).sort()).toEqual(["photo", "receipt"]);
    const finals = rows.filter((r) => r.update.is_final);
    expect(finals).toHaveLength(1);
    expect(finals[0]!.status).toBe("completed");
    // What the report says was raised is the pool's total, the sum of its verified gifts.
    expect(finals[0]!.update.raised_at_close).toBe(finals[0]!.raised);
  });

  it("has the 6 FAQ entries in both languages and the default premium settings", async () => {
    for (const language of ["mn", "en"] as const) {
      const rows = await db.select().from(faqEntries).where(eq(faqEntries.language, language));
      expect(rows.map((r) => r.item_key).sort()).toEqual(["q1", "q2", "q3", "q4", "q5", "q6"]);
    }
    expect(await getPremiumSettings()).toEqual({
      prices: { daily: 3000, weekly: 5000, monthly: 15000 },
      days: { daily: 3, weekly: 7, monthly: 30 },
    });
    expect(await n(db.select({ n: count() }).from(settings))).toBeGreaterThanOrEqual(2);
  });

  it("is idempotent: a second run adds nothing", async () => {
    const before = {
      users: await n(db.select({ n: count() }).from(users)),
      stories: await n(db.select({ n: count() }).from(stories)),
      donations: await n(db.select({ n: count() }).from(poolDonations)),
      faq: await n(db.select({ n: count() }).from(faqEntries)),
    };
    await seed();
    expect({
      users: await n(db.select({ n: count() }).from(users)),
      stories: await n(db.select({ n: count() }).from(stories)),
      donations: await n(db.select({ n: count() }).from(poolDonations)),
      faq: await n(db.select({ n: count() }).from(faqEntries)),
    }).toEqual(before);
  });
});
