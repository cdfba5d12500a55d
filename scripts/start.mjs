// `npm start`: install what is missing, prepare the database (migrations, demo content on an
// empty database), build, and serve on PORT (default 3000).
import { execFileSync, spawn } from "node:child_process";

execFileSync(process.execPath, ["scripts/ensure-install.mjs"], { stdio: "inherit" });
const bin = (name) => `node_modules/.bin/${name}`;
execFileSync(bin("tsx"), ["db/setup.ts"], { stdio: "inherit" });
execFileSync(bin("remix"), ["build"], {
  stdio: "inherit",
  env: { ...process.env, NODE_ENV: "production" },
});

const server = spawn(process.execPath, [bin("remix-serve"), "build/index.js"], {
  stdio: "inherit",
  // remix-serve picks a random port when PORT is unset and 3000 is busy; we want a fixed one.
  env: { ...process.env, NODE_ENV: "production", PORT: process.env.PORT ?? "3000" },
});
for (const signal of ["SIGINT", "SIGTERM"]) process.on(signal, () => server.kill(signal));
server.on("exit", (code) => process.exit(code ?? 0));
