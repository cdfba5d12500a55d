import { type SQL, sql } from "drizzle-orm";
import { db } from "#db/client";
import { HttpError } from "~/http/http.server";
import { todayInUlaanbaatar } from "~/lib/pool-end";
import { dayBefore, dayStartsAt } from "~/lib/ub-days";
import { notYourStory } from "~/models/not-yours.server";
import type { User } from "~/models/users.server";

/**
 * What authors see of their readers (issue 42 item 3, decision 061): reads (a visitor once a
 * day, read-count.server.ts), hearts and the comments readers can see, over the last 30 and 90
 * Ulaanbaatar days and in all; reads per day for 90 days; where the reads came from.
 */

export const DAYS_SHOWN = 90;
const SOURCES_SHOWN = 10;

export interface Spans {
  last30: number;
  last90: number;
  all: number;
}

export interface SourceCount {
  source: string;
  reads: number;
}

export interface StatsSummary {
  reads: Spans;
  hearts: Spans;
  comments: Spans;
}

export interface StoryStatsRow extends StatsSummary {
  id: number;
  title: string;
  status: string;
}

export interface StatsSeries {
  /** Oldest first, one entry for each of the last 90 days, today last. */
  perDay: { day: string; reads: number }[];
  sources: { last30: SourceCount[]; last90: SourceCount[] };
}

function windows(now: Date) {
  const today = todayInUlaanbaatar(now);
  const from30 = dayBefore(today, 29);
  const from90 = dayBefore(today, DAYS_SHOWN - 1);
  return { today, from30, from90, at30: dayStartsAt(from30), at90: dayStartsAt(from90) };
}

type SpanRow = { story_id: number; last30: number | null; last90: number | null; all: number };

const spans = (row: SpanRow | undefined): Spans => ({
  last30: Number(row?.last30 ?? 0),
  last90: Number(row?.last90 ?? 0),
  all: Number(row?.all ?? 0),
});

/** Reads, hearts and shown comments of each story `ids` selects, by story. */
async function summaries(ids: SQL, now: Date): Promise<Map<number, StatsSummary>> {
  const w = windows(now);
  const [reads, hearts, comments] = await db.batch([
    db.all<SpanRow>(sql`
      SELECT story_id,
             SUM(CASE WHEN day >= ${w.from30} THEN reads END) AS last30,
             SUM(CASE WHEN day >= ${w.from90} THEN reads END) AS last90,
             SUM(reads) AS "all"
        FROM story_reads WHERE story_id IN (${ids}) GROUP BY story_id`),
    db.all<SpanRow>(sql`
      SELECT story_id,
             SUM(created_at >= ${w.at30}) AS last30,
             SUM(created_at >= ${w.at90}) AS last90,
             COUNT(*) AS "all"
        FROM story_hearts WHERE story_id IN (${ids}) GROUP BY story_id`),
    // Only what readers can see: not held for review, not hidden (comments.server.ts).
    db.all<SpanRow>(sql`
      SELECT story_id,
             SUM(created_at >= ${w.at30}) AS last30,
             SUM(created_at >= ${w.at90}) AS last90,
             COUNT(*) AS "all"
        FROM comments
       WHERE story_id IN (${ids}) AND held_at IS NULL AND hidden_at IS NULL
       GROUP BY story_id`),
  ]);
  const out = new Map<number, StatsSummary>();
  const of = (id: number) => {
    let entry = out.get(id);
    if (!entry) {
      entry = { reads: spans(undefined), hearts: spans(undefined), comments: spans(undefined) };
      out.set(id, entry);
    }
    return entry;
  };
  for (const row of reads) of(row.story_id).reads = spans(row);
  for (const row of hearts) of(row.story_id).hearts = spans(row);
  for (const row of comments) of(row.story_id).comments = spans(row);
  return out;
}

/** Reads per day and the top sources of the stories `ids` selects, together. */
async function series(ids: SQL, now: Date): Promise<StatsSeries> {
  const w = windows(now);
  const top = (from: string) =>
    db.all<SourceCount>(sql`
      SELECT source, SUM(reads) AS reads FROM story_read_sources
       WHERE story_id IN (${ids}) AND day >= ${from}
       GROUP BY source ORDER BY reads DESC, source LIMIT ${SOURCES_SHOWN}`);
  const [days, last30, last90] = await db.batch([
    db.all<{ day: string; reads: number }>(sql`
      SELECT day, SUM(reads) AS reads FROM story_reads
       WHERE story_id IN (${ids}) AND day >= ${w.from90} GROUP BY day`),
    top(w.from30),
    top(w.from90),
  ]);
  const byDay = new Map(days.map((d) => [d.day, Number(d.reads)]));
  const perDay = Array.from({ length: DAYS_SHOWN }, (_, i) => {
    const day = dayBefore(w.today, DAYS_SHOWN - 1 - i);
    return { day, reads: byDay.get(day) ?? 0 };
  });
  const counts = (rows: SourceCount[]) =>
    rows.map((r) => ({ source: r.source, reads: Number(r.reads) }));
  return { perDay, sources: { last30: counts(last30), last90: counts(last90) } };
}

const ownStoryIds = (user: Pick<User, "id">) =>
  sql`SELECT id FROM stories WHERE user_id = ${user.id}`;

/**
 * The caller's own stories with their numbers, newest first, and the reads per day and sources of
 * all of them, or of one of them (`storyId`, which must be theirs).
 */
export async function ownStoriesStats(
  user: Pick<User, "id">,
  storyId: number | null = null,
  now = new Date(),
) {
  const stories = await db.all<{ id: number; title: string; status: string }>(sql`
    SELECT id, title, status FROM stories WHERE user_id = ${user.id}
     ORDER BY submitted_at DESC, id DESC`);
  const chosen = storyId !== null && stories.some((s) => s.id === storyId) ? storyId : null;
  const [numbers, picture] = await Promise.all([
    summaries(ownStoryIds(user), now),
    series(chosen === null ? ownStoryIds(user) : sql`${chosen}`, now),
  ]);
  const empty = { reads: spans(undefined), hearts: spans(undefined), comments: spans(undefined) };
  const rows: StoryStatsRow[] = stories.map((s) => ({ ...s, ...(numbers.get(s.id) ?? empty) }));
  return { stories: rows, storyId: chosen, ...picture };
}

/**
 * One story's statistics, for its author and administrators. Anyone else is refused as decision
 * 055 says: 403 for a story they can read, 404 for one they cannot.
 */
export async function storyStats(caller: Pick<User, "id" | "role">, id: number, now = new Date()) {
  const [story] = await db.all<{ id: number; title: string; user_id: string | null }>(
    sql`SELECT id, title, user_id FROM stories WHERE id = ${id}`,
  );
  if (!story) throw new HttpError(404, "errors.storyNotFound");
  if (story.user_id !== caller.id && caller.role !== "admin") {
    throw await notYourStory(id, caller, "errors.notYourStats");
  }
  const [numbers, picture] = await Promise.all([
    summaries(sql`${id}`, now),
    series(sql`${id}`, now),
  ]);
  const empty = { reads: spans(undefined), hearts: spans(undefined), comments: spans(undefined) };
  return { id: story.id, title: story.title, ...(numbers.get(id) ?? empty), ...picture };
}

/** Whether `user` may open the statistics of a story written by `authorId`. */
export function maySeeStats(user: Pick<User, "id" | "role"> | null, authorId: string | null) {
  return Boolean(user && (user.role === "admin" || (authorId !== null && authorId === user.id)));
}
