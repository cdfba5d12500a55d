// `npm start`: install what is missing, prepare the database (migrations, demo content on an
// empty database), build, and serve on PORT (default 3000) with one process per core behind the
// front (server/front.ts, decision 037; built into build/front.mjs, decision 069).
import { execFileSync, spawn } from "node:child_process";
import { frontCommand, frontEnv } from "./front-command.mjs";

execFileSync(process.execPath, ["scripts/ensure-install.mjs"], { stdio: "inherit" });
const bin = (name) => `node_modules/.bin/${name}`;
execFileSync(bin("tsx"), ["db/setup.ts"], { stdio: "inherit" });
execFileSync(process.execPath, ["scripts/build.mjs"], {
  stdio: "inherit",
  env: { ...process.env, NODE_ENV: "production" },
});

const front = spawn(process.execPath, frontCommand(), {
  stdio: "inherit",
  env: frontEnv({ ...process.env, NODE_ENV: "production" }),
});
for (const signal of ["SIGINT", "SIGTERM", "SIGHUP"]) process.on(signal, () => front.kill(signal));
front.on("exit", (code) => process.exit(code ?? 0));
