import { randomBytes } from "node:crypto";
import http from "node:http";
import os from "node:os";
import { PageCache } from "./front/page-cache";
import { createProxy } from "./front/proxy";
import { createReadCounter } from "./front/reads";
import { WorkerPool } from "./front/workers";

/**
 * `npm start`'s server (decision 037): listens on PORT, runs WEB_CONCURRENCY remix-serve workers
 * (default: one per core) on loopback ports, answers shared pages from its cache and streams
 * everything else to the least busy worker. SIGHUP replaces the workers one by one; SIGTERM and
 * SIGINT stop taking connections, finish what is in flight and stop the workers. Both end by one
 * deadline counted from the signal (FRONT_SHUTDOWN_MS, 30 s), whatever a slow client does.
 */

const env = process.env;
const logLevel = env.LOG_LEVEL ?? "info";
const log = (event: string, fields: Record<string, unknown> = {}) => {
  if (logLevel === "silent") return;
  process.stderr.write(
    `${JSON.stringify({ time: new Date().toISOString(), level: "warn", event, ...fields })}\n`,
  );
};

const size = Number(env.WEB_CONCURRENCY) || os.availableParallelism();
const cacheMb = env.FRONT_CACHE_MB === undefined ? 64 : Number(env.FRONT_CACHE_MB);
const port = Number(env.PORT ?? 3000);
const trustProxy = env.TRUST_PROXY === "true" || env.TRUST_PROXY === "1";
const shutdownMs = Number(env.FRONT_SHUTDOWN_MS) || 30_000;
// New each boot: only this front can name the client to its workers (decision 046).
const frontSecret = randomBytes(32).toString("base64url");

const pool = new WorkerPool({ size, env, accessLog: logLevel === "debug", frontSecret, log });
// Reads are counted here, where every request passes, cache hits too (decision 061).
const reads = createReadCounter({ pool, frontSecret, trustProxy, log });
const cache = cacheMb > 0 ? new PageCache({ maxBytes: cacheMb * 1024 * 1024 }) : null;
const proxy = createProxy({
  pool,
  cache,
  trustProxy,
  frontSecret,
  log,
  bodyIdleMs: Number(env.FRONT_BODY_IDLE_MS) || 15_000,
  maxInflightPerWorker: Number(env.FRONT_MAX_INFLIGHT) || 256,
  reads,
});
const server = http.createServer(
  {
    // A client has 20 s to send its headers, and 10 minutes for a whole request (a 64 MB video
    // on a slow line); a body that stalls for 15 s is given up sooner by the proxy.
    headersTimeout: 20_000,
    requestTimeout: Number(env.FRONT_REQUEST_MS) || 600_000,
    connectionsCheckingInterval: 1_000,
  },
  proxy.handler,
);
// Longer than a proxy's idle keep-alive in front of us, so it never reuses a closed connection.
server.keepAliveTimeout = 65_000;

try {
  await pool.start();
} catch (error) {
  log("front.start_failed", { message: (error as Error).message });
  await pool.stop(Date.now() + 1_000);
  process.exit(1);
}
server.listen(port, env.HOST, () => {
  if (logLevel !== "silent" && logLevel !== "error" && logLevel !== "warn") {
    process.stdout.write(
      `${JSON.stringify({ time: new Date().toISOString(), level: "info", event: "front.listening", port, workers: size, cacheMb })}\n`,
    );
  }
  // One line a person reads, with the address to open (issue 41): the JSON above is for machines.
  if (logLevel !== "silent") {
    const host = !env.HOST || env.HOST === "0.0.0.0" || env.HOST === "::" ? "localhost" : env.HOST;
    process.stdout.write(`StoryShare is ready at http://${host}:${port}\n`);
  }
});

let restarting = false;
process.on("SIGHUP", () => {
  if (restarting) return;
  restarting = true;
  pool.restart(shutdownMs).finally(() => {
    restarting = false;
  });
});

// What the front holds (issue 45 item 6, decision 069): resident memory cannot show the cache's
// bound (the allocator keeps what was freed), so the cache's own count is logged beside it.
process.on("SIGUSR2", () => {
  const { rss, heapTotal, heapUsed, external, arrayBuffers } = process.memoryUsage();
  process.stderr.write(
    `${JSON.stringify({
      time: new Date().toISOString(),
      level: "info",
      event: "front.memory",
      ...(cache?.stats() ?? { cacheBytes: 0, cacheEntries: 0, maxBytes: 0 }),
      rss,
      heapTotal,
      heapUsed,
      external,
      arrayBuffers,
    })}\n`,
  );
});

let stopping = false;
async function shutdown() {
  if (stopping) return;
  stopping = true;
  const deadline = Date.now() + shutdownMs;
  server.close();
  server.closeIdleConnections();
  while (proxy.inflight() > 0 && Date.now() < deadline) {
    await new Promise((r) => setTimeout(r, 20));
    server.closeIdleConnections();
  }
  // What is still in flight at the deadline is cut, so the workers may go at once.
  proxy.abortAll();
  server.closeAllConnections();
  // The reads noted last go to a worker while one is still there to write them.
  await reads.stop();
  await pool.stop(Date.now() + 1_000);
  process.exit(0);
}
process.on("SIGTERM", shutdown);
process.on("SIGINT", shutdown);
