import { sql } from "drizzle-orm";
import { db } from "#db/client";

/**
 * Whether a reader's story page holds anything of their own beyond their heart (decision 039):
 * nothing when the story is published, not theirs, and they have neither commented on it (a held
 * or hidden comment included) nor reported it or a comment on it. Then the page is the same for
 * every such reader but the heart and whether they follow its author (issue 42); null means it
 * is not.
 */
export async function storyPageOwnParts(
  storyId: number,
  userId: string,
): Promise<{ hearted: boolean; following: boolean } | null> {
  const [row] = await db.all<{
    author: string | null;
    status: string;
    commented: number;
    reported: number;
    hearted: number;
    following: number;
  }>(sql`
    SELECT s.user_id AS author, s.status AS status,
      EXISTS (SELECT 1 FROM comments c WHERE c.story_id = s.id AND c.user_id = ${userId}) AS commented,
      EXISTS (SELECT 1 FROM reports r WHERE r.reporter_id = ${userId} AND (
        (r.target_type = 'story' AND r.target_id = s.id) OR
        (r.target_type = 'comment' AND r.target_id IN (SELECT id FROM comments WHERE story_id = s.id))
      )) AS reported,
      EXISTS (SELECT 1 FROM story_hearts h WHERE h.story_id = s.id AND h.user_id = ${userId}) AS hearted,
      EXISTS (SELECT 1 FROM author_follows f
               WHERE f.author_id = s.user_id AND f.follower_id = ${userId}) AS following
    FROM stories s WHERE s.id = ${storyId}`);
  if (row?.status !== "approved" || row.author === userId) return null;
  if (Number(row.commented) || Number(row.reported)) return null;
  return { hearted: Boolean(Number(row.hearted)), following: Boolean(Number(row.following)) };
}
