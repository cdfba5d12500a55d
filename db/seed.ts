import { randomBytes, randomInt } from "node:crypto";
import { count } from "drizzle-orm";
import sharp from "sharp";
import { PREMIUM_DEFAULTS } from "~/constants";
import { logger } from "~/lib/logger.server";
import { hashPassword } from "~/lib/password.server";
import { storeImage } from "~/models/media.server";
import { indexMissing } from "~/models/search-index.server";
import { ensureDefaultSettings } from "~/models/settings.server";
import { ensureAdmin, usernameKey } from "~/models/users.server";
import { db } from "./client";
import {
  comments,
  donationPools,
  faqEntries,
  legalPages,
  poolDonations,
  poolUpdateMedia,
  poolUpdates,
  stories,
  storyHearts,
  userRoles,
  users,
} from "./schema";
import {
  authors,
  stories as demoStories,
  faq,
  pools,
  type SeedPool,
  type SeedStory,
} from "./seed/content";
import { illustrations } from "./seed/illustrations";
import { legalPages as legalTexts } from "./seed/legal";

/**
 * Demo content for a new installation, in Mongolian with some English. Idempotent: the
 * administrator, default settings, FAQ and legal pages are ensured every time; stories, pools and donations
 * are added only to a database that has none.
 */

const DAY = 24 * 60 * 60 * 1000;
const HOUR = 60 * 60 * 1000;
const iso = (ms: number) => new Date(ms).toISOString();

async function renderIllustration(key: string): Promise<string> {
  const svg = illustrations[key];
  if (!svg) throw new Error(`Unknown illustration "${key}"`);
  const jpeg = await sharp(Buffer.from(svg())).jpeg({ quality: 88 }).toBuffer();
  return storeImage(jpeg);
}

async function seedFaq() {
  await db
    .insert(faqEntries)
    .values(
      faq.flatMap((item, position) =>
        (["mn", "en"] as const).map((language) => ({
          language,
          item_key: item.key,
          question: item[language].question,
          answer: item[language].answer,
          position,
        })),
      ),
    )
    .onConflictDoNothing();
}

/** The privacy, terms and cookie pages: a page an administrator has edited is left as it is. */
async function seedLegalPages() {
  await db
    .insert(legalPages)
    .values(
      Object.entries(legalTexts).flatMap(([slug, languages]) =>
        Object.entries(languages).map(([language, page]) => ({
          slug: slug as keyof typeof legalTexts,
          language: language as "mn" | "en",
          ...page,
        })),
      ),
    )
    .onConflictDoNothing();
}

async function seedUsers(): Promise<Map<string, string>> {
  // Demo authors cannot sign in: their password is random and thrown away.
  const passwordHash = await hashPassword(randomBytes(24).toString("hex"));
  const ids = new Map<string, string>();
  for (const author of authors) {
    const id = crypto.randomUUID();
    ids.set(author.username, id);
    await db.batch([
      db.insert(users).values({
        id,
        username: author.username,
        username_key: usernameKey(author.username),
        password_hash: passwordHash,
      }),
      db.insert(userRoles).values({ user_id: id, role: "user" }),
    ]);
  }
  return ids;
}

function storyTimes(story: SeedStory, now: number) {
  const submitted = now - story.daysAgo * DAY - randomInt(1, 9) * HOUR;
  if (story.state === "pending") {
    return { submitted_at: iso(submitted), approved_at: null, expires_at: null, verified: null };
  }
  const approved = Math.min(now - HOUR, submitted + 3 * HOUR);
  const days = story.tier === "free" ? null : PREMIUM_DEFAULTS.days[story.tier];
  let expires = days ? approved + days * DAY : null;
  // A paid story listed as "approved" (not featured) is one whose featured period has ended.
  if (expires && story.state === "approved" && expires > now) expires = now - DAY;
  if (story.state === "featured" && expires && expires <= now) expires = now + 2 * DAY;
  return {
    submitted_at: iso(submitted),
    approved_at: iso(approved),
    expires_at: expires ? iso(expires) : null,
    verified: story.tier === "free" ? null : iso(approved - HOUR),
  };
}

async function seedStories(userIds: Map<string, string>, now: number) {
  const images = new Map<string, string>();
  for (const story of demoStories) {
    if (story.image && !images.has(story.image)) {
      images.set(story.image, await renderIllustration(story.image));
    }
  }
  const usernames = [...userIds.keys()];
  for (const story of demoStories) {
    const times = storyTimes(story, now);
    const paid = story.tier !== "free";
    const [row] = await db
      .insert(stories)
      .values({
        user_id: userIds.get(story.author) ?? null,
        author: story.author,
        title: story.title,
        story: story.story,
        story_image: story.image ? images.get(story.image) : null,
        pricing_tier: story.tier,
        status: story.state === "pending" ? "pending" : "approved",
        bank_name: story.bank_name,
        bank_account: story.bank_account,
        account_name: story.account_name ?? null,
        payment_reference: paid
          ? (story.payment_reference ?? String(randomInt(100000, 1000000)))
          : null,
        payment_status: paid && story.state === "pending" ? "pending" : "verified",
        price: paid ? PREMIUM_DEFAULTS.prices[story.tier as "daily"] : 0,
        featured_days: paid ? PREMIUM_DEFAULTS.days[story.tier as "daily"] : null,
        submitted_at: times.submitted_at,
        approved_at: times.approved_at,
        payment_verified_at: times.verified,
        expires_at: times.expires_at,
        hearts_count: story.state === "pending" ? 0 : Math.min(story.hearts, usernames.length),
        comments_count: story.state === "pending" ? 0 : story.comments.length,
      })
      .returning({ id: stories.id });
    if (!row || story.state === "pending") continue;

    const hearts = usernames.slice(0, Math.min(story.hearts, usernames.length));
    if (hearts.length) {
      await db
        .insert(storyHearts)
        .values(hearts.map((u) => ({ story_id: row.id, user_id: userIds.get(u)! })));
    }
    if (story.comments.length) {
      const submitted = Date.parse(times.submitted_at);
      await db.insert(comments).values(
        story.comments.map((c) => ({
          story_id: row.id,
          user_id: userIds.get(c.author) ?? null,
          author: c.author,
          content: c.content,
          created_at: iso(Math.min(now - 60_000, submitted + c.hoursAfter * HOUR)),
        })),
      );
    }
  }
}

/**
 * A pool's demo updates (issue 20): text in both languages, a spending with its receipt picture,
 * and for a completed pool the final report, which keeps what the pool had raised (the sum of
 * its verified gifts, as its total is).
 */
async function seedUpdates(
  poolId: number,
  pool: SeedPool,
  raised: number,
  adminId: string | null,
  now: number,
) {
  for (const update of pool.updates ?? []) {
    const [row] = await db
      .insert(poolUpdates)
      .values({
        pool_id: poolId,
        body_mn: update.mn,
        body_en: update.en,
        spent_amount: update.spent?.amount ?? null,
        spent_on_mn: update.spent?.mn ?? null,
        spent_on_en: update.spent?.en ?? null,
        is_final: update.final ?? false,
        raised_at_close: update.final ? raised : null,
        created_by: adminId,
        created_at: iso(now - update.daysAgo * DAY),
      })
      .returning({ id: poolUpdates.id });
    const pictures = [
      ...(update.photos ?? []).map((key, position) => ({ kind: "photo" as const, key, position })),
      ...(update.receipts ?? []).map((key, position) => ({
        kind: "receipt" as const,
        key,
        position,
      })),
    ];
    for (const { kind, key, position } of pictures) {
      await db.insert(poolUpdateMedia).values({
        update_id: row!.id,
        kind,
        position,
        media_id: await renderIllustration(key),
      });
    }
  }
}

async function seedPools(adminId: string | null, now: number) {
  for (const pool of pools) {
    const photos: string[] = [];
    for (const key of pool.photos.slice(0, 3)) photos.push(await renderIllustration(key));
    const verified = pool.donations
      .filter((d) => d.status === "verified")
      .reduce((sum, d) => sum + d.amount, 0);
    const created = now - pool.daysAgo * DAY;
    const [row] = await db
      .insert(donationPools)
      .values({
        name: pool.name,
        description: pool.description,
        goal_amount: pool.goal_amount,
        current_amount: verified,
        bank_name: pool.bank_name,
        bank_account: pool.bank_account,
        account_name: pool.account_name,
        status: pool.status,
        created_by: adminId,
        created_at: iso(created),
        photo_1: photos[0] ?? null,
        photo_2: photos[1] ?? null,
        photo_3: photos[2] ?? null,
      })
      .returning({ id: donationPools.id });
    if (!row) continue;
    await seedUpdates(row.id, pool, verified, adminId, now);
    if (!pool.donations.length) continue;
    await db.insert(poolDonations).values(
      pool.donations.map((d) => {
        const date = Math.max(created + HOUR, now - d.daysAgo * DAY - randomInt(1, 12) * HOUR);
        return {
          pool_id: row.id,
          donor_name: d.donor_name,
          phone_number: d.phone_number,
          amount: d.amount,
          transaction_reference: d.transaction_reference,
          payment_code: d.payment_code ?? null,
          message: d.message ?? null,
          status: d.status,
          display_in_leaderboard: d.display_in_leaderboard,
          is_hidden: d.is_hidden ?? false,
          status_token: randomBytes(18).toString("base64url"),
          donation_date: iso(date),
          decided_at: d.status === "pending" ? null : iso(Math.min(now, date + 6 * HOUR)),
          decided_by: d.status === "pending" ? null : adminId,
        };
      }),
    );
  }
}

export async function seed() {
  await seedContent();
  // Whatever the database held before (a backup, an older version): the search finds it all.
  await indexMissing();
}

async function seedContent() {
  await ensureAdmin();
  await ensureDefaultSettings();
  await seedFaq();
  await seedLegalPages();

  const [{ n: storyCount } = { n: 0 }] = await db.select({ n: count() }).from(stories);
  const [{ n: poolCount } = { n: 0 }] = await db.select({ n: count() }).from(donationPools);
  if (storyCount > 0 || poolCount > 0) {
    logger.info("seed.skipped", { reason: "the database already has content" });
    return;
  }

  const now = Date.now();
  const admin = await db.query.userRoles.findFirst({
    where: (r, { eq }) => eq(r.role, "admin"),
  });
  const userIds = await seedUsers();
  await seedStories(userIds, now);
  await seedPools(admin?.user_id ?? null, now);
  logger.info("seed.done", { stories: demoStories.length, pools: pools.length });
}

// Run directly (`npm run db:seed`), not when imported by tests or setup.
if (import.meta.url === `file://${process.argv[1]}`) {
  const { migrateDatabase } = await import("./migrate");
  await migrateDatabase();
  await seed();
}
