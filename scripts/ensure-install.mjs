// Installs dependencies when node_modules is missing or older than package-lock.json, so that
// `npm start` and `npm test` work on a fresh clone. Plain Node: it runs before anything is installed.
import { execSync } from "node:child_process";
import { createHash } from "node:crypto";
import { existsSync, readFileSync, writeFileSync } from "node:fs";

const stamp = "node_modules/.storyshare-lock-hash";
const lock = existsSync("package-lock.json") ? readFileSync("package-lock.json") : null;
const wanted = lock ? createHash("sha256").update(lock).digest("hex") : "no-lock";
const have = existsSync(stamp) ? readFileSync(stamp, "utf8").trim() : null;

if (have !== wanted || !existsSync("node_modules/.bin/remix")) {
  console.log(
    lock ? "Installing dependencies (npm ci)…" : "Installing dependencies (npm install)…",
  );
  execSync(lock ? "npm ci --no-audit --no-fund" : "npm install --no-audit --no-fund", {
    stdio: "inherit",
  });
  writeFileSync(stamp, wanted);
}
