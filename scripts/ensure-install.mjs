// Installs dependencies when node_modules is missing or older than package-lock.json or the
// patches that postinstall applies to them (decision 017), so that `npm start` and `npm test`
// work on a fresh clone. Plain Node: it runs before anything is installed.
import { execSync } from "node:child_process";
import { createHash } from "node:crypto";
import { existsSync, readdirSync, readFileSync, writeFileSync } from "node:fs";

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
const have = existsSync(stamp) ? readFileSync(stamp, "utf8").trim() : null;

if (have !== lockHash() || !existsSync("node_modules/.bin/remix")) {
  console.log("Installing dependencies…");
  // `npm install` follows package-lock.json. Not `npm ci`: its check that the lock lists every
  // platform's optional binaries (biome, rollup) fails against registries that serve only this
  // platform's, as the one on our CI machines does.
  execSync("npm install --no-audit --no-fund", { stdio: "inherit" });
  writeFileSync(stamp, lockHash());
}
