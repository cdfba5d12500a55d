import { type ChildProcess, execFileSync, spawn } from "node:child_process";
import { mkdirSync, mkdtempSync } from "node:fs";
import http from "node:http";
import net, { type AddressInfo } from "node:net";
import os from "node:os";
import path from "node:path";
import { type Client, createClient } from "@libsql/client";
import { request as playwrightRequest } from "@playwright/test";
import { frontCommand, frontEnv } from "../../scripts/front-command.mjs";
import {
  DONATION_TOTALS_WRONG,
  POOL_DAYS_WRONG,
  POOL_TOTALS_WRONG,
  STORY_COUNTS_WRONG,
} from "../invariant-queries";

/**
 * The fault tests' own servers: the production build, each test with its own database folder,
 * started and killed as the test needs (tests/e2e's shared server is never touched).
 */

export const ADMIN = { username: "admin", password: "faults-admin-password" };

export function environment(dir: string, dbDir = dir, port = 3000): NodeJS.ProcessEnv {
  return {
    ...process.env,
    NODE_ENV: "production",
    PORT: String(port),
    ENV_FILE: path.join(dir, "none.env"),
    DATABASE_URL: `file:${path.join(dbDir, "app.db")}`,
    MEDIA_DIR: path.join(dir, "media"),
    DATA_DIR: dir,
    ADMIN_USERNAME: ADMIN.username,
    ADMIN_PASSWORD: ADMIN.password,
    LOG_LEVEL: "silent",
    // Forms are posted at machine speed here; the bot check's wait is tested in the unit suite.
    FORM_MIN_FILL_MS: "0",
  };
}

/** A new folder with a migrated, seeded database. */
export function preparedFolder(): string {
  const dir = mkdtempSync(path.join(os.tmpdir(), "storyshare-faults-"));
  mkdirSync(path.join(dir, "media"), { recursive: true });
  execFileSync("node_modules/.bin/tsx", ["db/setup.ts"], {
    env: environment(dir),
    stdio: ["ignore", "ignore", "inherit"],
  });
  return dir;
}

/**
 * A port the system says is free. Its ephemeral ports are all above those that fetch refuses
 * outright ("bad port", e.g. 3659): a port picked from a fixed range once hit one of those, and
 * the server that was listening there looked as if it never started.
 */
function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.once("error", reject);
    probe.listen(0, () => {
      const { port } = probe.address() as AddressInfo;
      probe.close(() => resolve(port));
    });
  });
}

function portFree(port: number): Promise<void> {
  return new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.once("error", () => reject(new Error(`port ${port} is in use`)));
    probe.listen(port, () => probe.close(() => resolve()));
  });
}

export interface Server {
  url: string;
  child: ChildProcess;
  /** What the server has written to stdout so far (its log; the front's ready line). */
  stdout(): string;
  stop(signal?: NodeJS.Signals): Promise<void>;
}

/**
 * The server as `npm start` runs it: the front (build/front.mjs, decisions 037 and 069) with `workers`
 * remix-serve processes behind it; or, with `workers: 0`, one bare remix-serve.
 */
export interface ServerOptions {
  workers?: number;
  /** Called with the port before the server starts (for settings that name the origin). */
  env?: (port: number) => Record<string, string>;
  /** A fixed port (a run confined to a range of ports); else one the system says is free. */
  port?: number;
}

export async function startServer(
  dir: string,
  dbDir = dir,
  extra: Record<string, string> = {},
  options: ServerOptions = {},
): Promise<Server> {
  // A fixed port must be free: a server left there by a run cut short would answer the checks.
  if (options.port !== undefined) await portFree(options.port);
  const port = options.port ?? (await freePort());
  const workers = options.workers ?? 2;
  const command =
    workers > 0 ? frontCommand() : ["node_modules/.bin/remix-serve", "build/server/index.js"];
  const env = {
    ...environment(dir, dbDir, port),
    WEB_CONCURRENCY: String(workers),
    TRUST_PROXY: "true",
    ...options.env?.(port),
    ...extra,
  };
  const child = spawn(process.execPath, command, {
    env: workers > 0 ? frontEnv(env) : env,
    stdio: ["ignore", "pipe", "inherit"],
  });
  let written = "";
  // Read to the end, kept bounded: an unread pipe would stop the server once its buffer is full.
  child.stdout?.on("data", (chunk: Buffer) => {
    if (written.length < 256 * 1024) written += chunk.toString("utf8");
  });
  const url = `http://localhost:${port}`;
  let last = "no answer yet";
  for (let i = 0; ; i++) {
    if (child.exitCode !== null || child.signalCode !== null)
      throw new Error(`the server exited at start (${child.exitCode ?? child.signalCode})`);
    try {
      const res = await fetch(`${url}/healthz`);
      if (res.ok) break;
      last = `status ${res.status}`;
    } catch (error) {
      last = String((error as Error).cause ?? error);
    }
    if (i > 600) {
      child.kill("SIGKILL");
      throw new Error(`the server on port ${port} did not start in 60 s (last: ${last})`);
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  return {
    url,
    child,
    stdout: () => written,
    stop: (signal = "SIGTERM") =>
      new Promise<void>((resolve) => {
        if (child.exitCode !== null || child.signalCode !== null) return resolve();
        // kill -9 of the whole server: its workers die at the same instant as the front.
        const pids = signal === "SIGKILL" ? workerPidsOf(child.pid) : [];
        child.once("exit", () => resolve());
        for (const pid of pids) process.kill(pid, "SIGKILL");
        child.kill(signal);
      }),
  };
}

/** The front's workers (its child processes), for tests that kill one. */
export function workerPids(server: Server): number[] {
  return workerPidsOf(server.child.pid);
}

function workerPidsOf(pid: number | undefined): number[] {
  if (!pid) return [];
  try {
    return execFileSync("pgrep", ["-P", String(pid)], { encoding: "utf8" })
      .split("\n")
      .filter(Boolean)
      .map(Number);
  } catch {
    return [];
  }
}

export function openDatabase(dbDir: string): Client {
  // Waits for the servers' writes (every worker's message sender writes too) as the app does.
  return createClient({ url: `file:${path.join(dbDir, "app.db")}`, timeout: 10_000 });
}

/** What every fault test checks at its end: the file is sound, the money and the counts add up. */
export async function databaseProblems(db: Client): Promise<string[]> {
  const problems: string[] = [];
  const integrity = await db.execute("PRAGMA integrity_check");
  if (String(integrity.rows[0]?.[0]) !== "ok")
    problems.push(`integrity: ${integrity.rows[0]?.[0]}`);
  const foreign = await db.execute("PRAGMA foreign_key_check");
  if (foreign.rows.length) problems.push(`foreign keys: ${foreign.rows.length} broken`);
  const totals = await db.execute(POOL_TOTALS_WRONG);
  for (const row of totals.rows) {
    problems.push(`pool ${row.id}: total ${row.current_amount} but verified ${row.verified}`);
  }
  const counts = await db.execute(STORY_COUNTS_WRONG);
  for (const row of counts.rows) {
    problems.push(`${row.status} stories: ${row.real}, but story_counts says ${row.kept}`);
  }
  const gifts = await db.execute(DONATION_TOTALS_WRONG);
  for (const row of gifts.rows) {
    problems.push(
      `${row.status} gifts: ${row.real} (${row.real_amount}), but donation_totals says ${row.kept} (${row.kept_amount})`,
    );
  }
  const days = await db.execute(POOL_DAYS_WRONG);
  for (const row of days.rows) {
    problems.push(
      `pool ${row.pool_id} on ${row.day}: ${row.side} has ${row.verified} verified, ${row.pending} pending`,
    );
  }
  return problems;
}

export async function client(baseURL: string) {
  return playwrightRequest.newContext({ baseURL });
}

/**
 * A client address of its own for request i, as a trusted proxy would name it: the front runs
 * here with TRUST_PROXY (as behind nginx), so the per-address limits do not stop a load test.
 */
export const from = (i: number) => ({
  "x-forwarded-for": `10.${(i >> 16) & 255}.${(i >> 8) & 255}.${i & 255}`,
});

export const pledge = (reference: string, i: number) => ({
  donor_name: "Ачаалал Шалгагч",
  // A phone of its own: the per-phone limit is not what these tests are about.
  phone_number: `88${String(i % 1_000_000).padStart(6, "0")}`,
  amount: 1_000 + (i % 50) * 100,
  transaction_reference: reference,
});

export async function activePool(db: Client): Promise<number> {
  const row = await db.execute("SELECT id FROM donation_pools WHERE status = 'active' LIMIT 1");
  return Number(row.rows[0]?.[0]);
}

export interface HangingSmsGateway {
  /** SMS_GATEWAY_URL for the server under test. */
  env: { SMS_GATEWAY_URL: string };
  /** Requests held unanswered while the gateway hangs. */
  held: http.ServerResponse[];
  /** Messages answered once it stopped hanging. */
  delivered: { to: string; text: string }[];
  /** Drop the held requests (as a killed server's would be) and answer every later one. */
  stopHanging(): void;
  close(): void;
}

/**
 * An SMS gateway that holds every request until told to stop, so a test can kill a server while
 * its sender is waiting on a message, then restart it against a gateway that answers.
 */
export async function startHangingSmsGateway(): Promise<HangingSmsGateway> {
  let hang = true;
  const held: http.ServerResponse[] = [];
  const delivered: { to: string; text: string }[] = [];
  const gateway = http.createServer((req, res) => {
    let body = "";
    req.on("data", (chunk) => {
      body += chunk;
    });
    req.on("end", () => {
      if (hang) {
        held.push(res);
        return;
      }
      delivered.push(JSON.parse(body));
      res.writeHead(200).end();
    });
  });
  await new Promise<void>((resolve) => gateway.listen(0, "127.0.0.1", resolve));
  const { port } = gateway.address() as AddressInfo;
  return {
    env: { SMS_GATEWAY_URL: `http://127.0.0.1:${port}/sms` },
    held,
    delivered,
    stopHanging() {
      hang = false;
      for (const res of held) res.destroy();
    },
    close() {
      gateway.close();
    },
  };
}
