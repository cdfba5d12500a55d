/**
 * `npm run bench`: builds, generates the benchmark databases, starts the production server and a
 * static ceiling, measures every route with wrk at fixed connections and duration (the app alone,
 * `npm start`'s front with one worker per core, and nginx in front of the processes), adds
 * page weight and Lighthouse, then the same pages and calls at 20,000 and 200,000 stories
 * (bench/tenfold.ts, issue 45), and writes bench/results.json and bench/RESULTS.md (issue 8).
 *
 * BENCH_DURATION (seconds per route, default 10), BENCH_REUSE=1 (keep generated databases,
 * those of bench/tenfold.ts too),
 * BENCH_SKIP_LIGHTHOUSE=1, CHROME_PATH (default: `which chromium`).
 */
import { type ChildProcess, execFileSync, spawn } from "node:child_process";
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import http from "node:http";
import os from "node:os";
import path from "node:path";
import { frontCommand, frontEnv } from "../scripts/front-command.mjs";
import { evaluateBudgets } from "./budgets";
import { benchServerEnv, sampleIds, signIn } from "./fixtures";
import { runLighthouse } from "./lighthouse";
import { distinctPages, frontMemoryReader, residentMb, snapshot } from "./memory";
import { nginxPath, startNginx } from "./nginx";
import { pageWeights } from "./page-weight";
import { readsCheck } from "./reads-check";
import { renderResults } from "./report";
import { measureTenfold } from "./tenfold";
import type { BenchResults, Load, Measurement, MemoryResults, ReadsCheck } from "./types";
import { measureVisits, type VisitWeights } from "./visit-weight";
import { waitFor } from "./wait-for";
import { wrk } from "./wrk";

const DATA = path.resolve("bench/.data");
const CONNECTIONS = 32;
const DURATION = Number(process.env.BENCH_DURATION ?? 10);
const WARMUP = 2;
const LARGE = 20_000;
const SMALL = 100;
const PORTS = { large: 3801, small: 3802, static: 3803, cache: 3804, front: 3805, more: 3810 };
const bin = (name: string) => path.resolve("node_modules/.bin", name);
/** npm start's default bound of the front's cache (server/front.ts). */
const FRONT_CACHE_MB = 64;
/** Issue 45 item 6: the cache keeps to its bound over this many distinct pages. */
const DISTINCT_PAGES = 20_000;

function log(message: string) {
  console.log(`[bench] ${message}`);
}

function databaseUrl(size: number) {
  return `file:${path.join(DATA, `bench-${size}.db`)}`;
}

function serverEnv(size: number, port: number): NodeJS.ProcessEnv {
  return {
    ...process.env,
    ...benchServerEnv(DATA, databaseUrl(size), port),
  };
}

function generate(size: number) {
  const file = path.join(DATA, `bench-${size}.db`);
  if (process.env.BENCH_REUSE === "1" && existsSync(file)) return;
  for (const suffix of ["", "-wal", "-shm"]) rmSync(file + suffix, { force: true });
  const out = execFileSync(bin("tsx"), ["bench/generate.ts", String(size)], {
    env: serverEnv(size, PORTS.large),
    stdio: ["ignore", "pipe", "inherit"],
  });
  log(`generated ${size}: ${out.toString().trim().split("\n").at(-1)}`);
}

async function startApp(size: number, port: number) {
  const child = spawn(process.execPath, [bin("remix-serve"), "build/server/index.js"], {
    env: serverEnv(size, port),
    stdio: ["ignore", "ignore", "inherit"],
  });
  await waitFor(`http://localhost:${port}/healthz`, child);
  return child;
}

async function stop(child: ChildProcess) {
  if (child.exitCode !== null) return;
  child.kill("SIGTERM");
  await new Promise((r) => child.once("exit", r));
}

/**
 * Compressed answers, as a browser asks: wrk does not decompress, so the figures measure the
 * server's work and not the client's.
 */
const ACCEPT_ENCODING = "gzip";
/** A browser's Accept when it opens a page (what members' copies answer, decision 039). */
const ACCEPT_PAGE = "text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8";
/**
 * A browser's user agent: counting reads is on (decision 061), and a story read by a client that
 * names no browser would be dropped as a bot before it cost anything.
 */
const USER_AGENT = "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 Chrome/130.0 Safari/537.36";

const requestHeaders = (url: string, cookie?: string): Record<string, string> => ({
  accept: new URL(url).pathname.startsWith("/api/") ? "application/json" : ACCEPT_PAGE,
  "accept-encoding": ACCEPT_ENCODING,
  "user-agent": USER_AGENT,
  ...(cookie ? { cookie } : {}),
});

async function measure(name: string, url: string, cookie?: string): Promise<Load> {
  const options = { connections: CONNECTIONS, headers: requestHeaders(url, cookie) };
  await wrk(name, url, { ...options, durationSeconds: WARMUP });
  const m = await wrk(name, url, { ...options, durationSeconds: DURATION });
  log(`${name}: ${m.requestsPerSecond} req/s, p50 ${m.p50} ms, p99 ${m.p99} ms`);
  return m;
}

/**
 * The cache's X-Cache for a request like wrk's (the same headers: the same variant), and for a
 * member, whether the app answered with a copy (X-Page-Copy).
 */
function cacheStatusOf(
  url: string,
  cookie?: string,
): Promise<Pick<Measurement, "cacheStatus" | "copyStatus">> {
  return new Promise((resolve, reject) => {
    http
      .get(url, { headers: requestHeaders(url, cookie) }, (res) => {
        res.resume();
        resolve({
          cacheStatus: String(res.headers["x-cache"] ?? "none"),
          copyStatus: res.headers["x-page-copy"] ? String(res.headers["x-page-copy"]) : undefined,
        });
      })
      .on("error", reject);
  });
}

/**
 * The routes again as docs/deployment.md deploys them: nginx's shared cache in front of one app
 * process per core. Anonymous pages come from the cache; signed-in ones pass it to the processes.
 * Skipped when nginx is missing.
 */
async function asDeployed(
  routes: { name: string; path: string }[],
  cookie: string,
): Promise<Measurement[]> {
  const binary = nginxPath();
  if (!binary) {
    log("nginx not installed: the shared-cache figures are skipped");
    return [];
  }
  const processes = Math.max(1, os.availableParallelism());
  const ports = Array.from({ length: processes }, (_, i) =>
    i === 0 ? PORTS.large : PORTS.more + i,
  );
  const more = await Promise.all(ports.slice(1).map((port) => startApp(LARGE, port)));
  const proxy = startNginx(binary, path.join(DATA, "nginx"), PORTS.cache, ports);
  const cached = `http://localhost:${PORTS.cache}`;
  const results: Measurement[] = [];
  try {
    await waitFor(`${cached}/healthz`, proxy);
    for (const signedIn of [false, true]) {
      for (const route of routes) {
        const name = `${route.name}${signedIn ? " (signed in)" : ""} via nginx`;
        const m = await measure(name, cached + route.path, signedIn ? cookie : undefined);
        const status = await cacheStatusOf(cached + route.path, signedIn ? cookie : undefined);
        results.push({ ...m, path: route.path, signedIn, via: "cache", ...status, processes });
      }
    }
  } finally {
    await stop(proxy);
    await Promise.all(more.map(stop));
  }
  return results;
}

/**
 * The routes as `npm start` serves them with nothing in front (decision 037): the front and one
 * remix-serve worker per core, anonymous pages from the front's cache.
 */
async function viaFront(
  routes: { name: string; path: string }[],
  cookie: string,
  storyId: number,
): Promise<{ measurements: Measurement[]; reads: ReadsCheck; memory: MemoryResults }> {
  const processes = Math.max(1, os.availableParallelism());
  const front = spawn(process.execPath, frontCommand(), {
    env: frontEnv({
      ...serverEnv(LARGE, PORTS.front),
      WEB_CONCURRENCY: String(processes),
      FRONT_CACHE_MB: String(FRONT_CACHE_MB),
    }),
    // stderr is read for the front's memory line; every other line is passed on.
    stdio: ["ignore", "ignore", "pipe"],
  });
  const frontMemory = frontMemoryReader(front);
  const base = `http://localhost:${PORTS.front}`;
  const results: Measurement[] = [];
  let reads: ReadsCheck;
  let memory: MemoryResults;
  try {
    await waitFor(`${base}/healthz`, front);
    for (const signedIn of [false, true]) {
      for (const route of routes) {
        const name = `${route.name}${signedIn ? " (signed in)" : ""} npm start`;
        const m = await measure(name, base + route.path, signedIn ? cookie : undefined);
        const status = await cacheStatusOf(base + route.path, signedIn ? cookie : undefined);
        results.push({ ...m, path: route.path, signedIn, via: "front", ...status, processes });
      }
    }
    reads = await readsCheck(base, databaseUrl(LARGE), storyId);
    log(`reads: ${reads.counted} counted of ${reads.visitors} distinct visitors`);
    const beforeMb = residentMb(front.pid!);
    const distinct = await distinctPages(base, DISTINCT_PAGES, requestHeaders(`${base}/api/`));
    memory = {
      cacheMb: FRONT_CACHE_MB,
      processes: snapshot(front.pid!),
      front: { beforeMb, afterMb: residentMb(front.pid!) },
      distinct: { pages: DISTINCT_PAGES, ...distinct },
      cache: await frontMemory.ask(),
    };
    log(`memory: ${JSON.stringify(memory)}`);
  } finally {
    await stop(front);
  }
  return { measurements: results, reads, memory };
}

/** Bytes of every image the home page's HTML references (src and srcset), fetched once each. */
async function imageBytes(base: string, html: string) {
  const urls = new Set<string>();
  for (const m of html.matchAll(/<img\b[^>]*\bsrc="([^"]+)"/g)) urls.add(m[1]!);
  let total = 0;
  for (const url of urls) {
    const response = await fetch(new URL(url.replaceAll("&amp;", "&"), base));
    total += (await response.arrayBuffer()).byteLength;
  }
  return { images: urls.size, bytes: total };
}

/** The home page at full size, measured at the app server (what growth compares). */
const homeLarge = (ms: Measurement[]) =>
  ms.find((m) => m.path === "/" && !m.signedIn && m.via === "origin")!;

function chromePath() {
  if (process.env.CHROME_PATH) return process.env.CHROME_PATH;
  try {
    return execFileSync("which", ["chromium"]).toString().trim();
  } catch {
    return null;
  }
}

async function main() {
  const started = Date.now();
  mkdirSync(DATA, { recursive: true });
  log("building");
  execFileSync(process.execPath, ["scripts/build.mjs"], {
    env: { ...process.env, NODE_ENV: "production" },
    stdio: ["ignore", "ignore", "inherit"],
  });
  log(`generating ${LARGE} and ${SMALL} stories`);
  generate(LARGE);
  generate(SMALL);

  const ids = await sampleIds(databaseUrl(LARGE));
  log("search latency");
  const search = JSON.parse(
    execFileSync(bin("tsx"), ["bench/search-latency.ts"], {
      env: { ...serverEnv(LARGE, PORTS.large), LOG_LEVEL: "error" },
      stdio: ["ignore", "pipe", "inherit"],
    })
      .toString()
      .trim()
      .split("\n")
      .at(-1)!,
  );
  log(`search: p50 ${search.p50} ms, p99 ${search.p99} ms`);
  log("ledger latency");
  const ledger = JSON.parse(
    execFileSync(bin("tsx"), ["bench/ledger-latency.ts"], {
      env: { ...serverEnv(LARGE, PORTS.large), LOG_LEVEL: "error" },
      stdio: ["ignore", "pipe", "inherit"],
    })
      .toString()
      .trim()
      .split("\n")
      .at(-1)!,
  );
  log(`ledger: ${JSON.stringify(ledger)}`);
  const base = `http://localhost:${PORTS.large}`;
  const routes = [
    { name: "home", path: "/" },
    { name: "stories page 500", path: "/stories/all?page=500" },
    { name: "story", path: `/stories/${ids.story}` },
    { name: "pool", path: `/donation-pools/${ids.pool}` },
    { name: "api regular page 100", path: "/api/stories/regular?page=100" },
    { name: "search", path: "/search?q=ulaanbaatar" },
  ];

  const app = await startApp(LARGE, PORTS.large);
  const measurements: Measurement[] = [];
  let homeHtml = "";
  let staticCeiling: Load;
  let lighthouse: Awaited<ReturnType<typeof runLighthouse>> = [];
  let images = { images: 0, bytes: 0 };
  let reads: ReadsCheck | undefined;
  let memory: MemoryResults | undefined;
  let visits: VisitWeights | undefined;
  try {
    homeHtml = await (await fetch(`${base}/`)).text();
    const htmlFile = path.join(DATA, "home.html");
    writeFileSync(htmlFile, homeHtml);
    const staticServer = spawn(
      process.execPath,
      ["bench/static-server.mjs", htmlFile, String(PORTS.static)],
      {
        stdio: "ignore",
      },
    );
    await waitFor(`http://localhost:${PORTS.static}/`, staticServer);
    staticCeiling = await measure("static ceiling", `http://localhost:${PORTS.static}/`);
    await stop(staticServer);

    const cookie = await signIn(base);
    for (const signedIn of [false, true]) {
      for (const route of routes) {
        const name = `${route.name}${signedIn ? " (signed in)" : ""}`;
        const m = await measure(name, base + route.path, signedIn ? cookie : undefined);
        const { copyStatus } = await cacheStatusOf(
          base + route.path,
          signedIn ? cookie : undefined,
        );
        measurements.push({ ...m, path: route.path, signedIn, via: "origin", copyStatus });
      }
    }
    measurements.push(...(await asDeployed(routes, cookie)));
    const front = await viaFront(routes, cookie, ids.story);
    measurements.push(...front.measurements);
    reads = front.reads;
    memory = front.memory;
    images = await imageBytes(base, homeHtml);
    const chrome = chromePath();
    if (process.env.BENCH_SKIP_LIGHTHOUSE === "1" || !chrome) {
      log("Lighthouse skipped");
    } else {
      log("Lighthouse");
      lighthouse = await runLighthouse([`${base}/`, `${base}/stories/${ids.story}`], chrome);
    }
    if (chrome) {
      log("Visits (first, repeat, light mode)");
      visits = await measureVisits(base, ["/", `/stories/${ids.story}`], chrome);
    }
  } finally {
    await stop(app);
  }

  const small = await startApp(SMALL, PORTS.small);
  let homeSmall: Load;
  try {
    homeSmall = await measure(`home at ${SMALL} stories`, `http://localhost:${PORTS.small}/`);
  } finally {
    await stop(small);
  }

  log("ten times the data");
  const tenfold = await measureTenfold({ fresh: process.env.BENCH_REUSE !== "1" });

  const weights = pageWeights({
    "/": "routes/_index",
    "/stories/all": "routes/stories.all",
    "/stories/{id}": "routes/stories.$id",
    "/donation-pools/{id}": "routes/donation-pools.$id._index",
  });
  const results: BenchResults = {
    date: new Date().toISOString(),
    machine: { cpus: os.cpus().length, cpu: os.cpus()[0]?.model, node: process.version },
    settings: { connections: CONNECTIONS, durationSeconds: DURATION, stories: LARGE },
    staticCeiling,
    routes: measurements.map((m) => ({
      ...m,
      ratioToStatic: +(m.requestsPerSecond / staticCeiling.requestsPerSecond).toFixed(3),
    })),
    growth: {
      homeSmall,
      homeLarge: homeLarge(measurements),
      costRatio: +(homeSmall.requestsPerSecond / homeLarge(measurements).requestsPerSecond).toFixed(
        2,
      ),
    },
    pageWeight: { routes: weights, homeImages: images },
    lighthouse,
    visits,
    search,
    ledger,
    reads,
    memory,
    tenfold,
    seconds: Math.round((Date.now() - started) / 1000),
  };
  const budgets = evaluateBudgets(results);
  writeFileSync("bench/results.json", `${JSON.stringify({ ...results, budgets }, null, 2)}\n`);
  const markdown = renderResults({ ...results, budgets });
  writeFileSync("bench/RESULTS.md", markdown);
  console.log(`\n${markdown}`);
}

/** `tsx bench/run.ts --report`: RESULTS.md again from results.json (after editing the report). */
function reportOnly() {
  const { budgets: _, ...results } = JSON.parse(readFileSync("bench/results.json", "utf8"));
  const budgets = evaluateBudgets(results);
  writeFileSync("bench/results.json", `${JSON.stringify({ ...results, budgets }, null, 2)}\n`);
  writeFileSync("bench/RESULTS.md", renderResults({ ...results, budgets }));
}

if (import.meta.url === `file://${process.argv[1]}`) {
  if (process.argv.includes("--report")) reportOnly();
  else
    main().catch((error) => {
      console.error(error);
      process.exit(1);
    });
}
