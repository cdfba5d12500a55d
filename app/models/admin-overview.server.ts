import { sql } from "drizzle-orm";
import { db } from "#db/client";
import { STORY_STATUSES } from "#db/schema";
import { ULAANBAATAR_OFFSET_MS } from "~/lib/format";
import { dayStartsAt, lastDays } from "~/lib/ub-days";
import { adminQueueCounts } from "./admin-dashboard.server";

/**
 * The administrators' overview at /admin (issue 42 item 5): what waits for them, and how the
 * site did over the last 90 Ulaanbaatar days. Every figure names the tab where it is worked on.
 * Three statements in all (the tabs' counts, failed messages, the series). The day filters run on
 * indexes, but two: verified gifts by decided_at read every verified gift's row (the index on
 * status serves only the first part) and accounts by created_at read the table; at 20,000 stories,
 * 100,000 gifts and 5,000 accounts the series statement took about 40 ms.
 */

export const OVERVIEW_DAYS = 90;

export const WAIT_KEYS = ["approvals", "payments", "gifts", "reports", "messages"] as const;
export type WaitKey = (typeof WAIT_KEYS)[number];

export const SERIES_KEYS = [
  "giftsConfirmed",
  "pledgesWaiting",
  "newStories",
  "newAccounts",
  "reads",
] as const;
export type SeriesKey = (typeof SERIES_KEYS)[number];

/** Where each waiting thing is worked on: the admin tabs' own addresses and filters. */
export const WAIT_LINKS: Record<WaitKey, string> = {
  approvals: "/admin/approvals",
  payments: "/admin/payments?filter=pending",
  gifts: "/admin/donations/pending",
  reports: "/admin/reports",
  messages: "/admin/messages?filter=failed",
};

/**
 * Where each series is looked into. Confirmed gifts are the activity log's verifications (every
 * way of confirming, QPay's included, writes one); accounts have no tab of their own yet.
 */
export const SERIES_LINKS: Record<SeriesKey, string | null> = {
  giftsConfirmed: "/admin/activity?action=donation.verify",
  pledgesWaiting: "/admin/donations/pending",
  newStories: "/admin/stories",
  newAccounts: null,
  reads: "/admin/stories",
};

/** Which series carry an amount of money beside their count. */
const WITH_AMOUNT: ReadonlySet<SeriesKey> = new Set(["giftsConfirmed", "pledgesWaiting"]);

export interface OverviewDay {
  day: string;
  count: number;
  /** Whole tugrik; null for a series that is not money. */
  amount: number | null;
}

export interface OverviewSeries {
  key: SeriesKey;
  href: string | null;
  /** The last 90 days together. */
  count: number;
  amount: number | null;
  /** One entry a day, oldest first, today last; days with nothing are 0. */
  perDay: OverviewDay[];
}

export interface AdminOverview {
  waits: { key: WaitKey; count: number; href: string }[];
  from: string;
  to: string;
  series: OverviewSeries[];
}

type SeriesRow = { k: SeriesKey; day: string; n: number; amount: number | null };

/** The day a stored UTC timestamp falls on in Ulaanbaatar (UTC+8, no summer time). */
const ubDay = (column: string) =>
  sql.raw(`date(${column}, '+${ULAANBAATAR_OFFSET_MS / 3_600_000} hours')`);

export async function adminOverview(now = new Date()): Promise<AdminOverview> {
  const days = lastDays(OVERVIEW_DAYS, now);
  const from = days[0]!;
  const since = dayStartsAt(from);
  // Every story status, spelled out: the index starting with status then serves the date range.
  const statuses = sql.join(
    STORY_STATUSES.map((s) => sql`${s}`),
    sql`, `,
  );
  const [queue, [failed, rows]] = await Promise.all([
    adminQueueCounts(),
    db.batch([
      // The messages tab's "failed" filter: failed for now, or dead after the last try.
      db.all<{ n: number }>(
        sql`SELECT count(*) AS n FROM outbox WHERE status IN ('failed', 'dead')`,
      ),
      // A gift counts on the day it was verified (decided_at), a waiting pledge on the day made.
      db.all<SeriesRow>(sql`
        SELECT 'giftsConfirmed' AS k, ${ubDay("decided_at")} AS day,
               count(*) AS n, sum(amount) AS amount
          FROM (SELECT decided_at, amount FROM pool_donations
                 WHERE status = 'verified' AND decided_at >= ${since}
                UNION ALL
                SELECT decided_at, amount FROM donations
                 WHERE status = 'verified' AND decided_at >= ${since})
         GROUP BY 2
        UNION ALL
        SELECT 'pledgesWaiting', ${ubDay("donation_date")}, count(*), sum(amount)
          FROM (SELECT donation_date, amount FROM pool_donations
                 WHERE status = 'pending' AND donation_date >= ${since}
                UNION ALL
                SELECT donation_date, amount FROM donations
                 WHERE status = 'pending' AND donation_date >= ${since})
         GROUP BY 2
        UNION ALL
        SELECT 'newStories', ${ubDay("submitted_at")}, count(*), NULL
          FROM stories WHERE status IN (${statuses}) AND submitted_at >= ${since}
         GROUP BY 2
        UNION ALL
        SELECT 'newAccounts', ${ubDay("created_at")}, count(*), NULL
          FROM users WHERE created_at >= ${since}
         GROUP BY 2
        UNION ALL
        SELECT 'reads', day, sum(reads), NULL
          FROM story_reads WHERE day >= ${from}
         GROUP BY day`),
    ]),
  ]);

  const found = new Map<string, SeriesRow>();
  for (const row of rows) found.set(`${row.k} ${row.day}`, row);
  const series = SERIES_KEYS.map((key): OverviewSeries => {
    const money = WITH_AMOUNT.has(key);
    const perDay = days.map((day) => {
      const row = found.get(`${key} ${day}`);
      return {
        day,
        count: Number(row?.n ?? 0),
        amount: money ? Number(row?.amount ?? 0) : null,
      };
    });
    return {
      key,
      href: SERIES_LINKS[key],
      count: perDay.reduce((sum, d) => sum + d.count, 0),
      amount: money ? perDay.reduce((sum, d) => sum + (d.amount ?? 0), 0) : null,
      perDay,
    };
  });

  const counts: Record<WaitKey, number> = {
    approvals: queue.stories,
    payments: queue.payments,
    gifts: queue.donations,
    reports: queue.reports,
    messages: Number(failed[0]?.n ?? 0),
  };
  return {
    waits: WAIT_KEYS.map((key) => ({ key, count: counts[key], href: WAIT_LINKS[key] })),
    from,
    to: days.at(-1)!,
    series,
  };
}
