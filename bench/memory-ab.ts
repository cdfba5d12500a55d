/**
 * Decision 069: what lowers `npm start`'s resident memory, as an A/B in one run. Several fronts
 * (each with its workers) run side by side on one copy of the bench's 20,000-story database and
 * take the same load in turns: wrk over cache hits (the home page, whose req/s is the throughput
 * compared) and over signed-in pages, then distinct /api pages through all of them at once (as
 * bench/memory.ts's run); then each front's own report (SIGUSR2) and every process's resident
 * memory. After a build (node scripts/build.mjs):
 *
 *   MEMORY_AB_DB=<a copy of bench/.data/bench-20000.db> npx tsx bench/memory-ab.ts
 *   MEMORY_AB_VARIANTS='[{"name":"before","base":"d51aa46"},{"name":"now"},
 *     {"name":"semi4","env":{"NODE_OPTIONS":"--max-semi-space-size=4"}}]'
 *   MEMORY_AB_PAGES=8000 MEMORY_AB_ROUNDS=2 MEMORY_AB_PORT=3490
 *
 * A variant's `env` reaches its front and, through it, its workers (MALLOC_ARENA_MAX=16 undoes
 * the two arenas `npm start` sets); `args` are Node's flags for the front alone; `base` runs that
 * commit's server/ from source (through tsx, as it ran then) beside this checkout's build. Per
 * round and front: the CPU time of the front and its workers per hit and per signed-in request
 * (steadier than req/s on a shared host). The database is written to (reads, sessions): a copy.
 */
import { spawn } from "node:child_process";
import os from "node:os";
import path from "node:path";
import { frontCommand, frontEnv } from "../scripts/front-command.mjs";
import { baseCheckout, benchServerEnv, signIn } from "./fixtures";
import { distinctPages, frontMemoryReader, processTree, snapshot } from "./memory";
import { cpuMs } from "./render-cost";
import { waitFor } from "./wait-for";
import { wrk } from "./wrk";

interface Variant {
  name: string;
  env?: Record<string, string>;
  /** Node's flags for the front alone (its workers do not inherit them). */
  args?: string[];
  base?: string;
}

const ROOT = process.cwd();
if (!process.env.MEMORY_AB_DB) throw new Error("MEMORY_AB_DB: a copy of the bench's database");
const DB = path.resolve(process.env.MEMORY_AB_DB);
const DATA = path.dirname(DB);
const PAGES = Number(process.env.MEMORY_AB_PAGES ?? 8_000);
const ROUNDS = Number(process.env.MEMORY_AB_ROUNDS ?? 2);
const PORT = Number(process.env.MEMORY_AB_PORT ?? 3490);
const VARIANTS: Variant[] = JSON.parse(
  process.env.MEMORY_AB_VARIANTS ??
    '[{"name":"now"},{"name":"arenas16","env":{"MALLOC_ARENA_MAX":"16"}}]',
);
const UA = "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 Chrome/130.0 Safari/537.36";
const PAGE = "text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8";

const log = (message: string) => console.log(`[memory-ab] ${message}`);
const load = () => os.loadavg()[0]!.toFixed(1);
/** CPU time of the front and its workers, ms: per request it is steadier than req/s on a busy host. */
const cpuOf = (pid: number) => processTree(pid).reduce((sum, p) => sum + cpuMs(p), 0);

function headers(cookie?: string, api = false): Record<string, string> {
  return {
    accept: api ? "application/json" : PAGE,
    "accept-encoding": "gzip",
    "user-agent": UA,
    ...(cookie ? { cookie } : {}),
  };
}

async function main() {
  const fronts = VARIANTS.map((variant, i) => {
    const port = PORT + i;
    const child = spawn(
      process.execPath,
      [
        ...(variant.args ?? []),
        ...(variant.base ? baseCheckout(variant.base, DATA) : frontCommand()),
      ],
      {
        cwd: ROOT,
        env: frontEnv({
          ...process.env,
          ...variant.env,
          ...benchServerEnv(DATA, `file:${DB}`, port),
          WEB_CONCURRENCY: String(os.availableParallelism()),
          FRONT_CACHE_MB: "64",
        }),
        stdio: ["ignore", "ignore", "pipe"],
      },
    );
    return {
      variant,
      port,
      child,
      memory: frontMemoryReader(child),
      base: `http://localhost:${port}`,
    };
  });
  const hits = new Map(fronts.map((f) => [f.variant.name, [] as number[]]));
  const members = new Map(fronts.map((f) => [f.variant.name, [] as number[][]]));
  try {
    for (const f of fronts) await waitFor(`${f.base}/healthz`, f.child, 120);
    const cookie = await signIn(fronts[0]!.base);
    for (let round = 1; round <= ROUNDS; round++) {
      for (const f of round % 2 ? fronts : [...fronts].reverse()) {
        const at = load();
        await wrk("warm", `${f.base}/`, {
          connections: 32,
          durationSeconds: 2,
          headers: headers(),
        });
        let cpu = cpuOf(f.child.pid!);
        const m = await wrk("hits", `${f.base}/`, {
          connections: 32,
          durationSeconds: 10,
          headers: headers(),
        });
        const hitUs = Math.round(((cpuOf(f.child.pid!) - cpu) * 1000) / (m.requestsPerSecond * 10));
        hits.get(f.variant.name)!.push(hitUs);
        log(
          `round ${round} ${f.variant.name}: home hits ${m.requestsPerSecond} req/s, ${hitUs} µs CPU each, p99 ${m.p99} ms (load ${at})`,
        );
        const signedIn: number[] = [];
        for (const page of ["/", "/stories/all?page=3", "/search?q=ulaanbaatar"]) {
          cpu = cpuOf(f.child.pid!);
          const s = await wrk("member", f.base + page, {
            connections: 32,
            durationSeconds: 3,
            headers: headers(cookie),
          });
          signedIn.push(+((cpuOf(f.child.pid!) - cpu) / (s.requestsPerSecond * 3)).toFixed(2));
        }
        members.get(f.variant.name)!.push(signedIn);
        log(
          `round ${round} ${f.variant.name}: signed in ${signedIn.join(" / ")} ms CPU each (home / list / search)`,
        );
      }
    }
    const before = new Map(fronts.map((f) => [f.variant.name, snapshot(f.child.pid!)]));
    log(`${PAGES} distinct pages through each front at once (load ${load()})`);
    const runs = await Promise.all(
      fronts.map((f) => distinctPages(f.base, PAGES, headers(undefined, true), 8)),
    );
    await new Promise((r) => setTimeout(r, 2_000));
    for (const [i, f] of fronts.entries()) {
      // A front from before decision 069 has no SIGUSR2 report (the signal would end it).
      const memory = f.variant.base ? undefined : await f.memory.ask();
      const processes = snapshot(f.child.pid!);
      const mb = (n: number) => Math.round(n / 1024 / 1024);
      console.log(
        JSON.stringify({
          variant: f.variant.name,
          load: load(),
          hitCpuUs: hits.get(f.variant.name),
          signedInCpuMs: members.get(f.variant.name),
          distinct: runs[i],
          before: before.get(f.variant.name)!.map((p) => `${p.role} ${p.residentMb}`),
          after: processes.map((p) => `${p.role} ${p.residentMb}`),
          totalMb: processes.reduce((sum, p) => sum + p.residentMb, 0),
          front: memory && {
            cacheMb: +(memory.cacheBytes / 1048576).toFixed(1),
            entries: memory.cacheEntries,
            bodyMb: +(memory.bodyBytes / 1048576).toFixed(1),
            retainedMb: +(memory.retainedBytes / 1048576).toFixed(1),
            rss: mb(memory.rss),
            heapTotal: mb(memory.heapTotal),
            heapUsed: mb(memory.heapUsed),
            external: mb(memory.external),
            arrayBuffers: mb(memory.arrayBuffers),
            misses: memory.misses,
            varies: memory.varies,
          },
        }),
      );
    }
  } finally {
    await Promise.all(
      fronts.map(
        (f) =>
          new Promise((r) => {
            if (f.child.exitCode !== null) return r(null);
            f.child.once("exit", r);
            f.child.kill("SIGTERM");
          }),
      ),
    );
  }
}

await main();
