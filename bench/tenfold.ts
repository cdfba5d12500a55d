/**
 * Ten times the data (issue 45, item 4): the same pages and service calls on a database of 20,000
 * stories (500 campaigns, 50,000 gifts) and on one of 200,000 (2,000 campaigns, 500,000 gifts),
 * each as the bench measures it today, and the ratio of the two; then how long `npm start` takes
 * on the larger one to answer its home page.
 *
 * - Pages rendered (no cache answers them: every URL is distinct): the server's CPU per request
 *   from /proc under wrk (bench/render-cost.ts's way): the home page, the list at the same depth
 *   (page 500 of 2,222 at 20,000, page 5,000 of 22,222 at 200,000), a story from the middle of
 *   the list, the campaign with the most gifts.
 * - Service calls, without HTTP: one search's p99 (bench/search-latency.ts), a page of the
 *   busiest campaign's ledger and the giving totals read afresh (bench/ledger-latency.ts).
 * - Ready: scripts/start.mjs's steps after the build (db/setup.ts: migrations, seed, search
 *   index; then server/front.ts and its workers) until the home page answers 200.
 *
 * On a machine shared with others each figure is taken in turns, both servers running side by
 * side, small and large alternating, TENFOLD_ROUNDS times (default 3); the median round counts.
 *
 *   npm run build && tsx bench/tenfold.ts
 *
 * Run alone, it adds its section to bench/results.json and bench/RESULTS.md (the rest as they
 * were); `npm run bench` runs it after everything else. The databases are generated once into
 * bench/.data/tenfold/ (about 3 minutes for 200,000 stories) and reused; TENFOLD_FRESH=1
 * generates them again. TENFOLD_DURATION: seconds of wrk per page and round (default 5);
 * TENFOLD_ONLY=ready,pages,calls: some parts only (while working on one; its results are not
 * written into results.json).
 */
import { type ChildProcess, execFile, spawn } from "node:child_process";
import { existsSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import http from "node:http";
import os from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { createClient } from "@libsql/client";
import { frontCommand, frontEnv } from "../scripts/front-command.mjs";
import { evaluateBudgets } from "./budgets";
import { benchServerEnv, sampleIds } from "./fixtures";
import { cpuMs, type Page, startServer, writeBustScript, wrk } from "./render-cost";
import { renderResults } from "./report";
import type { BenchResults, TenfoldMeasure, TenfoldResults } from "./types";

const run = promisify(execFile);
const DATA = path.resolve("bench/.data/tenfold");
export const SIZES = { small: 20_000, large: 200_000 } as const;
type Size = keyof typeof SIZES;
const PORTS = { small: 3821, large: 3822, start: 3823 };
const ROUNDS = Number(process.env.TENFOLD_ROUNDS ?? 3);
const DURATION = Number(process.env.TENFOLD_DURATION ?? 5);
const bin = (name: string) => path.resolve("node_modules/.bin", name);
const databaseFile = (stories: number) => path.join(DATA, `bench-${stories}.db`);

function log(message: string) {
  console.log(`[tenfold] ${message}`);
}

function envFor(stories: number, port: number): NodeJS.ProcessEnv {
  return {
    ...process.env,
    ...benchServerEnv(DATA, `file:${databaseFile(stories)}`, port),
  };
}

interface Generated {
  seconds: number;
  counts: Record<string, number>;
}

/** The database of `stories`, generated unless kept; what the generator said, kept beside it. */
async function database(stories: number, fresh: boolean): Promise<Generated> {
  const file = databaseFile(stories);
  const record = `${file}.json`;
  if (!fresh && existsSync(file) && existsSync(record))
    return JSON.parse(readFileSync(record, "utf8"));
  for (const suffix of ["", "-wal", "-shm", ".json"]) rmSync(file + suffix, { force: true });
  log(`generating ${stories.toLocaleString("en")} stories`);
  const { stdout } = await run(bin("tsx"), ["bench/generate.ts", String(stories)], {
    env: envFor(stories, PORTS.small),
    maxBuffer: 16 * 1024 * 1024,
  });
  const generated: Generated = JSON.parse(stdout.trim().split("\n").at(-1)!);
  writeFileSync(record, `${JSON.stringify(generated)}\n`);
  log(`generated ${stories}: ${JSON.stringify(generated)}`);
  return generated;
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor((sorted.length - 1) / 2)]!;
};
const ratio = (small: number, large: number) => Number((large / small).toFixed(2));

/** A page's status on a connection of its own (a kept one may be closing under fetch). */
function statusOf(url: string): Promise<number> {
  return new Promise((resolve, reject) => {
    http
      .get(url, { agent: false }, (res) => {
        res.resume();
        resolve(res.statusCode ?? 0);
      })
      .on("error", reject);
  });
}

/**
 * The same story at both sizes: the small database's story from the middle of the list, and in
 * each database the story nearest its middle with that text, that many comments and a picture
 * or not as it has. A story of another length or with more comments renders more, whatever the
 * size (the middle story at 200,000 had 9 comments where the one at 20,000 had 3).
 */
async function alikeStories(): Promise<Record<Size, number>> {
  const small = createClient({ url: `file:${databaseFile(SIZES.small)}` });
  const { story } = await sampleIds(`file:${databaseFile(SIZES.small)}`);
  const [model] = (
    await small.execute({
      sql: "SELECT story, comments_count, story_image IS NULL AS plain FROM stories WHERE id = ?",
      args: [story],
    })
  ).rows;
  small.close();
  const ids = {} as Record<Size, number>;
  for (const size of ["small", "large"] as Size[]) {
    const client = createClient({ url: `file:${databaseFile(SIZES[size])}` });
    const [row] = (
      await client.execute({
        sql: `SELECT id FROM stories WHERE status = 'approved' AND story = ? AND comments_count = ?
                AND (story_image IS NULL) = ?
              ORDER BY abs(id - (SELECT max(id) FROM stories) / 2) LIMIT 1`,
        args: [model!.story!, model!.comments_count!, model!.plain!],
      })
    ).rows;
    client.close();
    ids[size] = Number(row!.id);
  }
  return ids;
}

/** The rendered pages, the list at the same depth for each size. */
function pagesFor(stories: number, ids: { story: number; pool: number }): Page[] {
  return [
    { name: "home", path: "/", bust: true },
    { name: "list", path: `/stories/all?page=${stories / 40}`, bust: true },
    { name: "story", path: `/stories/${ids.story}`, bust: true },
    { name: "campaign", path: `/donation-pools/${ids.pool}`, bust: true },
  ];
}

const PAGE_NAMES: Record<string, string> = {
  home: "home (anonymous, rendered)",
  list: "list at the same depth (page 500 / page 5,000)",
  story: "a story (the same text and comments at both sizes)",
  campaign: "the campaign with the most gifts",
};

/** CPU per request of each page, both servers up, the sizes in turns. */
async function renderCosts(bust: string): Promise<TenfoldMeasure[]> {
  const servers: Partial<Record<Size, ChildProcess>> = {};
  const pages: Partial<Record<Size, Page[]>> = {};
  try {
    const story = await alikeStories();
    for (const size of ["small", "large"] as Size[]) {
      const stories = SIZES[size];
      const { pool } = await sampleIds(`file:${databaseFile(stories)}`);
      pages[size] = pagesFor(stories, { story: story[size], pool });
      servers[size] = await startServer(envFor(stories, PORTS[size]));
    }
    const measures: TenfoldMeasure[] = [];
    for (let p = 0; p < pages.small!.length; p++) {
      const samples: Record<Size, number[]> = { small: [], large: [] };
      const paths = { small: pages.small![p]!.path, large: pages.large![p]!.path };
      for (const size of ["small", "large"] as Size[]) {
        const status = await statusOf(`http://localhost:${PORTS[size]}${paths[size]}`);
        if (status !== 200) throw new Error(`${paths[size]} at ${SIZES[size]}: ${status}`);
        wrk(pages[size]![p]!, 2, true, PORTS[size], bust);
      }
      for (let round = 0; round < ROUNDS; round++) {
        for (const size of ["small", "large"] as Size[]) {
          const pid = servers[size]!.pid!;
          const before = cpuMs(pid);
          const result = wrk(pages[size]![p]!, DURATION, true, PORTS[size], bust);
          if (result.non2xx) throw new Error(`${paths[size]}: ${result.non2xx} non-2xx answers`);
          samples[size].push(Number(((cpuMs(pid) - before) / result.requests).toFixed(2)));
        }
      }
      const name = pages.small![p]!.name;
      const measure = {
        name: PAGE_NAMES[name] ?? name,
        unit: "CPU ms per request",
        paths,
        small: median(samples.small),
        large: median(samples.large),
        ratio: ratio(median(samples.small), median(samples.large)),
        samples,
      };
      log(JSON.stringify(measure));
      measures.push(measure);
    }
    return measures;
  } finally {
    for (const child of Object.values(servers)) {
      child.kill("SIGINT");
      if (child.exitCode === null) await new Promise((r) => child.once("exit", r));
    }
  }
}

/** One run of a service-layer script of the bench (it prints one JSON line) on `stories`. */
async function script(file: string, stories: number) {
  const { stdout } = await run(bin("tsx"), [file], {
    env: { ...envFor(stories, PORTS.small), LOG_LEVEL: "error" },
  });
  return JSON.parse(stdout.trim().split("\n").at(-1)!);
}

/** Search, a ledger page and the giving totals: p99 at the service layer, sizes in turns. */
async function serviceCalls(): Promise<TenfoldMeasure[]> {
  const p99 = {
    search: { small: [] as number[], large: [] as number[] },
    ledger: { small: [] as number[], large: [] as number[] },
    totals: { small: [] as number[], large: [] as number[] },
  };
  for (let round = 0; round < ROUNDS; round++) {
    for (const size of ["small", "large"] as Size[]) {
      const search = await script("bench/search-latency.ts", SIZES[size]);
      const ledger = await script("bench/ledger-latency.ts", SIZES[size]);
      p99.search[size].push(search.p99);
      p99.ledger[size].push(ledger.ledger.p99);
      p99.totals[size].push(ledger.totals.p99);
    }
  }
  const names = {
    search: "one search (bench/search-latency.ts)",
    ledger: "a page of the busiest campaign's ledger",
    totals: "the giving totals read afresh",
  };
  return (Object.keys(p99) as (keyof typeof p99)[]).map((key) => {
    const small = median(p99[key].small);
    const large = median(p99[key].large);
    const measure = {
      name: names[key],
      unit: "p99 ms",
      small,
      large,
      ratio: ratio(small, large),
      samples: p99[key],
    };
    log(JSON.stringify(measure));
    return measure;
  });
}

/**
 * scripts/start.mjs after its install check and build (which do not depend on the data): the
 * setup, then the front with one worker per core, until the home page answers 200.
 */
async function readyTime(stories: number) {
  const env = {
    ...envFor(stories, PORTS.start),
    WEB_CONCURRENCY: String(os.availableParallelism()),
  };
  const started = performance.now();
  await run(bin("tsx"), ["db/setup.ts"], { env });
  const setup = performance.now();
  const front = spawn(process.execPath, frontCommand(), {
    env: frontEnv(env),
    stdio: ["ignore", "ignore", "inherit"],
  });
  try {
    for (;;) {
      if (front.exitCode !== null) throw new Error("the front exited");
      if (performance.now() - started > 180_000) throw new Error("not ready in 180 s");
      try {
        if ((await statusOf(`http://localhost:${PORTS.start}/`)) === 200) break;
      } catch {}
      await new Promise((r) => setTimeout(r, 100));
    }
  } finally {
    front.kill("SIGTERM");
    if (front.exitCode === null) await new Promise((r) => front.once("exit", r));
  }
  const ready = performance.now();
  return {
    seconds: Number(((ready - started) / 1000).toFixed(1)),
    setupSeconds: Number(((setup - started) / 1000).toFixed(1)),
  };
}

/** The whole step; the build must be there (bench/run.ts has made it, or `npm run build`). */
export async function measureTenfold({ fresh = false } = {}): Promise<TenfoldResults> {
  const started = Date.now();
  const loadBefore = os.loadavg()[0]!;
  const small = await database(SIZES.small, fresh);
  const large = await database(SIZES.large, fresh);
  // A kept database gets the migrations made since (the large one's setup is timed below).
  await run(bin("tsx"), ["db/setup.ts"], { env: envFor(SIZES.small, PORTS.small) });
  const only = process.env.TENFOLD_ONLY?.split(",");
  const asked = (part: string) => !only || only.includes(part);
  let ready = { seconds: Number.NaN, setupSeconds: Number.NaN };
  if (asked("ready")) {
    log("npm start on 200,000 stories");
    ready = await readyTime(SIZES.large);
    log(`ready in ${ready.seconds} s (setup ${ready.setupSeconds} s)`);
  }
  log("pages");
  const pages = asked("pages") ? await renderCosts(writeBustScript(DATA)) : [];
  log("service calls");
  const calls = asked("calls") ? await serviceCalls() : [];
  return {
    date: new Date().toISOString(),
    sizes: { small: small.counts, large: large.counts },
    generatedSeconds: large.seconds,
    rounds: ROUNDS,
    durationSeconds: DURATION,
    measures: [...pages, ...calls],
    ready,
    load: [Number(loadBefore.toFixed(2)), Number(os.loadavg()[0]!.toFixed(2))],
    seconds: Math.round((Date.now() - started) / 1000),
  };
}

/** Alone: this section into the last run's results.json and RESULTS.md, the rest unchanged. */
async function main() {
  if (!existsSync("build/server/index.js")) throw new Error("npm run build first");
  const tenfold = await measureTenfold({ fresh: process.env.TENFOLD_FRESH === "1" });
  console.log(JSON.stringify(tenfold, null, 2));
  if (!existsSync("bench/results.json") || process.env.TENFOLD_ONLY) return;
  const { budgets: _, ...results }: BenchResults & { budgets: unknown } = JSON.parse(
    readFileSync("bench/results.json", "utf8"),
  );
  const merged = { ...results, tenfold };
  const budgets = evaluateBudgets(merged);
  writeFileSync("bench/results.json", `${JSON.stringify({ ...merged, budgets }, null, 2)}\n`);
  writeFileSync("bench/RESULTS.md", renderResults({ ...merged, budgets }));
}

if (import.meta.url === `file://${process.argv[1]}`) {
  main().catch((error) => {
    console.error(error);
    process.exit(1);
  });
}
