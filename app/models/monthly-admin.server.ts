import { sql } from "drizzle-orm";
import { db } from "#db/client";
import { MONTHLY_STATUSES, type MonthlyStatus } from "#db/schema";

/**
 * The administrators' list of monthly donors (issue 43, decision 062): who gives monthly, to which
 * campaign (or the site), how much and on which day, how, in what state, and which months were
 * paid and which missed, as `monthly_gift_months` records them. Months are marked paid when a
 * month's gift is verified; missed months are written by the monthly run, so until it runs a
 * month with no gift is simply not listed.
 */

export const MONTHLY_FILTERS = ["all", ...MONTHLY_STATUSES] as const;
export type MonthlyFilter = (typeof MONTHLY_FILTERS)[number];

export const parseMonthlyFilter = (value: unknown): MonthlyFilter =>
  MONTHLY_FILTERS.includes(value as MonthlyFilter) ? (value as MonthlyFilter) : "all";

export interface MonthlyDonorRow {
  id: number;
  donor_name: string;
  /** null: a monthly gift to the site itself. */
  pool_id: number | null;
  pool_name: string | null;
  amount: number;
  day_of_month: number;
  method: "standing_order" | "reminder";
  status: MonthlyStatus;
  /** While paused: the first month it gives again. */
  paused_until: string | null;
  payment_code: string;
  created_at: string;
  stopped_at: string | null;
  /** Months ("YYYY-MM") with a verified gift, oldest first. */
  months_paid: string[];
  /** Months the monthly run marked missed, oldest first. */
  months_missed: string[];
}

export const MONTHLY_PAGE_SIZE = 25;

const months = (value: unknown) =>
  typeof value === "string" && value ? value.split(",").sort() : [];

/** One page of monthly donors, newest first, with how many there are of each status. */
export async function listMonthlyDonors(
  filter: MonthlyFilter,
  page = 1,
  pageSize = MONTHLY_PAGE_SIZE,
) {
  const where = filter === "all" ? sql`1 = 1` : sql`g.status = ${filter}`;
  const byStatus = await db.all<{ status: MonthlyStatus; n: number }>(sql`
    SELECT status, count(*) AS n FROM monthly_gifts GROUP BY status`);
  const counts = Object.fromEntries(MONTHLY_STATUSES.map((s) => [s, 0])) as Record<
    MonthlyStatus,
    number
  >;
  for (const row of byStatus) counts[row.status] = Number(row.n);
  const all = MONTHLY_STATUSES.reduce((sum, s) => sum + counts[s], 0);
  const total = filter === "all" ? all : counts[filter];
  const pageCount = Math.max(1, Math.ceil(total / pageSize));
  const current = Math.min(Math.max(1, Math.trunc(page) || 1), pageCount);
  const rows = await db.all<Record<string, unknown>>(sql`
    SELECT g.id, g.donor_name, g.pool_id, p.name AS pool_name, g.amount, g.day_of_month, g.method,
           g.status, g.paused_until, g.payment_code, g.created_at, g.stopped_at,
           (SELECT group_concat(month, ',') FROM monthly_gift_months
             WHERE gift_id = g.id AND state = 'paid') AS months_paid,
           (SELECT group_concat(month, ',') FROM monthly_gift_months
             WHERE gift_id = g.id AND state = 'missed') AS months_missed
      FROM monthly_gifts g LEFT JOIN donation_pools p ON p.id = g.pool_id
     WHERE ${where}
     ORDER BY g.created_at DESC, g.id DESC
     LIMIT ${pageSize} OFFSET ${(current - 1) * pageSize}`);
  const items: MonthlyDonorRow[] = rows.map((r) => ({
    id: Number(r.id),
    donor_name: String(r.donor_name),
    pool_id: r.pool_id === null ? null : Number(r.pool_id),
    pool_name: (r.pool_name as string | null) ?? null,
    amount: Number(r.amount),
    day_of_month: Number(r.day_of_month),
    method: r.method as MonthlyDonorRow["method"],
    status: r.status as MonthlyStatus,
    paused_until: (r.paused_until as string | null) ?? null,
    payment_code: String(r.payment_code),
    created_at: String(r.created_at),
    stopped_at: (r.stopped_at as string | null) ?? null,
    months_paid: months(r.months_paid),
    months_missed: months(r.months_missed),
  }));
  return {
    filter,
    items,
    counts: { all, ...counts },
    total,
    page: current,
    pageSize,
    pageCount,
  };
}
