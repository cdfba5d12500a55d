import { type SQL, sql } from "drizzle-orm";
import {
  donationPools,
  media,
  poolUpdateMedia,
  stories,
  storyDrafts,
  storyEdits,
  users,
} from "#db/schema";

/**
 * What keeps a stored medium in use, in one place for "clear all data" (which removes story media
 * unless something else uses them) and `npm run media:gc` (which removes media nothing uses).
 * `id` is an SQL expression naming the medium, e.g. sql`${media.id}` or sql`m.id`.
 */

/**
 * A pool shows it (photo or video), a campaign update shows it (photo or receipt picture), or a
 * user has it as avatar.
 */
export const usedOutsideStories = (id: SQL) => sql`(
  EXISTS (SELECT 1 FROM ${donationPools} p
    WHERE ${id} IN (p.photo_1, p.photo_2, p.photo_3) OR instr(coalesce(p.video_url, ''), ${id}) > 0)
  OR EXISTS (SELECT 1 FROM ${poolUpdateMedia} um WHERE um.media_id = ${id})
  OR EXISTS (SELECT 1 FROM ${users} u WHERE instr(coalesce(u.avatar_url, ''), ${id}) > 0))`;

/**
 * A story shows it, an edit of a story waiting for review will, or an author's draft holds it
 * (decision 059) until its story is sent.
 */
export const usedByStory = (id: SQL) =>
  sql`(EXISTS (SELECT 1 FROM ${stories} s WHERE s.story_image = ${id})
  OR EXISTS (SELECT 1 FROM ${storyEdits} e WHERE e.story_image = ${id})
  OR EXISTS (SELECT 1 FROM ${storyDrafts} d WHERE d.image_id = ${id}))`;

/** It is the thumbnail of a medium for which `parentKept` holds (written against `parent`). */
export const thumbnailOf = (parentKept: SQL) =>
  sql`EXISTS (SELECT 1 FROM ${media} parent WHERE parent.thumbnail_id = ${media.id} AND ${parentKept})`;
