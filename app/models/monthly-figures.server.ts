import { sql } from "drizzle-orm";
import { db } from "#db/client";

/**
 * What a campaign page says about monthly giving (issue 43, decision 062): how many people give to
 * it every month and what that adds up to each month. Promised, not received: the campaign's total
 * counts a month only when its gift is verified. Paused and stopped gifts are not counted; a
 * paused one comes back into the figure when it gives again.
 */
export interface MonthlyFigure {
  /** Monthly gifts to this campaign that are active. */
  monthly_givers: number;
  /** The sum of their amounts: what they promise each month, in tugrik. */
  monthly_amount: number;
}

/** Read from the (pool_id, status) index. */
export async function poolMonthlyFigure(poolId: number): Promise<MonthlyFigure> {
  const [row] = await db.all<{ n: number; total: number }>(sql`
    SELECT count(*) AS n, coalesce(sum(amount), 0) AS total
      FROM monthly_gifts WHERE pool_id = ${poolId} AND status = 'active'`);
  return { monthly_givers: Number(row?.n ?? 0), monthly_amount: Number(row?.total ?? 0) };
}
