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
    // Summed per stored timestamp's UTC hour: few rows even for many gifts, and the Ulaanbaatar
    // day of an hour is exact (the offset is whole hours).
    db.all<{ status: string; at: string; total: number }>(sql`
      SELECT status,
        substr(CASE WHEN status = 'verified' THEN coalesce(decided_at, donation_date)
          ELSE donation_date END, 1, 13) || ':00:00Z' AS at,
        sum(amount) AS total
      FROM pool_donations
      WHERE pool_id = ${poolId} AND status IN ('verified', 'pending')
      GROUP BY 1, 2`),
    db.all<{ id: number; created_at: string; amount: number; mn: string; en: string | null }>(sql`
      SELECT id, created_at, spent_amount AS amount, spent_on_mn AS mn, spent_on_en AS en
      FROM pool_updates WHERE pool_id = ${poolId} AND spent_amount IS NOT NULL
      ORDER BY created_at, id`),
  ]);
  const change = new Map<string, { verified: number; pending: number }>();
  for (const g of gifts) {
    const day = ubDay(g.at);
    const at = change.get(day) ?? { verified: 0, pending: 0 };
    if (g.status === "verified") at.verified += Number(g.total);
    else at.pending += Number(g.total);
    change.set(day, at);
  }
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
