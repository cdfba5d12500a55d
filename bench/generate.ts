/**
 * Fills a separate benchmark database fast, with plain multi-row INSERTs instead of the HTTP API:
 * the demo seed (featured stories, pools with photos), then generated content up to the asked
 * number of approved stories, with comments, hearts, pools and donations in the proportions of
 * issue 8 (20,000 stories: 100,000 comments, 100,000 hearts, 500 pools, 50,000 donations) and
 * issue 45 (200,000 stories: 2,000 campaigns, 500,000 gifts). See `sizesFor`.
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
import { searchKey } from "~/lib/search-key";
import { indexMissing, mergeSearchIndex } from "~/models/search-index.server";
import { createUser, usernameKey } from "~/models/users.server";

export const BENCH_READER = "bench-reader";
export const BENCH_READER_PASSWORD = "bench-reader-password";

const DAY = 24 * 60 * 60 * 1000;
/** Seconds each step took, on stderr (the last stdout line is the run's JSON). */
function timer() {
  let at = Date.now();
  return (step: string) => {
    console.error(`[generate] ${step}: ${((Date.now() - at) / 1000).toFixed(1)} s`);
    at = Date.now();
  };
}
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

/**
 * What a database of `stories` approved stories holds, seed included. Comments, hearts, readers and
 * gifts grow with the stories; campaigns grow slower (four times for ten times the stories, as
 * issue 45 asks: 500 at 20,000, 2,000 at 200,000), so each campaign is busier on a larger site.
 * Never fewer campaigns than the home page shows, so pages compared across sizes show the same cards.
 */
export function sizesFor(stories: number) {
  const scale = stories / 20_000;
  return {
    stories,
    readers: Math.max(20, Math.round(1000 * scale)),
    comments: Math.round(100_000 * scale),
    hearts: Math.round(100_000 * scale),
    pools: Math.max(LIMITS.homePools, Math.round(500 * scale ** Math.log10(4))),
    donations: Math.max(10, Math.round(50_000 * scale)),
  };
}

/** Inserts rows in statements of `chunk` rows, one write transaction per 50 statements. */
async function insertRows(
  table: string,
  columns: string[],
  rows: InValue[][],
  chunk = 400,
  verb = "INSERT",
) {
  const statements = [];
  for (let i = 0; i < rows.length; i += chunk) {
    const part = rows.slice(i, i + chunk);
    const placeholders = part.map(() => `(${columns.map(() => "?").join(",")})`).join(",");
    statements.push({
      sql: `${verb} INTO ${table} (${columns.join(",")}) VALUES ${placeholders}`,
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
  // The search index's rows are written here too, in the app's spelling: indexMissing would spell
  // each copy of the same few texts again (most of the time at 200,000 stories).
  const spelled = new Map(sources.map((s) => [s.story, searchKey(s.story)]));
  const firstId = (await scalar("SELECT COALESCE(MAX(id), 0) FROM stories")) + 1;
  const rows: InValue[][] = [];
  const index: InValue[][] = [];
  const words = new Set<string>();
  for (let i = 0; i < count; i++) {
    const source = pick(sources);
    const submitted = now - between(2, 3 * 365) * DAY - between(0, 86_000) * 1000;
    const approved = submitted + between(1, 20) * 3_600_000;
    const withImage = images.length > 0 && rnd() < 0.25;
    const title = `${source.title} · ${i + 1}`;
    const author = `reader${between(1, userIds.length)}`;
    const row = [searchKey(title), spelled.get(source.story)!, searchKey(author)];
    index.push([firstId + i, ...row]);
    for (const text of row) for (const word of text.split(" ")) if (word) words.add(word);
    rows.push([
      pick(userIds),
      author,
      title,
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
  const [last] = (await dbClient.execute("SELECT MAX(id) FROM stories")).rows;
  // Ids are given in order to a single writer's inserts; checked, since the index is keyed by them.
  if (Number(last?.[0]) !== firstId + count - 1) throw new Error("story ids not consecutive");
  await insertRows("story_search", ["rowid", "title", "story", "author"], index, 200);
  // The index's word list, as indexStoryTerms keeps it (migration 0031).
  await insertRows(
    "story_search_terms",
    ["term"],
    [...words].map((w) => [w]),
    1000,
    "INSERT OR IGNORE",
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

  // Gifts go to the generated campaigns (to any, if the seed already had enough of them).
  let poolIds = (
    await dbClient.execute({ sql: "SELECT id FROM donation_pools WHERE id >= ?", args: [firstId] })
  ).rows.map((r) => Number(r[0]));
  if (!poolIds.length)
    poolIds = (await dbClient.execute("SELECT id FROM donation_pools")).rows.map((r) =>
      Number(r[0]),
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
      pick(poolIds),
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
  // The indexes of a million rows take random inserts: with SQLite's 2 MB page cache they spill
  // to disk, and 200,000 stories took three times as long (this connection only, not the site's).
  await dbClient.execute("PRAGMA cache_size = -524288");
  await seed();
  const now = Date.now();
  const approvedBefore = await scalar("SELECT COUNT(*) FROM stories WHERE status = 'approved'");
  const toAdd = Math.max(0, storyTarget - approvedBefore);
  const want = sizesFor(storyTarget);

  if (toAdd > 0) {
    const step = timer();
    const userIds = await addUsers(want.readers);
    await addStories(toAdd, userIds, now);
    step("stories");
    const storyIds = (
      await dbClient.execute("SELECT id FROM stories WHERE status = 'approved'")
    ).rows.map((r) => Number(r[0]));
    await addHearts(want.hearts, storyIds, userIds);
    await addComments(want.comments, storyIds, userIds, now);
    step("hearts and comments");
    // The totals asked for are the database's, the demo seed's campaigns and gifts included.
    await addPools(
      Math.max(0, want.pools - (await scalar("SELECT COUNT(*) FROM donation_pools"))),
      Math.max(0, want.donations - (await scalar("SELECT COUNT(*) FROM pool_donations"))),
      now,
    );
    step("campaigns and gifts");
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
    step("counters");
  }
  const reader = await dbClient.execute({
    sql: "SELECT id FROM users WHERE username_key = ?",
    args: [usernameKey(BENCH_READER)],
  });
  if (!reader.rows.length) await createUser(BENCH_READER, BENCH_READER_PASSWORD, "user");
  // The generated rows were written around the service layer: the search index learns them here.
  const indexed = timer();
  await indexMissing();
  // As the sender's minute upkeep leaves the index once it has caught up (decision 033).
  while (await mergeSearchIndex(20_000));
  indexed("search index");
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
