import { type SQL, sql } from "drizzle-orm";
import { db } from "#db/client";
import { SEARCH_QUERY_MAX, SEARCH_WINDOW, type SearchType } from "~/constants";
import { searchTerms } from "~/lib/search-key";
import { highlight, snippet } from "~/lib/search-snippet";
import { mediaUrl } from "~/models/media.server";

/**
 * Search (issue 19, decision 033): published stories by title, text and author, and campaigns by
 * name and description, best matches first. The query is read in the search spelling
 * (app/lib/search-key.ts) and each of its words must begin a word of the result — so
 * "ulaanbaa" finds «Улаанбаатар», and two words find what has both.
 */

export const SEARCH_PAGE_SIZE = 10;
const TERMS_MAX = 8;

/** The FTS5 query of the terms: each as a quoted prefix, all required. Terms are [a-z0-9] only. */
const matchExpression = (terms: string[]) => terms.map((term) => `"${term}"*`).join(" ");

export function queryTerms(query: string) {
  return searchTerms(query.slice(0, SEARCH_QUERY_MAX)).slice(0, TERMS_MAX);
}

function paging(total: number, page: number, pageSize: number) {
  const pageCount = Math.max(1, Math.ceil(total / pageSize));
  return { total, page: Math.min(Math.max(1, page), pageCount), pageCount };
}

/** Index words one query word may stand for; a shorter beginning is looked up as a prefix. */
const WORDS_PER_TERM = 64;

/**
 * The FTS5 query of the stories: each query word as the index's words it begins (all words
 * required), from the index's word list (migration 0031). FTS5 walks the doclists of whole
 * words from their newest end and stops; a prefix query merges every doclist the prefix reaches
 * in full first, which grew with the stories (5 ms for «ulaanbaatar» at 200,000). Null when a
 * word begins no word of any story.
 */
async function storyMatch(terms: string[]): Promise<string | null> {
  const groups: string[] = [];
  for (const term of terms) {
    // Terms are [a-z0-9], so every word beginning with one sorts below the term and "{".
    const words = await db.all<{ term: string }>(sql`
      SELECT term FROM story_search_terms WHERE term >= ${term} AND term < ${`${term}{`}
       ORDER BY term LIMIT ${WORDS_PER_TERM + 1}`);
    if (!words.length) return null;
    groups.push(
      words.length > WORDS_PER_TERM
        ? matchExpression([term])
        : `(${words.map((w) => `"${w.term}"`).join(" OR ")})`,
    );
  }
  return groups.join(" AND ");
}

/**
 * The lowest story id among the query's newest SEARCH_WINDOW matches, and whether older ones
 * match too. Written into the statements that use it: FTS5 seeks its doclists by a rowid bound
 * written in the SQL, and walks them from the start for a bound parameter (4 ms against 0.4 ms).
 */
async function windowOf(match: string) {
  const [edge] = await db.all<{ id: number }>(sql`
    SELECT rowid AS id FROM story_search WHERE story_search MATCH ${match}
     ORDER BY rowid DESC LIMIT 1 OFFSET ${SEARCH_WINDOW}`);
  const floor = edge ? Number(edge.id) + 1 : 0;
  if (!Number.isSafeInteger(floor)) throw new Error("story id out of range");
  return { floor: sql.raw(String(floor)), more: Boolean(edge) };
}

/** The window's matches that are published (every story is indexed, whatever its state). */
const published = (match: string, floor: SQL) => sql`
  (SELECT rowid AS id FROM story_search WHERE story_search MATCH ${match} AND rowid >= ${floor}) hit
  CROSS JOIN stories s ON s.id = hit.id
  WHERE s.status = 'approved'`;

/** How many published stories are among the query's newest matches, and whether there are more. */
async function countStories(match: string) {
  const { floor, more } = await windowOf(match);
  const [row] = await db.all<{ n: number }>(
    sql`SELECT count(*) AS n FROM ${published(match, floor)}`,
  );
  return { total: Number(row?.n ?? 0), more };
}

async function countPools(match: string) {
  const [row] = await db.all<{ n: number }>(
    sql`SELECT count(*) AS n FROM pool_search WHERE pool_search MATCH ${match}`,
  );
  return Number(row?.n ?? 0);
}

/**
 * How many stories and campaigns the query finds (the tabs of the search page); `more`: there
 * are more stories than the SEARCH_WINDOW newest, which `stories` counts.
 */
export async function searchCounts(
  query: string,
): Promise<Record<SearchType, number> & { more: boolean }> {
  const terms = queryTerms(query);
  if (!terms.length) return { stories: 0, pools: 0, more: false };
  const [stories, pools] = await Promise.all([
    storyMatch(terms).then((match) => (match ? countStories(match) : { total: 0, more: false })),
    countPools(matchExpression(terms)),
  ]);
  return { stories: stories.total, pools, more: stories.more };
}

/**
 * One page of published stories the query finds, with the matches marked. Best first among the
 * newest SEARCH_WINDOW matches: every word in the title, then every word in the author's name,
 * then the rest; newest first within each. (Ranking by bm25 read every match, and counted every
 * story each word is in, at any page: 77 ms at 200,000 stories for a common word.)
 */
export async function searchStories(query: string, page = 1, pageSize = SEARCH_PAGE_SIZE) {
  const terms = queryTerms(query);
  const match = terms.length ? await storyMatch(terms) : null;
  if (!match) return { terms, ...paging(0, page, pageSize), more: false, items: [] };
  const { floor, more } = await windowOf(match);
  const inColumn = (column: string) => sql`
    hit.id IN (SELECT rowid FROM story_search
                WHERE story_search MATCH ${`{${column}} : (${match})`} AND rowid >= ${floor})`;
  const ranked = await db.all<{ id: number }>(sql`
    SELECT hit.id FROM ${published(match, floor)}
     ORDER BY ${inColumn("title")} DESC, ${inColumn("author")} DESC, hit.id DESC`);
  const at = paging(ranked.length, page, pageSize);
  const ids = ranked.slice((at.page - 1) * pageSize, at.page * pageSize).map((r) => Number(r.id));
  const rows = ids.length
    ? await db.all<{
        id: number;
        title: string;
        story: string;
        author: string;
        pricing_tier: string;
        submitted_at: string;
        story_image: string | null;
        hearts_count: number;
        comments_count: number;
      }>(sql`
        SELECT id, title, story, author, pricing_tier, submitted_at, story_image, hearts_count,
               comments_count
          FROM stories WHERE id IN ${ids}`)
    : [];
  const byId = new Map(rows.map((row) => [Number(row.id), row]));
  const items = ids.flatMap((id) => {
    const row = byId.get(id);
    if (!row) return [];
    const { story, ...rest } = row;
    return [
      {
        ...rest,
        story_image: mediaUrl(row.story_image),
        title_parts: highlight(row.title, terms),
        author_parts: highlight(row.author, terms),
        snippet: snippet(story, terms),
      },
    ];
  });
  return { terms, ...at, more, items };
}

/** One page of campaigns the query finds, best first, with the matches marked. */
export async function searchPools(query: string, page = 1, pageSize = SEARCH_PAGE_SIZE) {
  const terms = queryTerms(query);
  const total = terms.length ? await countPools(matchExpression(terms)) : 0;
  const at = paging(total, page, pageSize);
  if (!total) return { terms, ...at, items: [] };
  const rows = await db.all<{
    id: number;
    name: string;
    description: string;
    status: string;
    goal_amount: number;
    current_amount: number;
  }>(sql`
    SELECT p.id, p.name, p.description, p.status, p.goal_amount, p.current_amount
      FROM pool_search CROSS JOIN donation_pools p ON p.id = pool_search.rowid
     WHERE pool_search MATCH ${matchExpression(terms)}
     ORDER BY bm25(pool_search, 4.0, 1.0), p.id DESC
     LIMIT ${pageSize} OFFSET ${(at.page - 1) * pageSize}`);
  const items = rows.map(({ description, ...row }) => ({
    ...row,
    name_parts: highlight(row.name, terms),
    snippet: snippet(description, terms),
  }));
  return { terms, ...at, items };
}
