import { sql } from "drizzle-orm";
import { db } from "#db/client";
import { searchKey, searchTerms } from "~/lib/search-key";

/**
 * Keeping the search index in step (issue 19, decision 033). The index holds the search spelling
 * of each story and pool (app/lib/search-key.ts), which only this code can make, so every write
 * that changes a title, a text or an author's name adds one of these statements to its own
 * batch. A deleted story or pool leaves the index by a trigger (migration 0019).
 */

type StoryText = { title: string; story: string; author: string };
type PoolText = { name: string; description: string };

/**
 * Whether the row is written always, or only when the statement just before it in the batch
 * changed a row (a conditional update that may lose a race): then it also passes that on, so an
 * audit or notice after it sees `changes() = 1` exactly when the update happened.
 */
type When = "always" | "ifChanged";
const guard = (when: When) => (when === "ifChanged" ? sql`WHERE changes() = 1` : sql``);

/**
 * The index row of a story, for the batch that writes it. `id` is the story's id, or "newest"
 * for the story the same batch has just inserted (autoincrement: the largest id).
 */
export function indexStory(id: number | "newest", text: StoryText, when: When = "always") {
  const rowid = id === "newest" ? sql`(SELECT max(id) FROM stories)` : sql`${id}`;
  return db.run(sql`
    INSERT OR REPLACE INTO story_search (rowid, title, story, author)
    SELECT ${rowid}, ${searchKey(text.title)}, ${searchKey(text.story)},
           ${searchKey(text.author)} ${guard(when)}`);
}

/**
 * The words of a story's text for the index's word list (migration 0031), which search reads to
 * learn the words a query word begins (search.server.ts). Goes in the same batch as the index row,
 * anywhere before the conditional statement it may follow: a word added for a write that then did
 * not happen finds nothing. Never removes a word: another story may have it.
 */
export function indexStoryTerms(text: StoryText) {
  const words = [...new Set([text.title, text.story, text.author].flatMap(searchTerms))];
  return db.run(sql`
    INSERT OR IGNORE INTO story_search_terms (term) SELECT value FROM json_each(${JSON.stringify(words)})`);
}

/** The index row of a pool; "newest" and `when` as for a story. */
export function indexPool(id: number | "newest", text: PoolText, when: When = "always") {
  const rowid = id === "newest" ? sql`(SELECT max(id) FROM donation_pools)` : sql`${id}`;
  return db.run(sql`
    INSERT OR REPLACE INTO pool_search (rowid, name, description)
    SELECT ${rowid}, ${searchKey(text.name)}, ${searchKey(text.description)} ${guard(when)}`);
}

/**
 * Indexes every story and pool the index does not hold (after the migration that made it, the
 * demo seed, or a restore of an older backup). Run by the setup; cheap when nothing is missing.
 */
export async function indexMissing(batchSize = 500) {
  let added = 0;
  for (;;) {
    const rows = await db.all<StoryText & { id: number }>(sql`
      SELECT id, title, story, author FROM stories
       WHERE id NOT IN (SELECT rowid FROM story_search) LIMIT ${batchSize}`);
    if (!rows.length) break;
    await db.batch([
      ...rows.map((r) => indexStoryTerms(r)),
      ...rows.map((r) => indexStory(r.id, r)),
    ] as [ReturnType<typeof indexStory>]);
    added += rows.length;
  }
  for (;;) {
    const rows = await db.all<PoolText & { id: number }>(sql`
      SELECT id, name, description FROM donation_pools
       WHERE id NOT IN (SELECT rowid FROM pool_search) LIMIT ${batchSize}`);
    if (!rows.length) break;
    await db.batch(rows.map((r) => indexPool(r.id, r)) as [ReturnType<typeof indexPool>]);
    added += rows.length;
  }
  return added;
}

/** Pages one step of the upkeep writes (about 4 MB): a short write, once a minute. */
const MERGE_PAGES = 1000;

/** The story index's b-trees (segments), largest first, each by its number of leaf pages. */
export async function searchSegments() {
  const rows = await db.all<{ pages: number }>(
    sql`SELECT count(*) AS pages FROM story_search_idx GROUP BY segid ORDER BY pages DESC`,
  );
  return rows.map((r) => Number(r.pages));
}

/**
 * Keeps the story index in one large segment (issue 45). Every write adds a small one and FTS5
 * merges them by levels, so an index of 200,000 stories built over time is a dozen of all sizes,
 * and a search seeks each of its words in each of them: a query of 31 index words took 11 ms at
 * 20,000 stories and 24 ms at 200,000 in eleven segments, 8 ms at both in one. Small segments
 * cost little, so the merge waits until they hold a tenth of what the largest does, then merges
 * them all into one with FTS5's own incremental merge, a step each minute with the sender's scan:
 * each story's words are written again about ten times over its life, not at every write.
 * Returns whether it merged.
 */
export async function mergeSearchIndex(pages = MERGE_PAGES) {
  const [largest = 0, ...others] = await searchSegments();
  const rest = others.reduce((sum, n) => sum + n, 0);
  if (!others.length || rest * 10 < largest) return false;
  await db.run(sql`INSERT INTO story_search (story_search, rank) VALUES ('merge', ${-pages})`);
  return true;
}
