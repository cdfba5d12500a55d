/**
 * What one render costs (issue 21, item 3): one remix-serve process on the 20,000-story database,
 * wrk against each page that must be rendered, and the server's own CPU time per answered request
 * (from /proc, so the load generator's share of the two cores is not counted).
 *
 *   npm run build && tsx bench/render-cost.ts
 *
 * RENDER_PORT (default 3601), RENDER_DURATION (seconds per page, default 10), RENDER_SEQUENTIAL
 * (requests timed one by one, default 300), RENDER_WRK (0: no wrk runs; plain: without gzip),
 * RENDER_PROFILE=dir (run the server under --cpu-prof, profiles written there on exit),
 * RENDER_ONLY=name,name (a subset of the pages), RENDER_BUILD (another server build to compare,
 * e.g. a copy of build/ made before a change). The database is generated once into
 * bench/.data-render/ and reused.
 */
import { type ChildProcess, execFileSync, spawn } from "node:child_process";
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import http from "node:http";
import path from "node:path";
import { benchServerEnv, sampleIds, signIn } from "./fixtures";

const DATA = path.resolve("bench/.data-render");
const SIZE = 20_000;
const PORT = Number(process.env.RENDER_PORT ?? 3601);
const DURATION = Number(process.env.RENDER_DURATION ?? 10);
const CONNECTIONS = 8;
const SEQUENTIAL = Number(process.env.RENDER_SEQUENTIAL ?? 300);
/** RENDER_WRK=0 skips the wrk runs (only the sequential timing); RENDER_WRK=plain skips gzip. */
const WRK_GZIP =
  process.env.RENDER_WRK === "0"
    ? []
    : process.env.RENDER_WRK === "plain"
      ? [false]
      : [false, true];
const TICKS_PER_SECOND = 100;
const bin = (name: string) => path.resolve("node_modules/.bin", name);
const BUILD = process.env.RENDER_BUILD ?? "build/server/index.js";
const database = path.join(DATA, `bench-${SIZE}.db`);

const env: NodeJS.ProcessEnv = {
  ...process.env,
  ...benchServerEnv(DATA, `file:${database}`, PORT),
};

function generateOnce() {
  if (existsSync(database)) return;
  mkdirSync(DATA, { recursive: true });
  execFileSync(bin("tsx"), ["bench/generate.ts", String(SIZE)], { env, stdio: "inherit" });
}

/** One remix-serve process of `build` with `serverEnv` (its PORT), once it answers /healthz. */
export async function startServer(
  serverEnv: NodeJS.ProcessEnv,
  build = BUILD,
  flags: string[] = [],
): Promise<ChildProcess> {
  const child = spawn(process.execPath, [...flags, bin("remix-serve"), build], {
    env: serverEnv,
    stdio: ["ignore", "ignore", "inherit"],
  });
  for (let i = 0; i < 1200; i++) {
    try {
      if ((await fetch(`http://localhost:${serverEnv.PORT}/healthz`)).ok) return child;
    } catch {}
    await new Promise((r) => setTimeout(r, 100));
  }
  child.kill("SIGINT");
  throw new Error("the server did not start");
}

function start(): Promise<ChildProcess> {
  const profile = process.env.RENDER_PROFILE;
  return startServer(env, BUILD, profile ? ["--cpu-prof", `--cpu-prof-dir=${profile}`] : []);
}

/** User plus system CPU time of a process, in milliseconds. */
export function cpuMs(pid: number) {
  const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
  const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
  return ((Number(fields[11]) + Number(fields[12])) * 1000) / TICKS_PER_SECOND;
}

/**
 * Writes, into `dir`, a wrk script that makes every request's URL distinct, so no cache in front
 * can answer it; returns its path.
 */
export function writeBustScript(dir: string) {
  mkdirSync(dir, { recursive: true });
  const file = path.join(dir, "bust.lua");
  writeFileSync(
    file,
    `local n = 0
request = function()
  n = n + 1
  local sep = string.find(wrk.path, "?", 1, true) and "&" or "?"
  return wrk.format(nil, wrk.path .. sep .. "r=" .. n)
end
`,
  );
  return file;
}
const BUST = path.join(DATA, "bust.lua");

/**
 * Time to answer, one request after another over one kept-alive connection. On a shared machine
 * the fastest answers are the ones no other process interrupted, so the 10th percentile is the
 * steadiest figure of what a render costs; the median is given beside it.
 */
async function sequential(page: Page, count: number) {
  const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
  const times: number[] = [];
  for (let i = 0; i < count; i++) {
    const path = page.bust ? `${page.path}${page.path.includes("?") ? "&" : "?"}r=${i}` : page.path;
    const started = process.hrtime.bigint();
    await new Promise<void>((resolve, reject) => {
      http
        .get(
          {
            host: "localhost",
            port: PORT,
            path,
            agent,
            headers: page.cookie ? { cookie: page.cookie } : {},
          },
          (res) => {
            res.resume();
            res.on("end", resolve);
          },
        )
        .on("error", reject);
    });
    times.push(Number(process.hrtime.bigint() - started) / 1e6);
  }
  agent.destroy();
  times.sort((a, b) => a - b);
  const at = (q: number) => Number(times[Math.floor(q * (times.length - 1))]!.toFixed(2));
  return { p10: at(0.1), p50: at(0.5) };
}

export interface Page {
  name: string;
  path: string;
  cookie?: string;
  bust?: boolean;
}

/** One wrk run against `port` (with `bust`, the script of writeBustScript, for a page that busts). */
export function wrk(page: Page, seconds: number, gzip: boolean, port = PORT, bust = BUST) {
  const args = ["-t1", `-c${CONNECTIONS}`, `-d${seconds}s`, "--timeout", "10s", "--latency"];
  if (page.cookie) args.push("-H", `Cookie: ${page.cookie}`);
  if (gzip) args.push("-H", "Accept-Encoding: gzip");
  if (page.bust) args.push("-s", bust);
  const out = execFileSync("wrk", [...args, `http://localhost:${port}${page.path}`]).toString();
  const requests = Number(/(\d+) requests in/.exec(out)?.[1] ?? 0);
  const non2xx = Number(/Non-2xx or 3xx responses: (\d+)/.exec(out)?.[1] ?? 0);
  const p99 = /99%\s+([\d.]+\w+)/.exec(out)?.[1] ?? "?";
  return { requests, non2xx, p99 };
}

async function main() {
  writeBustScript(DATA);
  generateOnce();
  const ids = await sampleIds(`file:${database}`);
  const server = await start();
  const pid = server.pid!;
  try {
    const cookie = await signIn(`http://localhost:${PORT}`);
    const pages: Page[] = [
      { name: "home, signed in", path: "/", cookie },
      { name: "story, signed in", path: `/stories/${ids.story}`, cookie },
      { name: "pool, signed in", path: `/donation-pools/${ids.pool}`, cookie },
      { name: "home, anonymous (miss)", path: "/", bust: true },
      { name: "stories page 500 (miss)", path: "/stories/all?page=500", bust: true },
    ];
    const only = process.env.RENDER_ONLY?.split(",");
    const rows = [];
    const sequentialRows = [];
    for (const page of pages.filter((p) => !only || only.some((o) => p.name.startsWith(o)))) {
      const bytes = execFileSync("curl", [
        "-s",
        ...(page.cookie ? ["-H", `Cookie: ${page.cookie}`] : []),
        `http://localhost:${PORT}${page.path}`,
      ]).length;
      await sequential(page, 20);
      const alone = await sequential(page, SEQUENTIAL);
      console.log(JSON.stringify({ page: page.name, sequentialMs: alone }));
      sequentialRows.push({ page: page.name, ...alone, htmlBytes: bytes });
      for (const gzip of WRK_GZIP) {
        wrk(page, 2, gzip);
        const before = cpuMs(pid);
        const run = wrk(page, DURATION, gzip);
        const cpu = cpuMs(pid) - before;
        const row = {
          page: page.name,
          gzip,
          reqPerSec: Math.round(run.requests / DURATION),
          cpuMsPerRequest: Number((cpu / run.requests).toFixed(2)),
          p99: run.p99,
          non2xx: run.non2xx,
          htmlBytes: bytes,
        };
        console.log(JSON.stringify(row));
        rows.push(row);
      }
    }
    console.log("\n| page | ms per page, p10 | median | HTML bytes |");
    console.log("|---|---|---|---|");
    for (const r of sequentialRows)
      console.log(`| ${r.page} | ${r.p10} | ${r.p50} | ${r.htmlBytes} |`);
    console.log("\n| page | gzip | req/s | CPU ms/req | p99 | HTML bytes |");
    console.log("|---|---|---|---|---|---|");
    for (const r of rows) {
      console.log(
        `| ${r.page} | ${r.gzip ? "yes" : "no"} | ${r.reqPerSec} | ${r.cpuMsPerRequest} | ${r.p99} | ${r.htmlBytes} |`,
      );
    }
  } finally {
    server.kill("SIGINT");
    await new Promise((r) => server.once("exit", r));
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  main().catch((error) => {
    console.error(error);
    process.exit(1);
  });
}
