import { sql } from "drizzle-orm";
import { db } from "#db/client";
import { SEARCH_QUERY_MAX, type SearchType } from "~/constants";
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

/**
 * How many published stories the query finds, and how many of its matches are not published.
 * The index holds every story (a story's text is indexed when it is written, whatever its
 * state), so the count is the index's own — fast, even for a word in every story — less the
 * few waiting or rejected stories among the matches.
 */
async function countStories(match: string) {
  const [row] = await db.all<{ all: number; hidden: number }>(sql`
    SELECT
      (SELECT count(*) FROM story_search WHERE story_search MATCH ${match}) AS "all",
      (SELECT count(*) FROM stories s WHERE s.status IN ('pending', 'rejected')
          AND s.id IN (SELECT rowid FROM story_search WHERE story_search MATCH ${match})) AS hidden`);
  const all = Number(row?.all ?? 0);
  const hidden = Number(row?.hidden ?? 0);
  return { total: all - hidden, hidden };
}

async function countPools(match: string) {
  const [row] = await db.all<{ n: number }>(
    sql`SELECT count(*) AS n FROM pool_search WHERE pool_search MATCH ${match}`,
  );
  return Number(row?.n ?? 0);
}

/** How many stories and campaigns the query finds (the tabs of the search page). */
export async function searchCounts(query: string): Promise<Record<SearchType, number>> {
  const terms = queryTerms(query);
  if (!terms.length) return { stories: 0, pools: 0 };
  const match = matchExpression(terms);
  const [stories, pools] = await Promise.all([countStories(match), countPools(match)]);
  return { stories: stories.total, pools };
}

/**
 * One page of published stories the query finds, best first (title, then author, then text),
 * with the matches marked. The index ranks its own rows first, as many as the page needs plus
 * the unpublished matches that may be among them; only those rows are joined to their stories.
 */
export async function searchStories(query: string, page = 1, pageSize = SEARCH_PAGE_SIZE) {
  const terms = queryTerms(query);
  const match = matchExpression(terms);
  const { total, hidden } = terms.length ? await countStories(match) : { total: 0, hidden: 0 };
  const at = paging(total, page, pageSize);
  if (!total) return { terms, ...at, items: [] };
  const offset = (at.page - 1) * pageSize;
  const rows = await db.all<{
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
    SELECT s.id, s.title, s.story, s.author, s.pricing_tier, s.submitted_at, s.story_image,
           s.hearts_count, s.comments_count
      FROM (SELECT rowid AS id, bm25(story_search, 6.0, 1.0, 3.0) AS rank
              FROM story_search WHERE story_search MATCH ${match}
             ORDER BY rank LIMIT ${offset + pageSize + hidden}) hit
      CROSS JOIN stories s ON s.id = hit.id
     WHERE s.status = 'approved'
     ORDER BY hit.rank
     LIMIT ${pageSize} OFFSET ${offset}`);
  const items = rows.map(({ story, ...row }) => ({
    ...row,
    story_image: mediaUrl(row.story_image),
    title_parts: highlight(row.title, terms),
    author_parts: highlight(row.author, terms),
    snippet: snippet(story, terms),
  }));
  return { terms, ...at, items };
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
