import { mkdtempSync } from "node:fs";
import os from "node:os";
import path from "node:path";

/**
 * Every test file gets its own empty database and media folder (Vitest isolates modules per
 * file, so the config below is what that file's app modules see), migrated before its tests.
 */
const dir = mkdtempSync(path.join(os.tmpdir(), "storyshare-test-"));
Object.assign(process.env, {
  ENV_FILE: path.join(dir, "no.env"),
  NODE_ENV: "test",
  DATABASE_URL: `file:${path.join(dir, "app.db")}`,
  MEDIA_DIR: path.join(dir, "media"),
  DATA_DIR: dir,
  LOG_LEVEL: "silent",
  ADMIN_USERNAME: "admin",
  ADMIN_PASSWORD: "test-admin-password",
  TRUST_PROXY: "false",
  // Every /api answer is checked against its declaration (app/api/contract-check.server.ts).
  API_CONTRACT_CHECK: "1",
});
delete process.env.SESSION_SECRET;
delete process.env.PREMIUM_SETTINGS_SECRET;

const { migrateDatabase } = await import("#db/migrate");
await migrateDatabase();

const { afterAll, expect } = await import("vitest");
afterAll(async () => {
  const { violations } = await import("~/api/contract-check.server");
  expect(violations, "every /api answer is what its declaration (app/api/) documents").toEqual([]);
});
