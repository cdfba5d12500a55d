import { sql } from "drizzle-orm";
import { db } from "#db/client";
import { todayInUlaanbaatar } from "~/lib/pool-end";
import { ledgerTotals } from "./ledger.server";

/**
 * A campaign's money over time (issue 42 item 4), for its ledger's chart and /api. The words are
 * the ledger's (decision 034): verified gifts are the money the campaign has, pending pledges are
 * promises, rejected ones count nowhere. A gift joins the verified line on the day it was verified
 * (the day the money was confirmed as in); a pledge still waiting joins the upper line on the day
 * it was pledged. So the last point is the ledger's totals exactly: verified_amount, and
 * verified_amount + pending_amount. Days are Ulaanbaatar dates.
 */

export interface PoolSeriesDay {
  day: string;
  /** Verified gifts up to and including this day. */
  verified: number;
  /** verified, plus the pledges still waiting that were made by this day. */
  with_pending: number;
}

export interface PoolSpending {
  update_id: number;
  day: string;
  amount: number;
  spent_on_mn: string;
  spent_on_en: string | null;
}

export interface PoolSeries {
  pool: { id: number; name: string; goal_amount: number };
  days: PoolSeriesDay[];
  spending: PoolSpending[];
  totals: { verified_amount: number; pending_amount: number; spent_amount: number };
}

/** A stored UTC timestamp's day in Ulaanbaatar. */
const ubDay = (iso: string) => todayInUlaanbaatar(new Date(iso));

/** One campaign's series, or null if there is no such campaign. */
export async function poolSeries(poolId: number, now = new Date()): Promise<PoolSeries | null> {
  const found = await ledgerTotals(poolId);
  if (!found) return null;
  const [pool, gifts, updates] = await Promise.all([
    db.query.donationPools.findFirst({
      where: (p, { eq }) => eq(p.id, poolId),
      columns: { goal_amount: true, created_at: true },
    }),
    // A row a day, kept by triggers on the gifts (migration 0032): reading the gifts themselves
    // took 0.4 ms for a campaign of 130 gifts and 1 ms for one of 300 (issue 45).
    db.all<{ day: string; verified: number; pending: number }>(sql`
      SELECT day, verified, pending FROM pool_days
      WHERE pool_id = ${poolId} AND (verified <> 0 OR pending <> 0)`),
    db.all<{ id: number; created_at: string; amount: number; mn: string; en: string | null }>(sql`
      SELECT id, created_at, spent_amount AS amount, spent_on_mn AS mn, spent_on_en AS en
      FROM pool_updates WHERE pool_id = ${poolId} AND spent_amount IS NOT NULL
      ORDER BY created_at, id`),
  ]);
  const change = new Map(
    gifts.map((g) => [g.day, { verified: Number(g.verified), pending: Number(g.pending) }]),
  );
  const spending = updates.map((u) => ({
    update_id: u.id,
    day: ubDay(u.created_at),
    amount: Number(u.amount),
    spent_on_mn: u.mn,
    spent_on_en: u.en,
  }));

  // From the campaign's first day, through every day something happened, to today while it
  // runs (so the line reaches the present) or to its last event once it has ended.
  const eventDays = [...change.keys(), ...spending.map((s) => s.day)];
  const start = [pool ? ubDay(pool.created_at) : null, ...eventDays]
    .filter((d): d is string => Boolean(d))
    .sort()[0]!;
  const end = found.pool.status === "active" ? todayInUlaanbaatar(now) : null;
  const dayList = [...new Set([start, ...eventDays, ...(end ? [end] : [])])].sort();

  let verified = 0;
  let pending = 0;
  const days = dayList.map((day) => {
    verified += change.get(day)?.verified ?? 0;
    pending += change.get(day)?.pending ?? 0;
    return { day, verified, with_pending: verified + pending };
  });

  return {
    pool: { id: found.pool.id, name: found.pool.name, goal_amount: pool?.goal_amount ?? 0 },
    days,
    spending,
    totals: {
      verified_amount: found.totals.verified_amount,
      pending_amount: found.totals.pending_amount,
      spent_amount: found.totals.spent_amount,
    },
  };
}

/** Points of the small chart on a campaign's page: more than its few hundred pixels can show. */
export const SPARKLINE_POINTS = 48;

/**
 * The series as the campaign page's small chart draws it (issue 45): at most `points` days, the
 * last of each stretch of time (the series is a running total, so that day's value is the
 * stretch's end), the first and last days kept. The page sends this to the browser, so a campaign
 * with gifts on 200 days costs the page what one with gifts on 50 does; the ledger draws them all.
 */
export function sparklineSeries(series: PoolSeries, points = SPARKLINE_POINTS): PoolSeries {
  const { days } = series;
  if (days.length <= points) return { ...series, spending: [] };
  const time = (d: PoolSeriesDay) => Date.parse(`${d.day}T00:00:00Z`);
  const first = time(days[0]!);
  const span = time(days.at(-1)!) - first || 1;
  const bucket = (d: PoolSeriesDay) => Math.floor(((time(d) - first) / span) * (points - 2));
  const kept = days.filter(
    (d, i) => i === 0 || i === days.length - 1 || bucket(d) !== bucket(days[i + 1]!),
  );
  return { ...series, days: kept, spending: [] };
}
