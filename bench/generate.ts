/**
 * Fills a separate benchmark database fast, with plain multi-row INSERTs instead of the HTTP API:
 * the demo seed (featured stories, pools with photos), then generated content up to the asked
 * number of approved stories, with comments, hearts, pools and donations in the proportions of
 * issue 8 (20,000 stories: 100,000 comments, 100,000 hearts, 500 pools, 50,000 donations).
 *
 *   DATABASE_URL=file:bench/.data/x.db MEDIA_DIR=… tsx bench/generate.ts 20000
 *
 * Also creates the reader the signed-in runs use (BENCH_READER / BENCH_READER_PASSWORD).
 */
import { randomBytes } from "node:crypto";
import type { InValue } from "@libsql/client";
import { dbClient } from "#db/client";
import { migrateDatabase } from "#db/migrate";
import { seed } from "#db/seed";
import { pools as demoPools, stories as demoStories } from "#db/seed/content";
import { LIMITS } from "~/constants";
import { hashPassword } from "~/lib/password.server";
import { indexMissing } from "~/models/search-index.server";
import { createUser, usernameKey } from "~/models/users.server";

export const BENCH_READER = "bench-reader";
export const BENCH_READER_PASSWORD = "bench-reader-password";

const DAY = 24 * 60 * 60 * 1000;
const iso = (ms: number) => new Date(ms).toISOString();

/** A small deterministic generator, so two runs build the same database. */
function random(seedValue: number) {
  let s = seedValue >>> 0;
  return () => {
    s = (s + 0x6d2b79f5) >>> 0;
    let t = s;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
const rnd = random(20261122);
const pick = <T>(list: readonly T[]): T => list[Math.floor(rnd() * list.length)]!;
const between = (min: number, max: number) => min + Math.floor(rnd() * (max - min + 1));

/** Inserts rows in statements of `chunk` rows, all in one write transaction. */
async function insertRows(table: string, columns: string[], rows: InValue[][], chunk = 400) {
  const statements = [];
  for (let i = 0; i < rows.length; i += chunk) {
    const part = rows.slice(i, i + chunk);
    const placeholders = part.map(() => `(${columns.map(() => "?").join(",")})`).join(",");
    statements.push({
      sql: `INSERT INTO ${table} (${columns.join(",")}) VALUES ${placeholders}`,
      args: part.flat(),
    });
  }
  for (let i = 0; i < statements.length; i += 50) {
    await dbClient.batch(statements.slice(i, i + 50), "write");
  }
}

async function scalar(sql: string): Promise<number> {
  const result = await dbClient.execute(sql);
  return Number(result.rows[0]?.[0] ?? 0);
}

const COMMENTS = [
  "Маш сайхан бичжээ, баярлалаа!",
  "Энэ түүх намайг их бодогнуулав.",
  "Үргэлжлэлийг нь хүлээж байна.",
  "Сэтгэл хөдөлгөм түүх байна.",
  "Thank you for sharing this story.",
  "Амжилт хүсье, хүч тэнхээ нэмэгдэг!",
  "Би ч бас ийм зүйл туулж байсан.",
  "Beautifully written, I read it twice.",
];

async function addUsers(count: number): Promise<string[]> {
  const hash = await hashPassword(randomBytes(24).toString("hex"));
  const ids: string[] = [];
  const rows: InValue[][] = [];
  const roles: InValue[][] = [];
  for (let i = 0; i < count; i++) {
    const id = crypto.randomUUID();
    const username = `reader${i + 1}`;
    ids.push(id);
    rows.push([id, username, usernameKey(username), hash]);
    roles.push([id, "user"]);
  }
  await insertRows("users", ["id", "username", "username_key", "password_hash"], rows);
  await insertRows("user_roles", ["user_id", "role"], roles);
  return ids;
}

async function addStories(count: number, userIds: string[], now: number) {
  const images = (
    await dbClient.execute("SELECT DISTINCT story_image FROM stories WHERE story_image IS NOT NULL")
  ).rows.map((r) => String(r[0]));
  const sources = demoStories.filter((s) => s.story.length > 200);
  const rows: InValue[][] = [];
  for (let i = 0; i < count; i++) {
    const source = pick(sources);
    const submitted = now - between(2, 3 * 365) * DAY - between(0, 86_000) * 1000;
    const approved = submitted + between(1, 20) * 3_600_000;
    const withImage = images.length > 0 && rnd() < 0.25;
    rows.push([
      pick(userIds),
      `reader${between(1, userIds.length)}`,
      `${source.title} · ${i + 1}`,
      source.story,
      withImage ? pick(images) : null,
      "free",
      "approved",
      source.bank_name,
      source.bank_account,
      "verified",
      iso(submitted),
      iso(approved),
    ]);
  }
  await insertRows(
    "stories",
    [
      "user_id",
      "author",
      "title",
      "story",
      "story_image",
      "pricing_tier",
      "status",
      "bank_name",
      "bank_account",
      "payment_status",
      "submitted_at",
      "approved_at",
    ],
    rows,
    200,
  );
}

async function addHearts(count: number, storyIds: number[], userIds: string[]) {
  // Each reader hearts distinct stories: a stride coprime with the story count never repeats.
  const perUser = Math.ceil(count / userIds.length);
  const stride = 211;
  const rows: InValue[][] = [];
  for (let u = 0; u < userIds.length && rows.length < count; u++) {
    const start = (u * 7919) % storyIds.length;
    for (let k = 0; k < perUser && k < storyIds.length && rows.length < count; k++) {
      rows.push([storyIds[(start + k * stride) % storyIds.length]!, userIds[u]!]);
    }
  }
  await insertRows("story_hearts", ["story_id", "user_id"], rows, 1000);
}

async function addComments(count: number, storyIds: number[], userIds: string[], now: number) {
  const rows: InValue[][] = [];
  for (let i = 0; i < count; i++) {
    const user = between(0, userIds.length - 1);
    rows.push([
      pick(storyIds),
      userIds[user]!,
      `reader${user + 1}`,
      pick(COMMENTS),
      iso(now - between(0, 700) * DAY - between(0, 86_000) * 1000),
    ]);
  }
  await insertRows("comments", ["story_id", "user_id", "author", "content", "created_at"], rows);
}

async function addPools(count: number, donationCount: number, now: number) {
  const photos = (
    await dbClient.execute("SELECT photo_1 FROM donation_pools WHERE photo_1 IS NOT NULL")
  ).rows.map((r) => String(r[0]));
  const firstId = (await scalar("SELECT COALESCE(MAX(id), 0) FROM donation_pools")) + 1;
  const rows: InValue[][] = [];
  for (let i = 0; i < count; i++) {
    const source = pick(demoPools);
    rows.push([
      `${source.name} · ${i + 1}`,
      source.description,
      between(10, 500) * 100_000,
      source.bank_name,
      source.bank_account,
      source.account_name,
      rnd() < 0.8 ? "active" : "completed",
      iso(now - between(1, 400) * DAY),
      photos.length ? pick(photos) : null,
    ]);
  }
  await insertRows(
    "donation_pools",
    [
      "name",
      "description",
      "goal_amount",
      "bank_name",
      "bank_account",
      "account_name",
      "status",
      "created_at",
      "photo_1",
    ],
    rows,
  );

  const usedCodes = new Set(
    (await dbClient.execute("SELECT payment_code FROM pool_donations")).rows.map((r) =>
      String(r[0]),
    ),
  );
  const donations: InValue[][] = [];
  let code = 300_000;
  for (let i = 0; i < donationCount; i++) {
    while (usedCodes.has(`X${code}`)) code++;
    const roll = rnd();
    const status = roll < 0.7 ? "verified" : roll < 0.95 ? "pending" : "rejected";
    const date = now - between(0, 365) * DAY - between(0, 86_000) * 1000;
    donations.push([
      firstId + between(0, count - 1),
      `Хандивлагч ${i + 1}`,
      `99${String(between(0, 999_999)).padStart(6, "0")}`,
      between(1, 200) * 5_000,
      `TX${i + 1}`,
      `X${code++}`,
      status,
      rnd() < 0.85 ? 1 : 0,
      randomBytes(18).toString("base64url"),
      iso(date),
      status === "pending" ? null : iso(date + 3_600_000),
    ]);
  }
  await insertRows(
    "pool_donations",
    [
      "pool_id",
      "donor_name",
      "phone_number",
      "amount",
      "transaction_reference",
      "payment_code",
      "status",
      "display_in_leaderboard",
      "status_token",
      "donation_date",
      "decided_at",
    ],
    donations,
  );
}

/** Builds the database; returns the counts it holds. */
export async function generate(storyTarget: number) {
  await migrateDatabase();
  await seed();
  const now = Date.now();
  const approvedBefore = await scalar("SELECT COUNT(*) FROM stories WHERE status = 'approved'");
  const toAdd = Math.max(0, storyTarget - approvedBefore);
  const scale = storyTarget / 20_000;

  if (toAdd > 0) {
    const userIds = await addUsers(Math.max(20, Math.round(1000 * scale)));
    await addStories(toAdd, userIds, now);
    const storyIds = (
      await dbClient.execute("SELECT id FROM stories WHERE status = 'approved'")
    ).rows.map((r) => Number(r[0]));
    await addHearts(Math.round(100_000 * scale), storyIds, userIds);
    await addComments(Math.round(100_000 * scale), storyIds, userIds, now);
    await addPools(
      // At least a home page's worth, so that the growth check compares pages that show the same
      // cards at 100 stories and at 20,000.
      Math.max(LIMITS.homePools, Math.round(500 * scale)),
      Math.max(10, Math.round(50_000 * scale)),
      now,
    );
    // The counters the lists sort by, and the pool totals (each the sum of its verified donations).
    await dbClient.batch(
      [
        `UPDATE stories SET
           hearts_count = (SELECT COUNT(*) FROM story_hearts h WHERE h.story_id = stories.id),
           comments_count = (SELECT COUNT(*) FROM comments c WHERE c.story_id = stories.id)`,
        `UPDATE donation_pools SET current_amount = (SELECT COALESCE(SUM(amount), 0)
           FROM pool_donations d WHERE d.pool_id = donation_pools.id AND d.status = 'verified')`,
      ],
      "write",
    );
  }
  const reader = await dbClient.execute({
    sql: "SELECT id FROM users WHERE username_key = ?",
    args: [usernameKey(BENCH_READER)],
  });
  if (!reader.rows.length) await createUser(BENCH_READER, BENCH_READER_PASSWORD, "user");
  // The generated rows were written around the service layer: the search index learns them here.
  await indexMissing();
  await dbClient.execute("PRAGMA wal_checkpoint(TRUNCATE)");

  const counts: Record<string, number> = {};
  for (const table of ["stories", "comments", "story_hearts", "donation_pools", "pool_donations"]) {
    counts[table] = await scalar(`SELECT COUNT(*) FROM ${table}`);
  }
  return counts;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const target = Number(process.argv[2] ?? 20_000);
  const started = Date.now();
  const counts = await generate(target);
  console.log(JSON.stringify({ target, seconds: (Date.now() - started) / 1000, counts }));
  dbClient.close();
}
