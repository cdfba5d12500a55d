import { sql } from "drizzle-orm";
import { db } from "#db/client";

/**
 * In a verification's batch: the month of a monthly gift's row is paid (issue 43). Only when the
 * row is a month of a monthly gift and verified; a month marked missed or paused before the money
 * came becomes paid. Written again by a second gift of the month, with the same result.
 */
export function markMonthPaid(table: "pool_donations" | "donations", id: number) {
  return db.run(sql`
    INSERT INTO monthly_gift_months (gift_id, month, state)
    SELECT d.monthly_gift_id, d.gift_month, 'paid' FROM ${sql.raw(table)} d
     WHERE d.id = ${id} AND d.status = 'verified'
       AND d.monthly_gift_id IS NOT NULL AND d.gift_month IS NOT NULL
    ON CONFLICT (gift_id, month) DO UPDATE SET state = 'paid'`);
}
