// The production build on a real port, with its own fresh database and media folder, migrated
// and seeded, and a known administrator: what Playwright tests against.
import { execFileSync, spawn } from "node:child_process";
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";

// A fresh folder each run: the one playwright.config.ts names (its checks read the database
// afterwards), or a new temporary one when started by hand.
const dir = process.env.E2E_DIR ?? mkdtempSync(path.join(os.tmpdir(), "storyshare-e2e-"));
rmSync(dir, { recursive: true, force: true });
mkdirSync(dir, { recursive: true });
const env = {
  ...process.env,
  NODE_ENV: "production",
  PORT: process.env.E2E_PORT ?? "3210",
  ENV_FILE: path.join(dir, "none.env"),
  DATABASE_URL: `file:${path.join(dir, "app.db")}`,
  MEDIA_DIR: path.join(dir, "media"),
  DATA_DIR: dir,
  ADMIN_USERNAME: "admin",
  ADMIN_PASSWORD: "e2e-admin-password",
  PREMIUM_SETTINGS_SECRET: "e2e-premium-secret-key",
  // As deployed: absolute links from SITE_URL, never from a request's Host.
  SITE_URL: `http://localhost:${process.env.E2E_PORT ?? "3210"}`,
  LOG_LEVEL: "error",
  // Every /api answer is checked against its declaration; invariants.ts fails the run on any miss.
  API_CONTRACT_CHECK: "1",
  // The browser fills forms at machine speed: the minimum time a person takes is checked by
  // tests/unit/spam.test.ts (and the hidden field here too, in every form).
  FORM_MIN_FILL_MS: "0",
};
execFileSync("node_modules/.bin/tsx", ["db/setup.ts"], {
  env,
  stdio: ["ignore", "ignore", "inherit"],
});
const server = spawn(process.execPath, ["node_modules/.bin/remix-serve", "build/server/index.js"], {
  env,
  stdio: "inherit",
});
// The abuse suite reads the server's memory use (/proc/PID/status) around oversized uploads.
writeFileSync(path.join(dir, "server.pid"), String(server.pid));
for (const signal of ["SIGINT", "SIGTERM"]) process.on(signal, () => server.kill(signal));
server.on("exit", (code) => process.exit(code ?? 0));
