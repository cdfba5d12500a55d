import { desc, eq, sql } from "drizzle-orm";
import { alias } from "drizzle-orm/sqlite-core";
import { db } from "#db/client";
import { donationPools, media } from "#db/schema";
import { mediaUrl } from "~/models/media.server";

/** round(current / goal × 100), capped at 100 (spec 01 §9). */
export function progressPercent(current: number, goal: number) {
  if (goal <= 0) return 0;
  return Math.min(100, Math.round((current / goal) * 100));
}

export interface PoolSummary {
  id: number;
  name: string;
  description: string;
  goal_amount: number;
  current_amount: number;
  progress: number;
  created_at: string;
  status: "active" | "completed" | "archived";
  photo_1: string | null;
  photo_1_thumbnail: string | null;
  has_photo_1: boolean;
  has_media: boolean;
  has_video: boolean;
}

const photo = alias(media, "photo");

/**
 * Pool cards for the home page and `/api/donation-pools?summary=true`: active pools first, then
 * completed ones, newest first; archived pools are not shown. One statement.
 */
export async function listPoolSummaries(limit: number): Promise<PoolSummary[]> {
  const rows = await db
    .select({
      id: donationPools.id,
      name: donationPools.name,
      description: donationPools.description,
      goal_amount: donationPools.goal_amount,
      current_amount: donationPools.current_amount,
      created_at: donationPools.created_at,
      status: donationPools.status,
      photo_1: donationPools.photo_1,
      photo_2: donationPools.photo_2,
      photo_3: donationPools.photo_3,
      video_url: donationPools.video_url,
      thumbnail_id: photo.thumbnail_id,
    })
    .from(donationPools)
    .leftJoin(photo, eq(photo.id, donationPools.photo_1))
    .where(sql`${donationPools.status} <> 'archived'`)
    .orderBy(
      sql`${donationPools.status} = 'active' desc`,
      desc(donationPools.created_at),
      desc(donationPools.id),
    )
    .limit(Math.min(Math.max(1, limit), 50));
  return rows.map(({ photo_2, photo_3, video_url, thumbnail_id, ...row }) => ({
    ...row,
    progress: progressPercent(row.current_amount, row.goal_amount),
    photo_1: mediaUrl(row.photo_1),
    photo_1_thumbnail: mediaUrl(thumbnail_id ?? row.photo_1),
    has_photo_1: Boolean(row.photo_1),
    has_media: Boolean(row.photo_1 || photo_2 || photo_3 || video_url),
    has_video: Boolean(video_url),
  }));
}
