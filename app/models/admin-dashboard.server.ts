import { sql } from "drizzle-orm";
import { db } from "#db/client";

/** The numbers on the dashboard's tabs: what waits for an administrator. One statement. */
export async function adminQueueCounts() {
  const [row] = await db.all<{
    stories: number;
    payments: number;
    donations: number;
    reports: number;
  }>(sql`
    SELECT
      (SELECT count(*) FROM stories WHERE status = 'pending')
        + (SELECT count(*) FROM story_edits)
        + (SELECT count(*) FROM comments WHERE held_at IS NOT NULL) AS stories,
      (SELECT count(*) FROM stories
        WHERE pricing_tier <> 'free' AND payment_status = 'pending' AND status <> 'rejected') AS payments,
      (SELECT count(*) FROM pool_donations WHERE status = 'pending')
        + (SELECT count(*) FROM donations WHERE status = 'pending') AS donations,
      (SELECT count(*) FROM (SELECT 1 FROM reports WHERE status = 'open'
        GROUP BY target_type, target_id)) AS reports
  `);
  return {
    stories: Number(row?.stories ?? 0),
    payments: Number(row?.payments ?? 0),
    donations: Number(row?.donations ?? 0),
    reports: Number(row?.reports ?? 0),
  };
}
