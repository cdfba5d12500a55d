import { type ChildProcess, spawn } from "node:child_process";
import { existsSync } from "node:fs";
import http from "node:http";
import net, { type AddressInfo } from "node:net";
import path from "node:path";
import readline from "node:readline";
import { Pool } from "undici";

/**
 * The app's processes behind the front (decision 037): `remix-serve build/server/index.js` each, on a
 * loopback port of its own, restarted when one dies, replaced one by one on a rolling restart.
 */

export interface Worker {
  id: number;
  port: number;
  child: ChildProcess;
  /** Undici's connections to the worker: it frames every request the front sends (decision 046). */
  client: Pool;
  inflight: number;
  state: "starting" | "ready" | "draining" | "gone";
}

export interface PoolOptions {
  size: number;
  env: NodeJS.ProcessEnv;
  /** Whether to pass remix-serve's per-request log lines on (they cost the workers CPU). */
  accessLog: boolean;
  /** Given to every worker, and sent by the front on every request (app/http/http.server.ts). */
  frontSecret: string;
  log: (event: string, fields?: Record<string, unknown>) => void;
}

/** The checkout: above server/front/ when run from source, above build/ when bundled (decision 069). */
function checkoutRoot(dir: string): string {
  for (let at = dir; ; at = path.dirname(at)) {
    if (existsSync(path.join(at, "package.json"))) return at;
    if (path.dirname(at) === at) throw new Error(`no package.json above ${dir}`);
  }
}
const ROOT = checkoutRoot(import.meta.dirname);
const GUARD = path.join(ROOT, "server/front/worker-guard.mjs");

/**
 * A worker's young generation in 4 MB semi-spaces instead of V8's 16 MB: after the bench's
 * signed-in load two workers held 357 MB instead of 493 MB, at CPU per signed-in request within
 * the rounds' noise (+3 % in that run; decision 069). A size set in NODE_OPTIONS wins.
 */
function semiSpaces(options = ""): string {
  return options.includes("--max-semi-space-size")
    ? options
    : `${options} --max-semi-space-size=4`.trim();
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.once("error", reject);
    probe.listen(0, "127.0.0.1", () => {
      const { port } = probe.address() as AddressInfo;
      probe.close(() => resolve(port));
    });
  });
}

/** How long the front keeps an idle connection to a worker: well under the worker's 5 s. */
const IDLE_MS = 2_000;

/**
 * The front's connections to one worker. An idle connection is let go of well before the worker's
 * server closes it (Node's keepAliveTimeout, 5 s): a request sent on one the worker is just
 * closing fails with ECONNRESET, and a write cannot be sent again. A connection whose request or
 * answer did not end as framed is destroyed by undici, never used again.
 */
export function workerClient(port: number): Pool {
  return new Pool(`http://127.0.0.1:${port}`, {
    keepAliveTimeout: IDLE_MS,
    keepAliveMaxTimeout: IDLE_MS,
    pipelining: 1,
    // A render that has not begun its answer in a minute, or stalls a minute in it, is given up.
    headersTimeout: 60_000,
    bodyTimeout: 60_000,
  });
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

export class WorkerPool {
  private workers: Worker[] = [];
  private nextId = 1;
  private turn = 0;
  private stopping = false;
  private failures = 0;

  constructor(private options: PoolOptions) {}

  get list(): readonly Worker[] {
    return this.workers;
  }

  async start() {
    await Promise.all(Array.from({ length: this.options.size }, () => this.spawnReady()));
  }

  /** The ready worker with the fewest requests in flight (ties taken in turn). */
  pick(except?: Worker): Worker | null {
    let best: Worker | null = null;
    const n = this.workers.length;
    this.turn = (this.turn + 1) % Math.max(n, 1);
    for (let i = 0; i < n; i++) {
      const w = this.workers[(this.turn + i) % n]!;
      if (w.state !== "ready" || w === except) continue;
      if (!best || w.inflight < best.inflight) best = w;
    }
    return best;
  }

  /** Waits (briefly) for a worker when none is ready, e.g. while the only one restarts. */
  async pickOrWait(except?: Worker, timeoutMs = 10_000): Promise<Worker | null> {
    const until = Date.now() + timeoutMs;
    for (;;) {
      const w = this.pick(except) ?? (except?.state === "ready" ? except : null);
      if (w || this.stopping || Date.now() > until) return w;
      await sleep(50);
    }
  }

  /**
   * Rolling restart: a new worker first, then the old one drains and stops; one at a time. Every
   * old worker's draining ends by `drainMs` after the signal, however slow its clients.
   */
  async restart(drainMs: number) {
    const deadline = Date.now() + drainMs;
    const retiring: Promise<void>[] = [];
    for (const old of [...this.workers]) {
      if (old.state !== "ready" || this.stopping) continue;
      try {
        await this.spawnReady();
      } catch (error) {
        // The old worker keeps serving; a later SIGHUP can try again.
        this.options.log("front.restart_failed", { message: (error as Error).message });
        break;
      }
      retiring.push(this.retire(old, Math.max(deadline, Date.now() + 1_000)));
    }
    await Promise.all(retiring);
  }

  /** Stops every worker; what is still in flight at `deadline` (epoch ms) is cut. */
  async stop(deadline: number) {
    this.stopping = true;
    await Promise.all(this.workers.map((w) => this.retire(w, deadline)));
  }

  /**
   * No new requests; those in flight may finish until `deadline`, then the worker gets SIGTERM and,
   * if it has not left by the deadline (at least a second after the signal), SIGKILL.
   */
  private async retire(worker: Worker, deadline: number) {
    if (worker.state === "gone") return;
    worker.state = "draining";
    while (worker.inflight > 0 && Date.now() < deadline) await sleep(20);
    await worker.client.destroy().catch(() => {});
    await this.kill(worker, "SIGTERM", Math.max(deadline - Date.now(), 1_000));
  }

  private kill(worker: Worker, signal: NodeJS.Signals, graceMs: number) {
    const { child } = worker;
    return new Promise<void>((resolve) => {
      if (child.exitCode !== null || child.signalCode !== null) return resolve();
      const force = setTimeout(() => child.kill("SIGKILL"), graceMs);
      child.once("exit", () => {
        clearTimeout(force);
        resolve();
      });
      child.kill(signal);
    });
  }

  private async spawnReady(): Promise<Worker> {
    const port = await freePort();
    const id = this.nextId++;
    const child = spawn(
      process.execPath,
      [
        "--import",
        GUARD,
        path.join(ROOT, "node_modules/.bin/remix-serve"),
        "build/server/index.js",
      ],
      {
        cwd: ROOT,
        env: {
          // glibc gives each thread an arena and keeps what was freed in it (a worker compresses
          // and queries on libuv's and libSQL's threads): two arenas held less resident memory
          // after the bench at the same CPU per request (decision 069). A value set wins.
          MALLOC_ARENA_MAX: "2",
          ...this.options.env,
          NODE_OPTIONS: semiSpaces(this.options.env.NODE_OPTIONS),
          NODE_ENV: "production",
          PORT: String(port),
          // Reachable from this machine only; the front is the one that names the client.
          HOST: "127.0.0.1",
          TRUST_PROXY: "true",
          FRONT_SECRET: this.options.frontSecret,
        },
        stdio: ["ignore", "pipe", "inherit", "ipc"],
        // Members' copies come back over the channel as bytes (decision 071), not JSON arrays.
        serialization: "advanced",
      },
    );
    const worker: Worker = {
      id,
      port,
      child,
      client: workerClient(port),
      inflight: 0,
      state: "starting",
    };
    this.pipeOutput(worker);
    this.workers.push(worker);
    const startedAt = Date.now();
    child.once("exit", (code, signal) => {
      const wasLive = worker.state === "ready" || worker.state === "starting";
      worker.state = "gone";
      worker.client.destroy().catch(() => {});
      this.workers = this.workers.filter((w) => w !== worker);
      if (!wasLive || this.stopping) return;
      this.options.log("front.worker_died", { worker: id, code, signal });
      if (Date.now() - startedAt > 30_000) this.failures = 0;
      this.respawn();
    });
    try {
      await this.waitHealthy(worker);
    } catch (error) {
      worker.state = "draining";
      await this.kill(worker, "SIGKILL", 0);
      throw error;
    }
    if (worker.state === "starting") worker.state = "ready";
    return worker;
  }

  /** A replacement for a worker that died, after a wait that grows with each failure in a row. */
  private respawn() {
    const backoff = Math.min(100 * 2 ** this.failures, 10_000);
    this.failures += 1;
    setTimeout(() => {
      if (this.stopping) return;
      this.spawnReady().catch((error) => {
        this.options.log("front.worker_start_failed", { message: (error as Error).message });
        this.respawn();
      });
    }, backoff);
  }

  private async waitHealthy(worker: Worker) {
    // Long: on a busy machine a worker's first answer can take most of a minute.
    for (let i = 0; i < 1200; i++) {
      if (worker.state === "gone") throw new Error(`worker ${worker.id} exited at start`);
      const ok = await new Promise<boolean>((resolve) => {
        const req = http.get(
          { host: "127.0.0.1", port: worker.port, path: "/healthz", timeout: 2_000 },
          (res) => {
            res.resume();
            resolve(res.statusCode === 200);
          },
        );
        req.on("error", () => resolve(false));
        req.on("timeout", () => req.destroy());
      });
      if (ok) return;
      await sleep(100);
    }
    throw new Error(`worker ${worker.id} did not answer /healthz in 2 minutes`);
  }

  /**
   * remix-serve writes a line per request (morgan); the app's logger writes JSON lines. The JSON
   * ones always go on; the access lines only when asked (LOG_LEVEL=debug), as writing them is a
   * noticeable share of a worker's CPU under load.
   */
  private pipeOutput(worker: Worker) {
    const lines = readline.createInterface({ input: worker.child.stdout! });
    lines.on("line", (line) => {
      if (this.options.accessLog || line.startsWith("{")) process.stdout.write(`${line}\n`);
    });
  }
}
