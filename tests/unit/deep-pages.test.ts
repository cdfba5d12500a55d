import { sql } from "drizzle-orm";
import { beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { db, dbClient } from "#db/client";
import { ANCHOR_STEP, forgetAnchors } from "~/models/list-anchors.server";
import { listRegularStories, STORY_FILTERS, type StoryFilter } from "~/models/stories.server";

/**
 * Issue 45: a deep page of the story lists starts at a kept anchor and walks at most ANCHOR_STEP
 * rows, and shows what OFFSET from the top shows.
 */

const STORIES = 3 * ANCHOR_STEP + 137;
const PAGE_SIZE = 9;
const NOW = new Date("2026-11-28T12:00:00Z");

/** What each order is, written out as plainly as possible: OFFSET from the top of the list. */
const ORDER: Record<StoryFilter, string> = {
  all: "coalesce(approved_at, submitted_at) DESC, id DESC",
  loved: "hearts_count DESC, submitted_at DESC, id DESC",
  newest: "submitted_at DESC, id DESC",
};

async function expected(filter: StoryFilter, page: number) {
  const rows = await dbClient.execute({
    sql: `SELECT id FROM stories WHERE status = 'approved'
            AND (pricing_tier = 'free' OR expires_at IS NULL OR expires_at <= ?)
          ORDER BY ${ORDER[filter]} LIMIT ? OFFSET ?`,
    args: [NOW.toISOString(), PAGE_SIZE, (page - 1) * PAGE_SIZE],
  });
  return rows.rows.map((r) => Number(r.id));
}

const shown = async (filter: StoryFilter, page: number) =>
  (await listRegularStories({ filter, page, pageSize: PAGE_SIZE, now: NOW })).items.map(
    (s) => s.id,
  );

/** The statements a call runs, with their arguments. */
async function statementsOf(work: () => Promise<unknown>) {
  const spy = vi.spyOn(dbClient, "execute");
  await work();
  const calls = spy.mock.calls.map(([stmt]) =>
    typeof stmt === "string" ? { sql: stmt, args: [] } : (stmt as { sql: string; args: unknown[] }),
  );
  spy.mockRestore();
  return calls;
}

beforeAll(async () => {
  // Stories over two years, many with the same hearts and some with the same submission time
  // (ties the keys must break by id), a few rejected and a few featured now among them.
  await db.run(sql`
    WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < ${STORIES})
    INSERT INTO stories (author, title, story, pricing_tier, status, bank_name, bank_account,
                         hearts_count, submitted_at, approved_at, expires_at)
    SELECT 'writer', 'story ' || i, 'text', CASE WHEN i % 97 = 0 THEN 'weekly' ELSE 'free' END,
           CASE WHEN i % 53 = 0 THEN 'rejected' ELSE 'approved' END, 'Khan Bank', '5000000001',
           (i * 7) % 13,
           strftime('%Y-%m-%dT%H:%M:%fZ', '2024-11-01', '+' || (i / 3) || ' hours'),
           CASE WHEN i % 5 = 0 THEN NULL
                ELSE strftime('%Y-%m-%dT%H:%M:%fZ', '2024-11-01', '+' || (i / 3 + i % 7) || ' hours') END,
           CASE WHEN i % 97 = 0 THEN '2026-12-05T00:00:00.000Z' END
      FROM n`);
});

beforeEach(() => forgetAnchors());

describe("deep pages of the story lists", () => {
  it("show what OFFSET from the top shows, for every filter and on both sides of each anchor", async () => {
    const last = Math.ceil((STORIES * 0.97) / PAGE_SIZE) - 1;
    const pages = [1, 2, 55, 56, 57, 111, 112, 167, 168, last];
    for (const filter of STORY_FILTERS) {
      for (const page of pages) {
        expect(await shown(filter, page), `${filter} page ${page}`).toEqual(
          await expected(filter, page),
        );
      }
    }
  });

  it("walk fewer than ANCHOR_STEP rows once the anchors are kept", async () => {
    const page = 170; // offset 1,521: past the third anchor
    const first = await statementsOf(() => shown("all", page));
    expect(first.length).toBe(2 + 3); // the total, three anchors found once, the page
    const again = await statementsOf(() => shown("all", page));
    expect(again.length).toBe(2);
    const offsets = again.flatMap((s) => s.args).filter((a) => typeof a === "number");
    expect(Math.max(...offsets)).toBeLessThan(ANCHOR_STEP);
    expect(await shown("all", page)).toEqual(await expected("all", page));
  });

  it("seek their index to the anchor instead of reading it from the top", async () => {
    await shown("all", 170);
    const [, pageQuery] = await statementsOf(() => shown("all", 170));
    const plan = await dbClient.execute({
      sql: `EXPLAIN QUERY PLAN ${pageQuery!.sql}`,
      args: pageQuery!.args as never,
    });
    const steps = plan.rows.map((r) => String(r.detail)).join("\n");
    expect(steps).toMatch(/stories_status_listed \(status=\? AND <expr><\?\)/);
  });

  it("follow a new story at the top once the kept anchors expire", async () => {
    const page = 170;
    await shown("newest", page);
    await db.run(sql`
      INSERT INTO stories (author, title, story, pricing_tier, status, bank_name, bank_account,
                           submitted_at, approved_at)
      VALUES ('writer', 'newest', 'text', 'free', 'approved', 'Khan Bank', '5000000001',
              '2026-11-27T00:00:00.000Z', '2026-11-27T01:00:00.000Z')`);
    // Within the anchors' time the page is where the list was: OFFSET's page is one row down.
    const kept = await shown("newest", page);
    const exact = await expected("newest", page);
    expect(kept).not.toEqual(exact);
    expect(kept.slice(0, -1)).toEqual(exact.slice(1));
    forgetAnchors();
    expect(await shown("newest", page)).toEqual(exact);
  });
});
