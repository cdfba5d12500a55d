/**
 * Where a member's millisecond goes (issue 45 item 2): a signed-in page answered from a members'
 * copy (decision 039), its CPU per request measured from /proc while wrk loads it
 *
 *   - through the front, as `npm start` runs it (the front, its workers, and wrk's own share);
 *   - directly at one of those workers (the hop is the difference);
 *   - inside a worker: the same worker under `--cpu-prof`, each sample given to the innermost part
 *     of the request it belongs to (the session lookup, the copy decision, the loaders, Remix's
 *     pipeline, writing the member in, express, Node's HTTP), scaled to the measured CPU;
 *
 * and the static ceiling beside them (bench/static-server.mjs with the anonymous home page).
 * Several checkouts, each built, can be measured in turns within one run (A/B):
 *
 *   npx tsx bench/member-cost.ts
 *   MEMBER_COST_ROOTS=before=/tmp/wt-before,after=/tmp/wt-after npx tsx bench/member-cost.ts
 *
 * MEMBER_COST_DB (a generated database; default bench/.data/bench-20000.db, else one of
 * MEMBER_COST_SIZE stories generated once into bench/.data-i/), MEMBER_COST_PAGES (home, list,
 * story, campaign, search, api; default home), MEMBER_COST_SECONDS (per run, default 10),
 * MEMBER_COST_ROUNDS (default 2), MEMBER_COST_PORT (default 3480; the next two are used too),
 * MEMBER_COST_PROFILE=0 (no profiled runs), MEMBER_COST_OUT (a JSON file for the figures).
 */
import { type ChildProcess, execFileSync, spawn } from "node:child_process";
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import { frontCommand } from "../scripts/front-command.mjs";
import { benchServerEnv, sampleIds, signIn } from "./fixtures";
import { cpuMs } from "./render-cost";
import { waitFor } from "./wait-for";
import { parseWrk } from "./wrk";

const ROOTS = (process.env.MEMBER_COST_ROOTS ?? `this=${process.cwd()}`).split(",").map((item) => {
  const [label, dir] = item.includes("=") ? item.split("=") : [path.basename(item), item];
  return { label: label!, dir: path.resolve(dir!) };
});
const SECONDS = Number(process.env.MEMBER_COST_SECONDS ?? 10);
const ROUNDS = Number(process.env.MEMBER_COST_ROUNDS ?? 2);
const PORT = Number(process.env.MEMBER_COST_PORT ?? 3480);
const PROFILE = process.env.MEMBER_COST_PROFILE !== "0";
const CONNECTIONS = 32;
const DATA = path.resolve("bench/.data-i");
const SIZE = Number(process.env.MEMBER_COST_SIZE ?? 20_000);

function databaseFile() {
  if (process.env.MEMBER_COST_DB) return path.resolve(process.env.MEMBER_COST_DB);
  const shared = path.resolve("bench/.data/bench-20000.db");
  if (existsSync(shared)) return shared;
  const own = path.join(DATA, `bench-${SIZE}.db`);
  if (!existsSync(own)) {
    mkdirSync(DATA, { recursive: true });
    execFileSync(path.resolve("node_modules/.bin/tsx"), ["bench/generate.ts", String(SIZE)], {
      env: { ...serverEnv(own, PORT), LOG_LEVEL: "error" },
      stdio: ["ignore", "inherit", "inherit"],
    });
  }
  return own;
}

function serverEnv(database: string, port: number): NodeJS.ProcessEnv {
  mkdirSync(path.join(DATA, "media"), { recursive: true });
  return {
    ...process.env,
    ...benchServerEnv(DATA, `file:${database}`, port),
  };
}

/** What a browser sends when it opens a page (bench/run.ts's requestHeaders). */
const headersFor = (cookie?: string): Record<string, string> => ({
  accept: "text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8",
  "accept-encoding": "gzip",
  "user-agent": "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 Chrome/130.0 Safari/537.36",
  ...(cookie ? { cookie } : {}),
});

/** SIGINT (remix-serve then writes its profile), and SIGKILL if it has not gone in 20 s. */
async function stop(child: ChildProcess) {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((r) => child.once("exit", r));
  child.kill("SIGINT");
  const timer = setTimeout(() => child.kill("SIGKILL"), 20_000);
  await exited;
  clearTimeout(timer);
}

/** The pids whose parent is `pid` (from /proc, so nothing else need be installed). */
function childrenOf(pid: number): number[] {
  return readdirSync("/proc")
    .filter((name) => /^\d+$/.test(name))
    .filter((name) => {
      try {
        const stat = readFileSync(`/proc/${name}/stat`, "utf8");
        return Number(stat.slice(stat.lastIndexOf(")") + 2).split(" ")[1]) === pid;
      } catch {
        return false;
      }
    })
    .map(Number);
}

function envOf(pid: number, name: string) {
  const entry = readFileSync(`/proc/${pid}/environ`, "utf8")
    .split("\0")
    .find((e) => e.startsWith(`${name}=`));
  return entry?.slice(name.length + 1);
}

interface Run {
  requests: number;
  requestsPerSecond: number;
  p50: number;
  p99: number;
  non2xx: number;
  errors: number;
  /** CPU ms per request, by process. */
  cpu: Record<string, number>;
}

/**
 * One wrk run, with the CPU each of `pids` spent during it and wrk's own (a shell reaps wrk and
 * reports its children's CPU time from its own /proc entry).
 */
async function load(
  url: string,
  cookie: string | undefined,
  seconds: number,
  pids: Record<string, number>,
): Promise<Run> {
  const args = ["-t2", `-c${CONNECTIONS}`, `-d${seconds}s`, "--latency", "--timeout", "10s"];
  for (const [name, value] of Object.entries(headersFor(cookie)))
    args.push("-H", `${name}: ${value}`);
  const before = Object.fromEntries(Object.entries(pids).map(([name, pid]) => [name, cpuMs(pid)]));
  const child = spawn("sh", ["-c", 'wrk "$@" && echo && cat /proc/$$/stat', "sh", ...args, url]);
  let out = "";
  child.stdout.on("data", (chunk) => {
    out += chunk;
  });
  const code = await new Promise((r) => child.once("exit", r));
  const after = Object.fromEntries(Object.entries(pids).map(([name, pid]) => [name, cpuMs(pid)]));
  if (code !== 0) throw new Error(`wrk failed: ${out}`);
  const stat = out.trim().split("\n").at(-1)!;
  const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
  // cutime and cstime, in clock ticks of 10 ms.
  const wrkMs = (Number(fields[13]) + Number(fields[14])) * 10;
  const parsed = parseWrk(url, out);
  const requests = Number(/(\d+) requests in/.exec(out)?.[1] ?? 0);
  const cpu: Record<string, number> = {};
  for (const name of Object.keys(pids))
    cpu[name] = round((after[name]! - before[name]!) / requests);
  cpu.wrk = round(wrkMs / requests);
  return { ...parsed, requests, cpu };
}

const round = (n: number, digits = 3) => Number(n.toFixed(digits));

/** Asks once as wrk will, and says whether a member got a copy. */
async function copyStatus(url: string, cookie: string) {
  const response = await fetch(url, { headers: headersFor(cookie) });
  await response.arrayBuffer();
  return response.headers.get("x-page-copy") ?? "none";
}

/** Node's IPC channel: the message serialised (node:v8) and written to the pipe. */
const CHANNEL = /node:internal\/child_process|node:v8|node:internal\/v8/;

/** The parts of a worker's request, in the order a sample is given to the first that holds it. */
const APP_PARTS: [string, RegExp][] = [
  ["session lookup", /^(sessionUser|markSeen|getUser|viewerOf|hashId|live)(\$\d+)?$/],
  [
    "write-in and gzip splice",
    /^(personalise|gzipBetween|plain|valuesFor|stored|crcOf\w*|multmodp|shiftCrc)(\$\d+)?$/,
  ],
  ["the channel (message in, Request, reply)", /^(replyTo|remixUrl|answerCopyRequests)(\$\d+)?$/],
  [
    "copy decision",
    /^(decide|mayCopy|keyOf|copyKey|addressOf|copyFor|shownViewer|settledDecision|answerCopy\w*|answerApiCopy|apiCopyKey)(\$\d+)?$/,
  ],
  [
    "root loader (locale, toast, theme)",
    /^(rootData|readToast|getTheme|lightMode|lightCookieValue)(\$\d+)?$/,
  ],
  ["route loaders", /^(sameForMembers|loader|homeData|storyPageOwnParts)(\$\d+)?$/],
  [
    "handleRequest (nonce, CSP, Response)",
    /^(handleRequest|contentSecurityPolicy|applySecurityHeaders)(\$\d+)?$/,
  ],
];
const LIBRARY_PARTS: [string, RegExp][] = [
  [
    "Remix pipeline (matching, loaders' machinery, document)",
    /@remix-run\/(server-runtime|router)|turbo-stream/,
  ],
  ["Remix's express adapter (Request in, Response out)", /@remix-run\/(express|node)/],
  [
    "express and remix-serve's middleware",
    /node_modules\/(express|compression|morgan|serve-static|send|finalhandler|on-headers|on-finished|body-parser|router|accepts|negotiator|vary|compressible|debug|@remix-run\/serve|depd|parseurl|mime)/,
  ],
  ["undici and web streams", /node:internal\/(deps\/undici|webstreams)/],
  ["the channel (serialise, pipe)", CHANNEL],
  ["Node's HTTP, sockets and streams", /^node:/],
];
const DATABASE = /drizzle-orm|@libsql|\/libsql\//;

type Frame = { functionName: string; url: string };

/** The part of a worker's request a sample belongs to, from its innermost frame and its stack. */
function workerPart(leaf: Frame, stack: Frame[]): string {
  if (/^(writev|writeBuffer|writeUtf8String|writeLatin1String)$/.test(leaf.functionName)) {
    // The system calls that hand the answer's bytes to the kernel, whoever asked for them.
    return "socket writes (the answer into the kernel)";
  }
  if (stack.some((frame) => DATABASE.test(frame.url))) return "session lookup";
  for (const [name, test] of APP_PARTS) {
    if (stack.some((frame) => frame.url.includes("build/server") && test.test(frame.functionName)))
      return name;
  }
  if (stack.some((frame) => frame.url.includes("build/server"))) return "other app code";
  for (const [name, test] of LIBRARY_PARTS) {
    if (stack.some((frame) => test.test(frame.url))) return name;
  }
  return "other";
}

/** The part of the front's work a sample belongs to (decision 071's channel, or the HTTP hop). */
function frontPart(leaf: Frame, stack: Frame[]): string {
  if (/^(writev|writeBuffer|writeUtf8String|writeLatin1String)$/.test(leaf.functionName)) {
    return "socket writes (the answer into the kernel)";
  }
  if (stack.some((frame) => CHANNEL.test(frame.url))) return "the channel (serialise, pipe)";
  if (stack.some((frame) => /undici/.test(frame.url))) return "undici (the HTTP hop to a worker)";
  if (stack.some((frame) => frame.url.includes("server/front/member-copies")))
    return "front: asking for the copy, writing it";
  if (stack.some((frame) => /server\/front|build\/front/.test(frame.url)))
    return "front: rules, proxy, reads";
  if (stack.some((frame) => frame.url.startsWith("node:")))
    return "Node's HTTP, sockets and streams";
  return "other";
}

/**
 * A CPU profile's samples by part of the request, in ms: the innermost app function on a sample's
 * stack names its part (a query's work counts with the session lookup, whose query it nearly
 * always is on these pages); without one, the innermost library that does.
 */
export function splitProfile(
  file: string,
  window?: [number, number],
  partOfStack: (leaf: Frame, stack: Frame[]) => string = workerPart,
): Record<string, number> {
  const profile = JSON.parse(readFileSync(file, "utf8")) as {
    nodes: { id: number; callFrame: Frame; children?: number[] }[];
    startTime: number;
    samples: number[];
    timeDeltas: number[];
  };
  const parent = new Map<number, number>();
  const byId = new Map(profile.nodes.map((node) => [node.id, node]));
  for (const node of profile.nodes)
    for (const child of node.children ?? []) parent.set(child, node.id);
  const partOf = new Map<number, string>();
  const classify = (id: number): string => {
    const known = partOf.get(id);
    if (known) return known;
    const leaf = byId.get(id)!.callFrame;
    let part: string;
    if (leaf.functionName === "(garbage collector)") part = "garbage collector";
    else if (leaf.functionName === "(idle)") part = "idle";
    else if (leaf.functionName === "(program)") part = "V8 and native (program)";
    else {
      const stack: Frame[] = [];
      for (let at: number | undefined = id; at !== undefined; at = parent.get(at))
        stack.push(byId.get(at)!.callFrame);
      part = partOfStack(leaf, stack);
    }
    partOf.set(id, part);
    return part;
  };
  const totals: Record<string, number> = {};
  let at = profile.startTime;
  profile.samples.forEach((id, i) => {
    at += profile.timeDeltas[i] ?? 0;
    // V8's clock and process.hrtime are both CLOCK_MONOTONIC (µs here): the measured run only,
    // not the start-up, the sign-in or the warm-up.
    if (window && (at < window[0] || at > window[1])) return;
    const part = classify(id);
    totals[part] = (totals[part] ?? 0) + (profile.timeDeltas[i] ?? 0) / 1000;
  });
  return totals;
}

/** A profile's parts, shared out as the CPU measured per request (the profiler's own included). */
function scaled(totals: Record<string, number>, cpuMs: number): Record<string, number> {
  const busy = Object.entries(totals).filter(([name]) => name !== "idle");
  const busyMs = busy.reduce((sum, [, ms]) => sum + ms, 0);
  return Object.fromEntries(
    busy.sort((a, b) => b[1] - a[1]).map(([name, ms]) => [name, round((ms / busyMs) * cpuMs)]),
  );
}

/** One worker of `root` alone under --cpu-prof while wrk loads `page`; its parts in ms per request. */
export async function profiled(root: string, database: string, page: string) {
  const dir = path.join(DATA, `profile-${path.basename(root)}-${Date.now()}`);
  mkdirSync(dir, { recursive: true });
  const port = PORT + 1;
  const child = spawn(
    process.execPath,
    [
      "--cpu-prof",
      `--cpu-prof-dir=${dir}`,
      path.join(root, "node_modules/.bin/remix-serve"),
      "build/server/index.js",
    ],
    {
      cwd: root,
      env: { ...serverEnv(database, port), HOST: "127.0.0.1" },
      stdio: ["ignore", "ignore", "inherit"],
    },
  );
  const base = `http://127.0.0.1:${port}`;
  try {
    await waitFor(`${base}/healthz`, child, 120);
    const cookie = await signIn(base);
    await copyStatus(base + page, cookie);
    await load(base + page, cookie, 2, { worker: child.pid! });
    const from = Number(process.hrtime.bigint() / 1000n);
    const run = await load(base + page, cookie, SECONDS, { worker: child.pid! });
    const to = Number(process.hrtime.bigint() / 1000n);
    await stop(child);
    const file = readdirSync(dir).find((name) => name.endsWith(".cpuprofile"));
    if (!file) throw new Error("no profile written");
    const parts = scaled(splitProfile(path.join(dir, file), [from, to]), run.cpu.worker!);
    if (process.env.MEMBER_COST_KEEP === "1") console.error(`profile kept in ${dir}`);
    else rmSync(dir, { recursive: true, force: true });
    return { cpuMsPerRequest: run.cpu.worker!, requestsPerSecond: run.requestsPerSecond, parts };
  } finally {
    await stop(child);
  }
}

/**
 * `npm start` with one worker, both under --cpu-prof, while wrk loads `page` through the front:
 * where the front's and the worker's milliseconds go (decision 071's channel, or the HTTP hop).
 */
export async function profiledFront(root: string, database: string, page: string) {
  const dir = path.join(DATA, `profile-front-${path.basename(root)}-${Date.now()}`);
  mkdirSync(dir, { recursive: true });
  const front = spawn(process.execPath, frontCommand(root), {
    cwd: root,
    env: {
      ...serverEnv(database, PORT),
      WEB_CONCURRENCY: "1",
      // The front passes its environment on, so its worker writes a profile too (Node refuses
      // --cpu-prof in NODE_OPTIONS).
      NODE_OPTIONS: `--import ${path.resolve("bench/cpu-profile.mjs")}`,
      BENCH_CPU_PROFILE_DIR: dir,
    },
    stdio: ["ignore", "ignore", "inherit"],
  });
  const base = `http://127.0.0.1:${PORT}`;
  try {
    await waitFor(`${base}/healthz`, front, 120);
    const [worker] = childrenOf(front.pid!).filter((pid) => envOf(pid, "FRONT_SECRET"));
    const pids = { front: front.pid!, worker: worker! };
    const cookie = await signIn(base);
    for (let i = 0; i < 4; i++) await copyStatus(base + page, cookie);
    await load(base + page, cookie, 2, pids);
    const from = Number(process.hrtime.bigint() / 1000n);
    const run = await load(base + page, cookie, SECONDS, pids);
    const to = Number(process.hrtime.bigint() / 1000n);
    // Each writes its profile as it gets its signal (bench/cpu-profile.mjs).
    await stop(front);
    // CPU.<date>.<time>.<pid>.<thread>.<n>.cpuprofile
    const fileOf = (pid: number) => {
      const name = readdirSync(dir).find((n) => n.split(".")[3] === String(pid));
      if (!name) throw new Error(`no profile written by ${pid}`);
      return path.join(dir, name);
    };
    const result = {
      requestsPerSecond: run.requestsPerSecond,
      cpu: run.cpu,
      front: scaled(splitProfile(fileOf(pids.front), [from, to], frontPart), run.cpu.front!),
      worker: scaled(splitProfile(fileOf(pids.worker), [from, to]), run.cpu.worker!),
    };
    if (process.env.MEMBER_COST_KEEP === "1") console.error(`profiles kept in ${dir}`);
    else rmSync(dir, { recursive: true, force: true });
    return result;
  } finally {
    await stop(front);
  }
}

async function throughFront(root: string, database: string, page: string) {
  const front = spawn(process.execPath, frontCommand(root), {
    cwd: root,
    env: { ...serverEnv(database, PORT), WEB_CONCURRENCY: "2" },
    stdio: ["ignore", "ignore", "inherit"],
  });
  const base = `http://127.0.0.1:${PORT}`;
  try {
    await waitFor(`${base}/healthz`, front, 120);
    const workers = childrenOf(front.pid!).filter((pid) => envOf(pid, "FRONT_SECRET"));
    if (workers.length !== 2) throw new Error(`expected 2 workers, found ${workers.length}`);
    const pids = { front: front.pid!, worker1: workers[0]!, worker2: workers[1]! };
    const cookie = await signIn(base);
    // Each worker draws its own copy once; then the front's choice of worker does not matter.
    const statuses: string[] = [];
    for (let i = 0; i < 6; i++) statuses.push(await copyStatus(base + page, cookie));
    const status = statuses.at(-1)!;
    await load(base + page, cookie, 2, pids);
    const viaFront = await load(base + page, cookie, SECONDS, pids);
    // The same page straight at one worker, as the front asks (the front sends only the cookie
    // and encoding a member's page needs).
    const direct = `http://127.0.0.1:${envOf(workers[0]!, "PORT")}`;
    await load(direct + page, cookie, 2, { worker: workers[0]! });
    const atWorker = await load(direct + page, cookie, SECONDS, { worker: workers[0]! });
    return { status, viaFront, atWorker };
  } finally {
    await stop(front);
  }
}

async function ceiling(database: string) {
  const port = PORT + 2;
  const app = spawn(process.execPath, frontCommand(ROOTS[0]!.dir), {
    cwd: ROOTS[0]!.dir,
    env: { ...serverEnv(database, PORT), WEB_CONCURRENCY: "1" },
    stdio: ["ignore", "ignore", "inherit"],
  });
  let html: Buffer;
  try {
    await waitFor(`http://127.0.0.1:${PORT}/healthz`, app, 120);
    html = Buffer.from(await (await fetch(`http://127.0.0.1:${PORT}/`)).arrayBuffer());
  } finally {
    await stop(app);
  }
  const file = path.join(DATA, "home.html");
  writeFileSync(file, html);
  const server = spawn(
    process.execPath,
    [path.resolve("bench/static-server.mjs"), file, String(port)],
    {
      stdio: ["ignore", "ignore", "inherit"],
    },
  );
  try {
    await waitFor(`http://127.0.0.1:${port}/`, server, 120);
    await load(`http://127.0.0.1:${port}/`, undefined, 2, { static: server.pid! });
    return await load(`http://127.0.0.1:${port}/`, undefined, SECONDS, { static: server.pid! });
  } finally {
    await stop(server);
  }
}

const uptime = () => readFileSync("/proc/loadavg", "utf8").split(" ").slice(0, 3).join(" ");

async function main() {
  const database = databaseFile();
  const ids = await sampleIds(`file:${database}`);
  const pages: Record<string, string> = {
    home: "/",
    list: "/stories/all?page=500",
    story: `/stories/${ids.story}`,
    campaign: `/donation-pools/${ids.pool}`,
    search: "/search?q=ulaanbaatar",
    api: "/api/stories/regular?page=100",
  };
  const chosen = (process.env.MEMBER_COST_PAGES ?? "home").split(",");
  const results: Record<string, unknown>[] = [];
  const say = (row: Record<string, unknown>) => {
    console.log(JSON.stringify(row));
    results.push(row);
  };
  say({ kind: "ceiling", load: uptime(), ...(await ceiling(database)) });
  for (let round = 1; round <= ROUNDS; round++) {
    for (const name of chosen) {
      for (const { label, dir } of ROOTS) {
        const loadBefore = uptime();
        const { status, viaFront, atWorker } = await throughFront(dir, database, pages[name]!);
        say({
          kind: "front",
          round,
          build: label,
          page: name,
          copy: status,
          load: loadBefore,
          viaFront,
          atWorker,
        });
        if (PROFILE && round === 1) {
          say({
            kind: "profile",
            build: label,
            page: name,
            load: uptime(),
            ...(await profiled(dir, database, pages[name]!)),
          });
          say({
            kind: "front-profile",
            build: label,
            page: name,
            load: uptime(),
            ...(await profiledFront(dir, database, pages[name]!)),
          });
        }
      }
    }
  }
  if (process.env.MEMBER_COST_OUT)
    writeFileSync(process.env.MEMBER_COST_OUT, JSON.stringify(results, null, 2));
  report(results);
}

function report(results: Record<string, unknown>[]) {
  const ceilingRow = results.find((r) => r.kind === "ceiling") as unknown as Run;
  console.log(`\nStatic ceiling: ${ceilingRow.requestsPerSecond} req/s\n`);
  console.log(
    "| round | build | page | copy | load | via front req/s | % of ceiling | p99 ms | CPU ms/req: front | workers | wrk | at one worker: req/s | worker CPU ms/req |",
  );
  console.log("|---|---|---|---|---|---|---|---|---|---|---|---|---|");
  for (const r of results.filter((row) => row.kind === "front") as unknown as {
    round: number;
    build: string;
    page: string;
    copy: string;
    load: string;
    viaFront: Run;
    atWorker: Run;
  }[]) {
    const f = r.viaFront;
    const workers = round((f.cpu.worker1 ?? 0) + (f.cpu.worker2 ?? 0));
    console.log(
      `| ${r.round} | ${r.build} | ${r.page} | ${r.copy} | ${r.load} | ${f.requestsPerSecond} | ${((100 * f.requestsPerSecond) / ceilingRow.requestsPerSecond).toFixed(1)} % | ${f.p99} | ${f.cpu.front} | ${workers} | ${f.cpu.wrk} | ${r.atWorker.requestsPerSecond} | ${r.atWorker.cpu.worker} |`,
    );
  }
  for (const r of results.filter((row) => row.kind === "profile") as unknown as {
    build: string;
    page: string;
    load: string;
    cpuMsPerRequest: number;
    parts: Record<string, number>;
  }[]) {
    console.log(
      `\nInside a worker (${r.build}, ${r.page}, load ${r.load}): ${r.cpuMsPerRequest} ms CPU per request under --cpu-prof\n`,
    );
    console.log("| part | ms per request |");
    console.log("|---|---|");
    for (const [name, ms] of Object.entries(r.parts)) console.log(`| ${name} | ${ms} |`);
  }
  for (const r of results.filter((row) => row.kind === "front-profile") as unknown as {
    build: string;
    page: string;
    load: string;
    requestsPerSecond: number;
    cpu: Record<string, number>;
    front: Record<string, number>;
    worker: Record<string, number>;
  }[]) {
    console.log(
      `\nThrough the front with one worker (${r.build}, ${r.page}, load ${r.load}): ${r.requestsPerSecond} req/s under --cpu-prof, CPU per request: front ${r.cpu.front} ms, worker ${r.cpu.worker} ms, wrk ${r.cpu.wrk} ms\n`,
    );
    console.log("| process | part | ms per request |");
    console.log("|---|---|---|");
    for (const [name, ms] of Object.entries(r.front)) console.log(`| front | ${name} | ${ms} |`);
    for (const [name, ms] of Object.entries(r.worker)) console.log(`| worker | ${name} | ${ms} |`);
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  main().catch((error) => {
    console.error(error);
    process.exit(1);
  });
}
