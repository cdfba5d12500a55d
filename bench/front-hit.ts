/**
 * Issue 45, item 1: how close the front's cache hits come to the static ceiling. The ceiling
 * (bench/static-server.mjs, the home page from memory) and the front as `npm start` runs
 * it (its workers on a generated database) are measured with wrk in turns, the same connections
 * and headers as `npm run bench`, for each anonymous route the budget names; each front run is a
 * share of the ceiling run just before it, and the median of the rounds counts. With
 * FRONT_HIT_BASE the front of another commit runs beside this one and takes its turn in every
 * round (A/B in one run, so the host's noise falls on both alike).
 *
 *   npx tsx bench/front-hit.ts                     # after a build (node scripts/build.mjs)
 *   FRONT_HIT_BASE=<commit>                        # that commit's server/ as the "before"
 *   FRONT_HIT_ROUTES=home,story                    # a subset (home, list, story, campaign, api, search)
 *   FRONT_HIT_ROUNDS=3 FRONT_HIT_SECONDS=8         # rounds, seconds per wrk run (after 2 s warm-up)
 *   FRONT_HIT_STORIES=2000 FRONT_HIT_PORT=3460     # database size; ports from there (3 of them)
 *   FRONT_HIT_PROFILE=1                            # the fronts run with --cpu-prof
 */
import { type ChildProcess, execFileSync, spawn } from "node:child_process";
import { existsSync, mkdirSync, writeFileSync } from "node:fs";
import http from "node:http";
import os from "node:os";
import path from "node:path";
import { frontCommand, frontEnv } from "../scripts/front-command.mjs";
import { baseCheckout, benchServerEnv, sampleIds } from "./fixtures";
import type { Load } from "./types";
import { waitFor } from "./wait-for";
import { wrk } from "./wrk";

const ROOT = process.cwd();
const DATA = path.resolve("bench/.data-g");
const STORIES = Number(process.env.FRONT_HIT_STORIES ?? 2_000);
const ROUNDS = Number(process.env.FRONT_HIT_ROUNDS ?? 3);
const SECONDS = Number(process.env.FRONT_HIT_SECONDS ?? 8);
const WARMUP = 2;
const PORT = Number(process.env.FRONT_HIT_PORT ?? 3460);
const BASE_COMMIT = process.env.FRONT_HIT_BASE;
const PROFILE = process.env.FRONT_HIT_PROFILE === "1";
const databaseUrl = `file:${path.join(DATA, `bench-${STORIES}.db`)}`;

/** As `npm run bench` asks (bench/run.ts): compressed, a browser's Accept and user agent. */
const ACCEPT_PAGE = "text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8";
const USER_AGENT = "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 Chrome/130.0 Safari/537.36";
const headersFor = (url: string): Record<string, string> => ({
  accept: new URL(url).pathname.startsWith("/api/") ? "application/json" : ACCEPT_PAGE,
  "accept-encoding": "gzip",
  "user-agent": USER_AGENT,
});

const log = (message: string) => console.error(`[front-hit] ${message}`);
const load = () => os.loadavg()[0]!.toFixed(1);

function serverEnv(port: number): NodeJS.ProcessEnv {
  return {
    ...process.env,
    ...benchServerEnv(DATA, databaseUrl, port),
    WEB_CONCURRENCY: String(os.availableParallelism()),
    FRONT_CACHE_MB: "64",
  };
}

function generate() {
  if (existsSync(path.join(DATA, `bench-${STORIES}.db`))) return;
  log(`generating ${STORIES} stories`);
  execFileSync(path.resolve("node_modules/.bin/tsx"), ["bench/generate.ts", String(STORIES)], {
    env: serverEnv(PORT),
    stdio: ["ignore", "ignore", "inherit"],
  });
}

async function startFront(name: string, command: string[], port: number) {
  const profile = PROFILE ? ["--cpu-prof", "--cpu-prof-dir", path.join(DATA, `prof-${name}`)] : [];
  const child = spawn(process.execPath, [...profile, ...command], {
    cwd: ROOT,
    env: frontEnv(serverEnv(port)),
    stdio: ["ignore", "ignore", "inherit"],
  });
  await waitFor(`http://localhost:${port}/healthz`, child, 60);
  return child;
}

async function stop(child: ChildProcess) {
  if (child.exitCode !== null) return;
  child.kill("SIGTERM");
  await new Promise((r) => child.once("exit", r));
}

/** One request as wrk makes it: its status and X-Cache. */
function probe(url: string): Promise<{ status: number; cache: string }> {
  return new Promise((resolve, reject) => {
    http
      .get(url, { headers: headersFor(url) }, (res) => {
        res.resume();
        res.on("end", () =>
          resolve({ status: res.statusCode ?? 0, cache: String(res.headers["x-cache"] ?? "") }),
        );
      })
      .on("error", reject);
  });
}

async function measure(name: string, url: string): Promise<Load & { load: string }> {
  const options = { connections: 32, headers: headersFor(url) };
  await wrk(name, url, { ...options, durationSeconds: WARMUP });
  const before = load();
  const m = await wrk(name, url, { ...options, durationSeconds: SECONDS });
  return { ...m, load: before };
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
};

async function main() {
  if (!existsSync("build/server/index.js")) {
    throw new Error("no build: run `node scripts/build.mjs` first");
  }
  mkdirSync(DATA, { recursive: true });
  generate();
  const ids = await sampleIds(databaseUrl);
  const scale = STORIES / 20_000;
  const allRoutes = [
    { name: "home", path: "/" },
    { name: "list", path: `/stories/all?page=${Math.max(1, Math.round(500 * scale))}` },
    { name: "story", path: `/stories/${ids.story}` },
    { name: "campaign", path: `/donation-pools/${ids.pool}` },
    { name: "api", path: `/api/stories/regular?page=${Math.max(1, Math.round(100 * scale))}` },
    { name: "search", path: "/search?q=ulaanbaatar" },
  ];
  const wanted = process.env.FRONT_HIT_ROUTES?.split(",");
  const routes = wanted ? allRoutes.filter((r) => wanted.includes(r.name)) : allRoutes;

  const fronts: { name: string; port: number; child?: ChildProcess; command: string[] }[] = [
    { name: "after", port: PORT + 1, command: frontCommand() },
  ];
  if (BASE_COMMIT)
    fronts.push({ name: "before", port: PORT + 2, command: baseCheckout(BASE_COMMIT, DATA) });
  let staticServer: ChildProcess | undefined;
  const rows: {
    round: number;
    route: string;
    server: string;
    m: Load & { load: string };
    cache?: string;
  }[] = [];
  try {
    for (const front of fronts) {
      log(`starting the ${front.name} front (${front.command.join(" ")})`);
      front.child = await startFront(front.name, front.command, front.port);
    }
    const home = await (await fetch(`http://localhost:${PORT + 1}/`)).text();
    const htmlFile = path.join(DATA, "home.html");
    writeFileSync(htmlFile, home);
    staticServer = spawn(process.execPath, ["bench/static-server.mjs", htmlFile, String(PORT)], {
      stdio: "ignore",
    });
    await waitFor(`http://localhost:${PORT}/`, staticServer, 60);

    for (const front of fronts) {
      for (const route of routes) {
        const url = `http://localhost:${front.port}${route.path}`;
        let last = await probe(url);
        for (let i = 0; i < 3 && last.cache !== "HIT"; i++) last = await probe(url);
        log(`${front.name} ${route.path}: ${last.status} ${last.cache}`);
      }
    }

    for (let round = 1; round <= ROUNDS; round++) {
      for (const route of routes) {
        const order = round % 2 ? fronts : [...fronts].reverse();
        const ceiling = await measure("static", `http://localhost:${PORT}/`);
        rows.push({ round, route: route.name, server: "static", m: ceiling });
        for (const front of order) {
          const url = `http://localhost:${front.port}${route.path}`;
          const m = await measure(front.name, url);
          const { cache } = await probe(url);
          rows.push({ round, route: route.name, server: front.name, m, cache });
          log(
            `round ${round} ${route.name} ${front.name}: ${m.requestsPerSecond} req/s (static ${ceiling.requestsPerSecond}, ${Math.round((100 * m.requestsPerSecond) / ceiling.requestsPerSecond)} %), p99 ${m.p99} ms, ${cache}, load ${m.load}`,
          );
        }
      }
    }
  } finally {
    if (staticServer) await stop(staticServer);
    for (const front of fronts) if (front.child) await stop(front.child);
  }

  const lines = [
    `front hits against the static ceiling: wrk -t2 -c32 -d${SECONDS}s (after ${WARMUP} s), gzip, ${ROUNDS} rounds, ${STORIES} stories, Node ${process.version}, ${os.cpus().length} × ${os.cpus()[0]?.model}`,
    "",
    "| route | front | share of the ceiling, median (per round) | req/s, median | p99 ms, median (per round) | ceiling req/s, median | load (1 min) |",
    "| --- | --- | --- | --- | --- | --- | --- |",
  ];
  for (const route of routes) {
    for (const front of fronts) {
      const runs = rows.filter((r) => r.route === route.name && r.server === front.name);
      const shares = runs.map((r) => {
        const ceiling = rows.find(
          (c) => c.round === r.round && c.route === r.route && c.server === "static",
        )!;
        return r.m.requestsPerSecond / ceiling.m.requestsPerSecond;
      });
      const ceilings = rows
        .filter((r) => r.route === route.name && r.server === "static")
        .map((r) => r.m.requestsPerSecond);
      const notHit = runs.filter((r) => r.cache !== "HIT").length;
      lines.push(
        `| ${route.name} | ${front.name}${notHit ? ` (${notHit} runs not HIT)` : ""} | ${Math.round(100 * median(shares))} % (${shares.map((s) => Math.round(100 * s)).join(" · ")}) | ${Math.round(median(runs.map((r) => r.m.requestsPerSecond)))} | ${median(runs.map((r) => r.m.p99))} (${runs.map((r) => r.m.p99).join(" · ")}) | ${Math.round(median(ceilings))} | ${runs.map((r) => r.m.load).join(" · ")} |`,
      );
    }
  }
  const report = lines.join("\n");
  console.log(report);
  writeFileSync(
    path.join(DATA, `front-hit-${new Date().toISOString().replace(/[:.]/g, "-")}.json`),
    JSON.stringify({ routes, rows, report }, null, 2),
  );
}

await main();
