// `npm run build`: Remix's production build, then the compile hint on its large browser modules
// (scripts/compile-hints.mjs). Every build of the app (start, test, bench) goes through here.
import { execFileSync } from "node:child_process";
import { markStartupModules } from "./compile-hints.mjs";

execFileSync("node_modules/.bin/remix", ["build", ...process.argv.slice(2)], {
  stdio: "inherit",
  env: { NODE_ENV: "production", ...process.env },
});
markStartupModules("public/build");
