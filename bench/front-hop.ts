/**
 * What the front's hop to a worker costs (decision 046; issue 45 asks where a member's millisecond
 * goes): wrk against a stand-in worker directly, then through the front's proxy (in a process of
 * its own, as `npm start` runs it), for an answer the size of a member's compressed home page.
 * The stand-in answers from memory, so the difference is the hop alone: the front's parsing,
 * undici's request to the worker, and relaying the answer.
 *
 *   npx tsx bench/front-hop.ts            # prints a table
 *   FRONT_HOP_PROXY=./x.ts npx tsx …      # another proxy module exporting createProxy (A/B runs)
 */
import { type ChildProcess, fork } from "node:child_process";
import { randomBytes } from "node:crypto";
import http from "node:http";
import type { AddressInfo } from "node:net";
import { gzipSync } from "node:zlib";
import { wrk } from "./wrk";

/** About what a member's home page weighs compressed (20 KB): text, and bytes that do not shrink. */
const BODY = gzipSync(
  Buffer.from(
    `<!doctype html><p>${"member page ".repeat(6_000)}</p><p>${randomBytes(14_000).toString("base64")}</p>`,
  ),
);

const role = process.argv[2];

if (role === "worker") {
  const server = http.createServer((_req, res) => {
    res.writeHead(200, {
      "content-type": "text/html; charset=utf-8",
      "content-encoding": "gzip",
      "content-length": BODY.length,
      "cache-control": "private, no-cache",
      vary: "Cookie, Accept-Encoding",
    });
    res.end(BODY);
  });
  server.keepAliveTimeout = 5_000;
  server.listen(0, "127.0.0.1", () => {
    process.send?.((server.address() as AddressInfo).port);
  });
} else if (role === "front") {
  const workerPort = Number(process.argv[3]);
  const modulePath = process.env.FRONT_HOP_PROXY ?? "../server/front/proxy.ts";
  const { createProxy } = (await import(modulePath)) as typeof import("../server/front/proxy");
  const { workerClient } = await import("../server/front/workers");
  const worker = {
    id: 1,
    port: workerPort,
    client: workerClient(workerPort),
    // For a proxy module of before decision 046, which used node:http's agent.
    agent: new http.Agent({
      keepAlive: true,
      maxSockets: Number.POSITIVE_INFINITY,
      timeout: 2_000,
    }),
    inflight: 0,
    state: "ready",
  };
  const pool = { pickOrWait: async () => worker, pick: () => worker };
  const proxy = createProxy({ pool: pool as never, cache: null, trustProxy: false, log: () => {} });
  const server = http.createServer(proxy.handler);
  server.keepAliveTimeout = 65_000;
  server.listen(0, "127.0.0.1", () => {
    process.send?.((server.address() as AddressInfo).port);
  });
} else {
  const start = (args: string[]) =>
    new Promise<{ child: ChildProcess; port: number }>((resolve) => {
      const child = fork(import.meta.filename, args, { execArgv: ["--import", "tsx"] });
      child.once("message", (port) => resolve({ child, port: Number(port) }));
    });
  const worker = await start(["worker"]);
  const front = await start(["front", String(worker.port)]);
  const options = {
    connections: 32,
    durationSeconds: Number(process.env.FRONT_HOP_SECONDS ?? 10),
    headers: {
      cookie: "storyshare_session=member",
      "accept-encoding": "gzip",
      accept: "text/html",
    },
  };
  // A warm-up of each, then the runs in turn.
  await wrk("warm", `http://127.0.0.1:${worker.port}/`, { ...options, durationSeconds: 2 });
  await wrk("warm", `http://127.0.0.1:${front.port}/`, { ...options, durationSeconds: 2 });
  const rows = [];
  for (let round = 0; round < 2; round++) {
    rows.push(await wrk("worker directly", `http://127.0.0.1:${worker.port}/`, options));
    rows.push(await wrk("through the front", `http://127.0.0.1:${front.port}/`, options));
  }
  console.log(`| run | req/s | p50 ms | p99 ms | non-2xx | errors |`);
  console.log(`| --- | --- | --- | --- | --- | --- |`);
  for (const r of rows)
    console.log(
      `| ${r.name} | ${r.requestsPerSecond} | ${r.p50} | ${r.p99} | ${r.non2xx} | ${r.errors} |`,
    );
  worker.child.kill();
  front.child.kill();
}
