import { and, type SQL } from "drizzle-orm";
import type { AnySQLiteColumn } from "drizzle-orm/sqlite-core";
import { db } from "#db/client";
import { stories } from "#db/schema";

/**
 * Deep pages of a story list (issue 45). OFFSET walks every row before the page: page 5,000 of
 * 200,000 stories walked 45,000 index entries (12 ms). Each process keeps, per list, the order key
 * of every ANCHOR_STEP-th row (an anchor), found once by walking the list, and a page past the
 * first anchor starts at the one before it: at most ANCHOR_STEP rows are walked, at any size.
 *
 * Anchors are kept for ANCHOR_TTL_MS. They are keys, not positions, so one stays a valid place in
 * the order when rows come and go; a story approved, removed or hearted meanwhile moves the rows
 * after it by one, and a deep page is then off by as many rows as moved in that time, as a copy
 * of the page kept as long by a cache would be (decision 015).
 */

export const ANCHOR_STEP = 500;
export const ANCHOR_TTL_MS = 30_000;

/** A list order whose key is unique (it ends with the id), so a key marks one place in it. */
export interface KeyedOrder {
  /** Names the list among the kept ones: its filter and whatever its WHERE depends on. */
  name: string;
  /** The key's columns, in the order's order. */
  key: Record<string, SQL | AnySQLiteColumn>;
  /** The rows at or after `key` in the list's order, as an index range. */
  from: (key: unknown[]) => SQL;
}

interface Kept {
  at: number;
  /** keys[i] is the key of the row at position (i + 1) × ANCHOR_STEP. */
  keys: unknown[][];
  /** Extensions run one at a time, so two requests never add the same anchor twice. */
  work: Promise<unknown>;
}

const kept = new Map<string, Kept>();

async function extend(
  list: KeyedOrder,
  entry: Kept,
  where: SQL | undefined,
  order: SQL[],
  count: number,
) {
  while (entry.keys.length < count) {
    const previous = entry.keys.at(-1);
    const [row] = await db
      .select(list.key)
      .from(stories)
      .where(previous ? and(where, list.from(previous)) : where)
      .orderBy(...order)
      .limit(1)
      .offset(ANCHOR_STEP);
    if (!row) return;
    entry.keys.push(Object.values(row));
  }
}

/**
 * The key of the row at position `index` × ANCHOR_STEP of the list (`where`, ordered by `order`),
 * or null when the list is not that long.
 */
export async function anchorAt(
  list: KeyedOrder,
  where: SQL | undefined,
  order: SQL[],
  index: number,
  now = Date.now(),
): Promise<unknown[] | null> {
  let entry = kept.get(list.name);
  if (!entry || now - entry.at >= ANCHOR_TTL_MS) {
    entry = { at: now, keys: [], work: Promise.resolve() };
    kept.set(list.name, entry);
  }
  const current = entry;
  if (current.keys.length < index) {
    current.work = current.work.then(() => extend(list, current, where, order, index));
    try {
      await current.work;
    } catch (error) {
      // A failed walk is not kept: the next deep page starts again.
      if (kept.get(list.name) === current) kept.delete(list.name);
      throw error;
    }
  }
  return current.keys[index - 1] ?? null;
}

/** Tests and clearing all data start from fresh anchors. */
export function forgetAnchors() {
  kept.clear();
}
