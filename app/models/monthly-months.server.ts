import { sql } from "drizzle-orm";
import { db } from "#db/client";

/**
 * In a verification's batch: the month of a monthly gift's row is paid (issue 43). Only when the
 * row is a month of a monthly gift and verified; a month marked missed or paused before the money
 * came becomes paid. Written again by a second gift of the month, with the same result. A gift
 * that arrives also ends a run of missed months (monthly-run.server.ts counts them).
 */
export function markMonthPaid(table: "pool_donations" | "donations", id: number) {
  const row = sql`FROM ${sql.raw(table)} d
     WHERE d.id = ${id} AND d.status = 'verified'
       AND d.monthly_gift_id IS NOT NULL AND d.gift_month IS NOT NULL`;
  return [
    db.run(sql`
      INSERT INTO monthly_gift_months (gift_id, month, state)
      SELECT d.monthly_gift_id, d.gift_month, 'paid' ${row}
      ON CONFLICT (gift_id, month) DO UPDATE SET state = 'paid'`),
    db.run(sql`UPDATE monthly_gifts SET missed_in_row = 0
      WHERE missed_in_row > 0 AND id IN (SELECT d.monthly_gift_id ${row})`),
  ] as const;
}

export interface GiftMonth {
  month: string;
  state: "paid" | "missed" | "paused";
}

/** The last months of a gift that have a state, newest first: the donor's page shows them. */
export async function giftMonths(giftId: number, limit = 12): Promise<GiftMonth[]> {
  return db.all<GiftMonth>(sql`SELECT month, state FROM monthly_gift_months
     WHERE gift_id = ${giftId} AND state IS NOT NULL ORDER BY month DESC LIMIT ${limit}`);
}
