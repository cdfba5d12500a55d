import { readdir, readFile } from "node:fs/promises";
import path from "node:path";
import { type SQL, sql } from "drizzle-orm";
import { db } from "#db/client";
import { media } from "#db/schema";
import { logger } from "~/lib/logger.server";
import { backupDirectory } from "~/models/backup.server";
import { getMedia } from "~/models/media.server";
import { MEDIA_ID, mediaStore } from "~/models/media-store.server";
import { thumbnailOf, usedByStory, usedOutsideStories } from "~/models/media-uses.server";

/**
 * `npm run media:gc` (docs/operations.md): removes media nothing uses any more. Uploads are stored
 * as they arrive (the story wizard keeps its image across steps before the story exists), so
 * abandoned drafts, replaced images and "clear all data" leave media behind.
 *
 * Removed, once older than the grace period (a draft being written is unreferenced for a while):
 * - media rows no story, pool (photos, video), campaign update (photos, receipt pictures),
 *   avatar or kept medium's thumbnail points at;
 * - files in MEDIA_DIR without a row, and unfinished writes a crash left.
 * Kept whatever the age: the media a "clear all data" backup lists (`backups/*.media.txt`),
 * since restoring that backup needs their files.
 */
export interface MediaGcOptions {
  graceHours?: number;
  now?: Date;
  /** Count what would go, change nothing. */
  dryRun?: boolean;
}

export interface MediaGcResult {
  rows: number;
  files: number;
  bytes: number;
}

/** Ids listed by clear-data backups: their database copies still point at those files. */
async function listedByBackups(): Promise<string[]> {
  const dir = backupDirectory();
  if (!dir) return [];
  const ids = new Set<string>();
  for (const name of await readdir(dir).catch(() => [])) {
    if (!name.endsWith(".media.txt")) continue;
    const text = await readFile(path.join(dir, name), "utf8").catch(() => "");
    for (const line of text.split("\n")) if (MEDIA_ID.test(line.trim())) ids.add(line.trim());
  }
  return [...ids];
}

/** Something that stays points at the medium `id`: a story, a pool, an avatar, a backup's list. */
const used = (id: SQL, kept: string[]) => sql`(
  ${id} IN (SELECT value FROM json_each(${JSON.stringify(kept)}))
  OR ${usedByStory(id)} OR ${usedOutsideStories(id)})`;

/**
 * Old media nothing uses, thumbnails included: a thumbnail stays while its medium stays (is used
 * or still young). Evaluated inside the DELETE itself, so a use added meanwhile wins.
 */
const garbage = (cutoff: string, kept: string[]) => sql`
  ${media.created_at} < ${cutoff}
  AND NOT ${used(sql`${media.id}`, kept)}
  AND NOT ${thumbnailOf(sql`(parent.created_at >= ${cutoff} OR ${used(sql`parent.id`, kept)})`)}`;

export async function collectMediaGarbage({
  graceHours = 24,
  now = new Date(),
  dryRun = false,
}: MediaGcOptions = {}): Promise<MediaGcResult> {
  const cutoffDate = new Date(now.getTime() - graceHours * 3_600_000);
  const cutoff = cutoffDate.toISOString();
  const kept = await listedByBackups();

  const where = garbage(cutoff, kept);
  const removed = dryRun
    ? await db.select({ id: media.id }).from(media).where(where)
    : await db.delete(media).where(where).returning({ id: media.id });
  const gone = new Set(removed.map((row) => row.id));
  const known = new Set(kept);
  for (const row of await db.select({ id: media.id }).from(media)) {
    if (!gone.has(row.id)) known.add(row.id);
  }

  let files = 0;
  let bytes = 0;
  for await (const file of mediaStore.list()) {
    if (file.modified >= cutoffDate) continue;
    if (!file.tmp && known.has(file.id)) continue;
    // The same bytes uploaded again since the list above: the new row needs this file.
    if (!file.tmp && !dryRun && (await getMedia(file.id))) continue;
    files++;
    bytes += file.size;
    if (!dryRun) await mediaStore.remove(file);
  }
  const result = { rows: gone.size, files, bytes };
  logger.info(dryRun ? "media.gc.dry_run" : "media.gc", { ...result, graceHours });
  return result;
}
