import { sql } from "drizzle-orm";
import { db } from "#db/client";

/**
 * What the home page and the campaign list say about all the giving (issue 20, decision 034):
 * the money raised (the sum of every campaign ledger's verified gifts), how many gifts that is,
 * and what share of the money pledged and not turned down has been confirmed. Pledges are
 * promises, so the share says how much of what was promised has arrived.
 */
export interface GivingTotals {
  raised: number;
  gifts: number;
  pending: number;
  /** Percent of verified + pending money that is verified, rounded down (100 only when none waits). */
  confirmed_share: number;
}

/**
 * Read from the counts and sums triggers keep per status (migration 0030): the same two rows at
 * any size, where summing the gifts took 3 ms at 50,000 and 37 ms at 500,000 (issue 45).
 */
async function readTotals(): Promise<GivingTotals> {
  const rows = await db.all<{ status: string; n: number; total: number }>(sql`
    SELECT status, gifts AS n, amount AS total
    FROM donation_totals WHERE status IN ('verified', 'pending')`);
  const of = (status: string) => rows.find((r) => r.status === status);
  const raised = Number(of("verified")?.total ?? 0);
  const pending = Number(of("pending")?.total ?? 0);
  const promised = raised + pending;
  return {
    raised,
    gifts: Number(of("verified")?.n ?? 0),
    pending,
    confirmed_share: promised === 0 ? 100 : Math.floor((raised / promised) * 100),
  };
}

/**
 * Kept for this long in each process: the figures change only when a gift is pledged or decided,
 * and a page that shows them may itself be shared for 10 s (decision 014).
 */
export const GIVING_TOTALS_TTL_MS = 30_000;

let kept: { at: number; value: Promise<GivingTotals> } | null = null;

export function givingTotals(now = Date.now()): Promise<GivingTotals> {
  if (!kept || now - kept.at >= GIVING_TOTALS_TTL_MS) {
    const value = readTotals();
    kept = { at: now, value };
    // A failed read is not kept: the next page asks again.
    value.catch(() => {
      if (kept?.value === value) kept = null;
    });
  }
  return kept.value;
}

/** Tests and clearing all data start from fresh figures. */
export function forgetGivingTotals() {
  kept = null;
}
