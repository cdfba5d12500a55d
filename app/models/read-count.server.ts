import { createHash, randomBytes } from "node:crypto";
import { lt, sql } from "drizzle-orm";
import { isbot } from "isbot";
import { db } from "#db/client";
import { readSalts, readVisitors } from "#db/schema";
import { configuredOrigin } from "~/http/origin.server";
import { errorFields, logger } from "~/lib/logger.server";
import { todayInUlaanbaatar } from "~/lib/pool-end";
import type { ReadEvent } from "~/lib/read-event";

/**
 * Counting reads (issue 42 item 3, decision 061), the way Plausible counts: a visitor is
 * recognised within one Ulaanbaatar day only, by a hash of the day's random secret, their address
 * and their user agent; the secret and the hashes are deleted when the day changes. Nothing here
 * stores an address or a user agent, and nothing sets a cookie. Reads reach the database in
 * batches, one transaction each, never one write per read.
 */

/** At most this many events are kept waiting; beyond it the oldest wait is written at once. */
const MAX_QUEUE = 5_000;
const FLUSH_MS = 1_500;

let queue: ReadEvent[] = [];
let timer: NodeJS.Timeout | null = null;
let flushing: Promise<void> = Promise.resolve();

/** Keeps a read for the next batch (the story route's loader, when no front counts). */
export function queueRead(event: ReadEvent) {
  queue.push(event);
  if (queue.length >= MAX_QUEUE) {
    void flushReads();
    return;
  }
  if (!timer) {
    timer = setTimeout(() => {
      timer = null;
      void flushReads();
    }, FLUSH_MS);
    // A process with nothing else to do may leave; beforeExit below writes what waits.
    timer.unref();
  }
}

/** Writes every waiting read now (tests; a process that is about to leave). */
export function flushReads(): Promise<void> {
  if (timer) {
    clearTimeout(timer);
    timer = null;
  }
  const batch = queue;
  queue = [];
  flushing = flushing.then(async () => {
    if (!batch.length) return;
    try {
      await recordReads(batch);
    } catch (error) {
      // Reads are not worth failing anything for: the batch is lost and said so.
      logger.error("reads.flush_failed", { events: batch.length, ...errorFields(error) });
    }
  });
  return flushing;
}

const globalFlags = globalThis as unknown as { __storyshareReadsExitHook?: boolean };
if (!globalFlags.__storyshareReadsExitHook) {
  globalFlags.__storyshareReadsExitHook = true;
  // remix-serve closes its server on SIGTERM and the process leaves when nothing is left to do:
  // the reads still waiting are written first.
  process.on("beforeExit", () => {
    if (queue.length) void flushReads();
  });
}

/** Whether an event is a person reading: known bots and clients that send no user agent are not. */
export function countable(event: Pick<ReadEvent, "userAgent">): boolean {
  return Boolean(event.userAgent) && !isbot(event.userAgent);
}

/**
 * Where a read came from: "direct" without a Referer; "search" from StoryShare's search, "site"
 * from any other page of it; otherwise the referring site's host name only, lower-cased, without
 * "www." (never its path or query, which may say who the reader is).
 */
export function readSource(referer: string, host: string): string {
  if (!referer) return "direct";
  let url: URL;
  try {
    url = new URL(referer);
  } catch {
    return "direct";
  }
  if (url.protocol !== "http:" && url.protocol !== "https:") return "direct";
  const own = configuredOrigin();
  const sameSite =
    url.host.toLowerCase() === host.toLowerCase() || (own !== null && url.origin === own);
  if (sameSite) return url.pathname === "/search" ? "search" : "site";
  const name = url.hostname.toLowerCase().replace(/^www\./, "");
  return name.slice(0, 253) || "direct";
}

/** Today's secret, the same in every process: the first to ask makes it. */
const salts = new Map<string, string>();
/** The newest day this process has forgotten the days before. */
let newestDay = "";

async function saltFor(day: string): Promise<string> {
  const known = salts.get(day);
  if (known) return known;
  const [, rows] = await db.batch([
    db
      .insert(readSalts)
      .values({ day, salt: randomBytes(32).toString("base64url") })
      .onConflictDoNothing(),
    db.select({ salt: readSalts.salt }).from(readSalts).where(sql`${readSalts.day} = ${day}`),
  ]);
  const salt = rows[0]!.salt;
  salts.set(day, salt);
  return salt;
}

/**
 * The secret of a day that is over, if no process has forgotten it yet: never made again (it would
 * count that day's visitors again and outlive the day), and asked of the database, not of this
 * process's memory, as another process may have deleted it.
 */
async function pastSalt(day: string): Promise<string | null> {
  salts.delete(day);
  const [row] = await db
    .select({ salt: readSalts.salt })
    .from(readSalts)
    .where(sql`${readSalts.day} = ${day}`);
  return row?.salt ?? null;
}

/** The statements that throw away the secrets and visitor hashes of the days before `day`. */
function forgetting(day: string) {
  for (const old of salts.keys()) if (old < day) salts.delete(old);
  return [
    db.delete(readSalts).where(lt(readSalts.day, day)),
    db.delete(readVisitors).where(lt(readVisitors.day, day)),
  ] as const;
}

/**
 * The days before today (Ulaanbaatar) are over: their secrets and hashes go even when no read
 * comes (the sender's scan calls this once a minute), so nobody can be recognised across days.
 */
export async function forgetPastReadDays(now = Date.now()) {
  const today = todayInUlaanbaatar(new Date(now));
  if (today > newestDay) newestDay = today;
  await db.batch(forgetting(today));
}

function visitorHash(salt: string, event: ReadEvent) {
  return createHash("sha256")
    .update(salt)
    .update("\n")
    .update(event.address)
    .update("\n")
    .update(event.userAgent)
    .digest("base64url");
}

/**
 * Counts a batch of reads in one transaction: each visitor once per story and day, with the
 * source of that first read. Bots and reads of stories readers cannot see (not approved, or gone
 * since) are skipped. A batch may cross midnight: the day before is counted with its own secret,
 * which is then deleted with its hashes; a read of a day whose secret is already gone is dropped.
 */
export async function recordReads(events: readonly ReadEvent[], now = Date.now()): Promise<number> {
  const people = events.filter(countable);
  if (!people.length) return 0;
  const days = people.map((e) => todayInUlaanbaatar(new Date(e.at)));
  const newest = [...days].sort().at(-1)!;
  const today = todayInUlaanbaatar(new Date(now));
  const daySalts = new Map<string, string | null>();
  for (const day of new Set(days)) {
    const over = day < newest || day < today;
    daySalts.set(day, over ? await pastSalt(day) : await saltFor(day));
  }
  const statements = [];
  let counted = 0;
  for (const [i, event] of people.entries()) {
    const day = days[i]!;
    const salt = daySalts.get(day);
    if (!salt) continue;
    counted += 1;
    const visitor = visitorHash(salt, event);
    const source = readSource(event.referer, event.host);
    const story = event.storyId;
    // Each statement below runs only when the one before it changed a row (changes() = 1):
    // a visitor already counted today adds nothing, nor a story readers cannot see (a pending
    // one its author or an administrator opens, one refused or hidden after reports, one gone).
    statements.push(
      db.run(sql`INSERT OR IGNORE INTO read_visitors (day, story_id, visitor)
        SELECT ${day}, ${story}, ${visitor}
        WHERE EXISTS (SELECT 1 FROM stories WHERE id = ${story} AND status = 'approved')`),
      db.run(sql`INSERT INTO story_reads (story_id, day, reads) SELECT ${story}, ${day}, 1
        WHERE changes() = 1
        ON CONFLICT (story_id, day) DO UPDATE SET reads = reads + 1`),
      db.run(sql`INSERT INTO story_read_sources (story_id, day, source, reads)
        SELECT ${story}, ${day}, ${source}, 1 WHERE changes() = 1
        ON CONFLICT (story_id, day, source) DO UPDATE SET reads = reads + 1`),
    );
  }
  // A new day: the days before it are forgotten after this batch counted its own reads of them.
  if (newest > newestDay) {
    newestDay = newest;
    statements.push(...forgetting(newest));
  }
  if (statements.length) await db.batch(statements as unknown as Parameters<typeof db.batch>[0]);
  return counted;
}
