import { sql } from "drizzle-orm";
import { db } from "#db/client";
import { SEARCH_QUERY_MAX, type SearchType } from "~/constants";
import { mediaUrl } from "~/models/media.server";
import { searchTerms } from "~/utils/search-key";
import { highlight, snippet } from "~/utils/search-snippet";

/**
 * Search (issue 19, decision 033): published stories by title, text and author, and campaigns by
 * name and description, best matches first. The query is read in the search spelling
 * (app/utils/search-key.ts) and each of its words must begin a word of the result — so
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

const storyWhere = (match: string) => sql`story_search MATCH ${match} AND s.status = 'approved'`;
const poolWhere = (match: string) => sql`pool_search MATCH ${match}`;

/** How many stories and campaigns the query finds (the tabs of the search page). */
export async function searchCounts(query: string): Promise<Record<SearchType, number>> {
  const terms = queryTerms(query);
  if (!terms.length) return { stories: 0, pools: 0 };
  const match = matchExpression(terms);
  const [row] = await db.all<{ stories: number; pools: number }>(sql`
    SELECT
      (SELECT count(*) FROM story_search JOIN stories s ON s.id = story_search.rowid
        WHERE ${storyWhere(match)}) AS stories,
      (SELECT count(*) FROM pool_search WHERE ${poolWhere(match)}) AS pools`);
  return { stories: Number(row?.stories ?? 0), pools: Number(row?.pools ?? 0) };
}

/** One page of published stories the query finds, best first, with the matches marked. */
export async function searchStories(query: string, page = 1, pageSize = SEARCH_PAGE_SIZE) {
  const terms = queryTerms(query);
  const total = terms.length ? (await searchCounts(query)).stories : 0;
  const at = paging(total, page, pageSize);
  if (!total) return { terms, ...at, items: [] };
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
      FROM story_search JOIN stories s ON s.id = story_search.rowid
     WHERE ${storyWhere(matchExpression(terms))}
     ORDER BY bm25(story_search, 6.0, 1.0, 3.0), s.id DESC
     LIMIT ${pageSize} OFFSET ${(at.page - 1) * pageSize}`);
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
  const total = terms.length ? (await searchCounts(query)).pools : 0;
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
      FROM pool_search JOIN donation_pools p ON p.id = pool_search.rowid
     WHERE ${poolWhere(matchExpression(terms))}
     ORDER BY bm25(pool_search, 4.0, 1.0), p.id DESC
     LIMIT ${pageSize} OFFSET ${(at.page - 1) * pageSize}`);
  const items = rows.map(({ description, ...row }) => ({
    ...row,
    name_parts: highlight(row.name, terms),
    snippet: snippet(description, terms),
  }));
  return { terms, ...at, items };
}
