import { execSync } from "node:child_process";
import os from "node:os";
import path from "node:path";
import { defineConfig } from "@playwright/test";

const PORT = Number(process.env.E2E_PORT ?? 3210);
export const baseURL = `http://localhost:${PORT}`;
/** The test server's database and media, one folder per port, so the checks after the run find it. */
export const E2E_DIR = path.join(os.tmpdir(), `storyshare-e2e-${PORT}`);

/** Debian's Chromium (nothing here may download a browser); CHROMIUM_PATH overrides. */
function chromiumPath() {
  if (process.env.CHROMIUM_PATH) return process.env.CHROMIUM_PATH;
  try {
    return execSync("command -v chromium || command -v chromium-browser", {
      encoding: "utf8",
    }).trim();
  } catch {
    throw new Error(
      "Chromium not found: install Debian's package (apt-get install -y chromium) or set CHROMIUM_PATH.",
    );
  }
}

export default defineConfig({
  testDir: "tests/e2e",
  fullyParallel: true,
  workers: 2,
  forbidOnly: Boolean(process.env.CI),
  // Generous, both: journeys sign in, post and read mail several times each, and on a 2-core
  // CI machine a sign-in (scrypt, about 0.4 s of CPU) can queue behind the other worker's and the
  // browsers' work for several seconds. A slow pass is not a failure here;
  // speed is the benchmark's business.
  timeout: 90_000,
  expect: { timeout: 15_000 },
  reporter: [["list"]],
  use: {
    baseURL,
    // The site's default is Mongolian; the browser's language must not matter, and tests start there.
    locale: "en-US",
    // The offline worker (decision 066) would answer for the server and hide requests from
    // page.route and the request events: its own spec, offline.spec.ts, allows it.
    serviceWorkers: "block",
    trace: "retain-on-failure",
    launchOptions: {
      executablePath: chromiumPath(),
      args: [
        "--no-sandbox",
        "--disable-gpu",
        "--disable-background-networking",
        "--disable-component-update",
        "--disable-sync",
        "--no-first-run",
      ],
    },
  },
  // Every journey runs twice: once as an ordinary browser, once with JavaScript turned off.
  // The abuse suite (tests/security, `npm run test:security`) runs after them: its brute-force
  // checks fill rate-limit buckets that the journeys share when no proxy names the client.
  // A journey that fails is run once more and, if it then passes, reported as flaky (the list
  // names it): on a loaded 2-core machine Chromium has, once in several hundred journeys, stopped
  // producing frames, so a click waited 90 s for a button to be "stable". A journey that is really
  // broken fails both times. The abuse and fault suites are never retried: a 5xx there is a defect.
  projects: [
    { name: "js", use: { javaScriptEnabled: true }, retries: 1 },
    {
      name: "no-js",
      use: { javaScriptEnabled: false },
      testIgnore: /(a11y|console)\.spec\.ts/,
      retries: 1,
    },
    {
      name: "security",
      testDir: "tests/security",
      dependencies: ["js", "no-js"],
      use: { javaScriptEnabled: true },
    },
    // Fault and load tests start and kill servers of their own: last, so their load cannot slow
    // the journeys down.
    { name: "faults", testDir: "tests/faults", dependencies: ["security"] },
  ],
  webServer: {
    command: "node tests/e2e/serve.mjs",
    url: `${baseURL}/`,
    reuseExistingServer: false,
    timeout: 120_000,
    stdout: "ignore",
    stderr: "pipe",
    env: { E2E_PORT: String(PORT), E2E_DIR },
  },
  // After every journey: the database is sound and each pool's total is its verified donations.
  globalTeardown: "./tests/e2e/invariants.ts",
});
