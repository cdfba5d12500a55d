import { copyFile, link, mkdir, readdir, rename, rm, stat } from "node:fs/promises";
import path from "node:path";
import { createClient } from "@libsql/client";
import { dbClient, localPath } from "#db/client";
import { config } from "~/config.server";
import { HttpError } from "~/http/http.server";
import { logger } from "~/lib/logger.server";

/**
 * Backups of the embedded database and its media (issue 9, docs/operations.md). A backup is a
 * folder `DATA_DIR/backups/<time>/` with `app.db` (one consistent snapshot, taken by
 * `VACUUM INTO` while the site runs) and `media/` (the stored files, hard-linked when on the same
 * disk: media files are named by their content and never change). On a libSQL server the
 * server's own backups apply.
 */

/** Where backups go for an embedded database; null when the database is on a libSQL server. */
export function backupDirectory(): string | null {
  return localPath(config.DATABASE_URL) ? path.resolve(config.DATA_DIR, "backups") : null;
}

const stamp = (now: Date) => now.toISOString().replace(/[:.]/g, "-");

const exists = (file: string) =>
  stat(file).then(
    () => true,
    () => false,
  );

/** A path under `dir` named after `now` that does not exist yet. */
async function freshPath(dir: string, name: (suffix: string) => string) {
  let candidate = path.join(dir, name(""));
  for (let n = 2; await exists(candidate); n++) candidate = path.join(dir, name(`-${n}`));
  return candidate;
}

/**
 * A consistent copy of the whole database in one file (`VACUUM INTO` reads one snapshot, so
 * writes by other processes during the copy do not tear it). Null on a libSQL server.
 */
export async function snapshotDatabase(now = new Date()): Promise<string | null> {
  const dir = backupDirectory();
  if (!dir) return null;
  await mkdir(dir, { recursive: true });
  const file = await freshPath(dir, (s) => `app-${stamp(now)}${s}.db`);
  await vacuumInto(file);
  return file;
}

async function vacuumInto(file: string) {
  try {
    await dbClient.execute({ sql: "VACUUM INTO ?", args: [file] });
  } catch (error) {
    logger.error("backup.failed", { file, error: String(error) });
    throw new HttpError(500, "admin:clearData.errors.backupFailed");
  }
}

/** Every file of a media folder, as paths relative to it. */
async function mediaFiles(root: string, sub = ""): Promise<string[]> {
  const entries = await readdir(path.join(root, sub), { withFileTypes: true }).catch(() => []);
  const files: string[] = [];
  for (const entry of entries) {
    const rel = path.join(sub, entry.name);
    if (entry.isDirectory()) files.push(...(await mediaFiles(root, rel)));
    else if (entry.isFile()) files.push(rel);
  }
  return files;
}

/** Hard link, or copy when the two folders are on different disks. Existing files are kept. */
async function mirror(from: string, to: string) {
  const files = await mediaFiles(from);
  let added = 0;
  for (const rel of files) {
    const target = path.join(to, rel);
    if (await exists(target)) continue;
    await mkdir(path.dirname(target), { recursive: true });
    await link(path.join(from, rel), target).catch(() => copyFile(path.join(from, rel), target));
    added++;
  }
  return { files: files.length, added };
}

export interface Backup {
  dir: string;
  database: string;
  mediaFiles: number;
}

/** `npm run backup`: the database and the media, while the site keeps running. */
export async function createBackup(now = new Date()): Promise<Backup> {
  const root = backupDirectory();
  if (!root) throw new Error("DATABASE_URL is a libSQL server: use the server's own backups.");
  await mkdir(root, { recursive: true });
  const dir = await freshPath(root, (s) => `${stamp(now)}${s}`);
  await mkdir(dir);
  const database = path.join(dir, "app.db");
  await vacuumInto(database);
  const media = await mirror(path.resolve(config.MEDIA_DIR), path.join(dir, "media"));
  logger.info("backup.created", { dir, media: media.files });
  return { dir, database, mediaFiles: media.files };
}

/** Whether a database file opens and passes SQLite's own checks. */
export async function checkDatabaseFile(file: string) {
  const client = createClient({ url: `file:${file}` });
  try {
    const integrity = await client.execute("PRAGMA integrity_check");
    const foreignKeys = await client.execute("PRAGMA foreign_key_check");
    const ok = integrity.rows[0]?.[0] === "ok" && foreignKeys.rows.length === 0;
    return {
      ok,
      integrity: String(integrity.rows[0]?.[0]),
      foreignKeyErrors: foreignKeys.rows.length,
    };
  } finally {
    client.close();
  }
}

/**
 * `npm run restore -- <backup folder>`, with the site stopped: checks the backup, puts its
 * database in place of `target` (written beside it, then renamed, so a failure leaves the old one;
 * the old write-ahead log is removed with it), and brings back media files that are missing.
 */
export async function restoreBackup(
  dir: string,
  target = {
    database: localPath(config.DATABASE_URL),
    mediaDir: path.resolve(config.MEDIA_DIR),
  },
) {
  if (!target.database)
    throw new Error("DATABASE_URL is a libSQL server: use the server's own restore.");
  const source = path.join(dir, "app.db");
  if (!(await exists(source))) throw new Error(`No app.db in ${dir}.`);
  const check = await checkDatabaseFile(source);
  if (!check.ok) throw new Error(`The backup's database fails its checks: ${check.integrity}.`);
  await mkdir(path.dirname(target.database), { recursive: true });
  const incoming = `${target.database}.restoring`;
  await copyFile(source, incoming);
  await rm(`${target.database}-wal`, { force: true });
  await rm(`${target.database}-shm`, { force: true });
  await rename(incoming, target.database);
  const media = await mirror(path.join(dir, "media"), target.mediaDir);
  logger.info("backup.restored", { dir, database: target.database, media: media.added });
  return { database: target.database, mediaRestored: media.added };
}
