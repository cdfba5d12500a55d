// Installs dependencies when node_modules is missing or older than package-lock.json or the
// patches that postinstall applies to them (decision 017), so that `npm start` and `npm test`
// work on a fresh clone. Plain Node: it runs before anything is installed.
//
// `node scripts/ensure-install.mjs` installs what starting needs: the app's dependencies, which
// include its build tools (`npm start` builds). `--all` adds the devDependencies: the tests'
// and the benchmark's tools (Vitest, Playwright, Lighthouse…), for `npm test`, `npm run bench`
// and `npm run dev`. A full install also serves a start; a start's never serves the tests.
import { execSync } from "node:child_process";
import { createHash } from "node:crypto";
import { existsSync, readdirSync, readFileSync, writeFileSync } from "node:fs";

const askedAll = process.argv.includes("--all");
const stamp = "node_modules/.storyshare-lock-hash";
const lockHash = () => {
  const hash = createHash("sha256");
  const inputs = ["package-lock.json"];
  if (existsSync("patches"))
    inputs.push(
      ...readdirSync("patches")
        .sort()
        .map((f) => `patches/${f}`),
    );
  for (const file of inputs) if (existsSync(file)) hash.update(file).update(readFileSync(file));
  return hash.digest("hex");
};
const [haveHash, haveKind] = existsSync(stamp)
  ? readFileSync(stamp, "utf8").trim().split(" ")
  : [null, null];
// A checkout that had the test tools keeps them when the lock changes under a start.
const all = askedAll || haveKind === "all";
const enough = haveKind === "all" || (!all && haveKind === "start");
const tool = all ? "node_modules/.bin/vitest" : "node_modules/.bin/remix";

if (haveHash !== lockHash() || !enough || !existsSync(tool)) {
  console.log(all ? "Installing dependencies and test tools…" : "Installing dependencies…");
  // `npm install` follows package-lock.json. Not `npm ci`: its check that the lock lists every
  // platform's optional binaries (biome, rollup) fails against registries that serve only this
  // platform's, as the one on our CI machines does; and it would delete a full install to make a
  // start's.
  execSync(`npm install --no-audit --no-fund${all ? "" : " --omit=dev"}`, { stdio: "inherit" });
  writeFileSync(stamp, `${lockHash()} ${all ? "all" : "start"}`);
}
