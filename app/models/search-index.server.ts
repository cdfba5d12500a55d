import { sql } from "drizzle-orm";
import { db } from "#db/client";
import { searchKey } from "~/lib/search-key";

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
    await db.batch(rows.map((r) => indexStory(r.id, r)) as [ReturnType<typeof indexStory>]);
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
