// `npm test`: install what is missing, then type-check, lint, unit and service tests (Vitest),
// the production build, and the browser journeys (Playwright in Debian's Chromium).
import { execFileSync } from "node:child_process";

execFileSync(process.execPath, ["scripts/ensure-install.mjs", "--all"], { stdio: "inherit" });
const bin = (name) => `node_modules/.bin/${name}`;
const run = (title, command, args, env = {}) => {
  console.log(`\n▶ ${title}`);
  execFileSync(command, args, { stdio: "inherit", env: { ...process.env, ...env } });
};

try {
  run("Type-check", bin("tsc"), []);
  run("Lint and format check", bin("biome"), ["check", "."]);
  run("Unit and service tests", bin("vitest"), ["run"]);
  run("Production build", process.execPath, ["scripts/build.mjs"], { NODE_ENV: "production" });
  run("Browser tests", bin("playwright"), ["test"]);
} catch (error) {
  process.exit(typeof error?.status === "number" ? error.status : 1);
}
