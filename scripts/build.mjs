// `npm run build`: Remix's production build (Vite: the browser's modules in build/client, the
// server in build/server), then the compile hint on its large browser modules
// (scripts/compile-hints.mjs), then the offline worker (scripts/build-sw.mjs). Every build of
// the app (start, test, bench) goes through here. Last, the front (server/front.ts) bundled into
// build/front.mjs, which `npm start` runs with plain node (scripts/front-command.mjs, decision 069).
// `--sourcemap` adds source maps, for profiling.
import { execFileSync } from "node:child_process";
import { rmSync } from "node:fs";
import { buildServiceWorker } from "./build-sw.mjs";
import { markStartupModules } from "./compile-hints.mjs";
import { bundleFront } from "./front-command.mjs";

const args = process.argv
  .slice(2)
  .flatMap((arg) => (arg === "--sourcemap" ? ["--sourcemapClient", "--sourcemapServer"] : [arg]));
// The classic compiler's output, from a checkout built before the move to Vite (decision 043):
// remix-serve would still serve it from public/.
rmSync("public/build", { recursive: true, force: true });
execFileSync("node_modules/.bin/remix", ["vite:build", "--logLevel", "warn", ...args], {
  stdio: "inherit",
  // Remix's CLI loads Vite through its CommonJS entry; the notice about that is not ours to act on.
  env: { NODE_ENV: "production", VITE_CJS_IGNORE_WARNING: "true", ...process.env },
});
markStartupModules("build/client/assets");
await buildServiceWorker();
await bundleFront();
