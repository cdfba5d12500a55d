import { sql } from "drizzle-orm";
import { db } from "#db/client";

/**
 * A campaign's public ledger (issue 20, decision 034): every verified gift and every amount spent,
 * newest first, with the totals above them. A gift's donor is named only when they chose to be
 * shown and an administrator has not hidden the gift; no phone, reference or payment code is ever
 * read here. The verified sum is the pool's total: `current_amount` grows only in the batch that
 * verifies a pledge, by the amount the pledge then records (donation-decide.server.ts). A gift
 * QPay confirmed is read beside its line from `qpay_invoices` (its live-target index), in the
 * page's one query.
 */

export interface LedgerTotals {
  verified_amount: number;
  verified_count: number;
  pending_amount: number;
  pending_count: number;
  rejected_count: number;
  spent_amount: number;
  /** How many updates reported an amount spent. */
  spent_count: number;
  /** The pool's kept total, shown everywhere else; equals verified_amount. */
  pool_total: number;
}

export interface LedgerLine {
  kind: "gift" | "spending";
  id: number;
  /** A gift: when it was pledged. Spending: when the update reporting it was posted. */
  date: string;
  amount: number;
  /** A gift's donor, or null: anonymous. */
  donor_name: string | null;
  /** A gift matched to a bank statement line: that line's booking day (YYYY-MM-DD). */
  statement_date: string | null;
  /** A gift QPay confirmed (issue 39): when QPay says it was paid; null otherwise. */
  qpay_paid_at: string | null;
  /** A month of a monthly gift (issue 43): that month ("2026-11", Ulaanbaatar); null otherwise. */
  gift_month: string | null;
  /** A gift: when it was verified (by an administrator, a statement line or QPay). */
  confirmed_at: string | null;
  /** Spending: what it went on, in Mongolian and (if given) English. */
  spent_on_mn: string | null;
  spent_on_en: string | null;
}

interface PoolRef {
  id: number;
  name: string;
  status: "active" | "completed" | "archived";
  current_amount: number;
}

const num = (v: unknown) => Number(v ?? 0);

/** The pool and its totals, or null if there is no such pool. Read from covering indexes. */
export async function ledgerTotals(poolId: number): Promise<{
  pool: PoolRef;
  totals: LedgerTotals;
} | null> {
  if (!Number.isSafeInteger(poolId) || poolId < 1) return null;
  const [pool, byStatus, spent] = await Promise.all([
    db.query.donationPools.findFirst({
      where: (p, { eq }) => eq(p.id, poolId),
      columns: { id: true, name: true, status: true, current_amount: true },
    }),
    db.all<{ status: string; n: number; total: number }>(sql`
      SELECT status, count(*) AS n, coalesce(sum(amount), 0) AS total
      FROM pool_donations WHERE pool_id = ${poolId} GROUP BY status`),
    db.all<{ total: number; n: number }>(sql`
      SELECT coalesce(sum(spent_amount), 0) AS total, count(spent_amount) AS n
      FROM pool_updates WHERE pool_id = ${poolId}`),
  ]);
  if (!pool) return null;
  const of = (status: string) => byStatus.find((r) => r.status === status);
  return {
    pool,
    totals: {
      verified_amount: num(of("verified")?.total),
      verified_count: num(of("verified")?.n),
      pending_amount: num(of("pending")?.total),
      pending_count: num(of("pending")?.n),
      rejected_count: num(of("rejected")?.n),
      spent_amount: num(spent[0]?.total),
      spent_count: num(spent[0]?.n),
      pool_total: pool.current_amount,
    },
  };
}

/** Gifts and spending of one pool as one list, newest first (`limit` null: every line). */
function ledgerLines(poolId: number, limit: number | null, offset = 0) {
  return db.all<LedgerLine>(sql`
    SELECT 'gift' AS kind, d.id, d.donation_date AS date, d.amount,
      CASE WHEN d.display_in_leaderboard = 1 AND d.is_hidden = 0 THEN d.donor_name END AS donor_name,
      (SELECT substr(s.booked_on, 1, 10) FROM statement_lines s
        WHERE s.target_kind = 'pool' AND s.target_id = d.id AND s.status = 'confirmed'
        LIMIT 1) AS statement_date,
      (SELECT q.paid_at FROM qpay_invoices q
        WHERE q.target_kind = 'pool' AND q.target_id = d.id AND q.status = 'paid'
        LIMIT 1) AS qpay_paid_at,
      d.gift_month, d.decided_at AS confirmed_at, NULL AS spent_on_mn, NULL AS spent_on_en
    FROM pool_donations d
    WHERE d.pool_id = ${poolId} AND d.status = 'verified'
    UNION ALL
    SELECT 'spending', u.id, u.created_at, u.spent_amount, NULL, NULL, NULL, NULL, NULL,
      u.spent_on_mn, u.spent_on_en
    FROM pool_updates u
    WHERE u.pool_id = ${poolId} AND u.spent_amount IS NOT NULL
    ORDER BY date DESC, id DESC
    LIMIT ${limit ?? -1} OFFSET ${offset}`);
}

export const LEDGER_PAGE_SIZE = 25;

/** One page of a pool's ledger with its totals; null if there is no such pool. */
export async function poolLedger(poolId: number, page: number, pageSize = LEDGER_PAGE_SIZE) {
  const found = await ledgerTotals(poolId);
  if (!found) return null;
  const total = found.totals.verified_count + found.totals.spent_count;
  const pageCount = Math.max(1, Math.ceil(total / pageSize));
  const current = Math.min(Math.max(1, page), pageCount);
  const lines = await ledgerLines(poolId, pageSize, (current - 1) * pageSize);
  return { ...found, lines, total, page: current, pageSize, pageCount };
}

/** Every line of a pool's ledger, for its CSV download. */
export function allLedgerLines(poolId: number) {
  return ledgerLines(poolId, null);
}
