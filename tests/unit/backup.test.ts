import { existsSync, mkdtempSync, readdirSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { createClient } from "@libsql/client";
import { beforeAll, describe, expect, it } from "vitest";
import { db } from "#db/client";
import { comments } from "#db/schema";
import { seed } from "#db/seed";
import { checkDatabaseFile, createBackup, restoreBackup } from "~/models/backup.server";
import { loader as health } from "~/routes/healthz";

/** `npm run backup` / `npm run restore` (issue 9 operations) and the health endpoint. */

const count = async (file: string, table: string) => {
  const client = createClient({ url: `file:${file}` });
  try {
    return Number((await client.execute(`SELECT count(*) AS n FROM ${table}`)).rows[0]!.n);
  } finally {
    client.close();
  }
};

beforeAll(async () => {
  await seed();
});

describe("backup and restore", () => {
  it("backs up the database and the media while running, and restores them elsewhere", async () => {
    const commentsBefore = (await db.select().from(comments)).length;
    expect(commentsBefore).toBeGreaterThan(0);
    const backup = await createBackup(new Date("2026-11-22T10:00:00Z"));
    expect(path.basename(backup.dir)).toBe("2026-11-22T10-00-00-000Z");
    expect(backup.mediaFiles).toBeGreaterThan(0);
    expect((await checkDatabaseFile(backup.database)).ok).toBe(true);
    // A second backup in the same second gets its own folder.
    const second = await createBackup(new Date("2026-11-22T10:00:00Z"));
    expect(second.dir).not.toBe(backup.dir);

    // Changes after the backup are not in it.
    await db.delete(comments);
    const target = mkdtempSync(path.join(os.tmpdir(), "storyshare-restore-"));
    const restored = await restoreBackup(backup.dir, {
      database: path.join(target, "app.db"),
      mediaDir: path.join(target, "media"),
    });
    expect(await count(restored.database, "comments")).toBe(commentsBefore);
    expect(restored.mediaRestored).toBe(backup.mediaFiles);
    expect(readdirSync(path.join(target, "media")).length).toBeGreaterThan(0);
    // Restoring again over it brings back nothing twice.
    const again = await restoreBackup(backup.dir, {
      database: path.join(target, "app.db"),
      mediaDir: path.join(target, "media"),
    });
    expect(again.mediaRestored).toBe(0);
    expect(existsSync(path.join(target, "app.db.restoring"))).toBe(false);
  });

  it("refuses a folder without a database, or a damaged one, and leaves the target alone", async () => {
    const empty = mkdtempSync(path.join(os.tmpdir(), "storyshare-backup-"));
    const target = { database: path.join(empty, "live.db"), mediaDir: path.join(empty, "m") };
    await expect(restoreBackup(empty, target)).rejects.toThrow(/No app.db/);
    writeFileSync(path.join(empty, "app.db"), "this is not a database");
    await expect(restoreBackup(empty, target)).rejects.toThrow();
    expect(existsSync(target.database)).toBe(false);
  });
});

describe("GET /healthz", () => {
  it("answers 200 when the database answers, never cached", async () => {
    const res = await health();
    expect(res.status).toBe(200);
    expect(res.headers.get("Cache-Control")).toBe("no-store");
    expect(await res.json()).toEqual({ status: "ok", database: "ok" });
  });
});
