import http from "node:http";
import net, { type AddressInfo } from "node:net";
import { setTimeout as sleep } from "node:timers/promises";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createProxy } from "../../server/front/proxy";
import { standInPool } from "./front-stand-in";

/**
 * Issue 38, item 3: a request the front forwards dies with its client. A body that stalls is given
 * up after the front's idle time (not the worker's 300 s), and a worker is never handed more
 * requests at once than its cap: beyond it the front answers 503 at once.
 */

let started = 0;
let aborted = 0;
const held: http.ServerResponse[] = [];

const origin = http.createServer((req, res) => {
  started += 1;
  req.on("aborted", () => {
    aborted += 1;
  });
  if (req.url === "/hold") {
    held.push(res);
    return;
  }
  req.resume();
  req.on("end", () => res.end("ok"));
});

let front: http.Server;
let port: number;

beforeAll(async () => {
  await new Promise<void>((r) => origin.listen(0, "127.0.0.1", r));
  const pool = standInPool((origin.address() as AddressInfo).port);
  const proxy = createProxy({
    pool,
    cache: null,
    trustProxy: false,
    log: () => {},
    bodyIdleMs: 300,
    maxInflightPerWorker: 3,
  });
  front = http.createServer(proxy.handler);
  await new Promise<void>((r) => front.listen(0, "127.0.0.1", r));
  port = (front.address() as AddressInfo).port;
});

afterAll(async () => {
  for (const res of held) res.destroy();
  front.closeAllConnections();
  origin.closeAllConnections();
  await new Promise((r) => front.close(r));
  await new Promise((r) => origin.close(r));
});

function status(path: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const req = http.get({ host: "127.0.0.1", port, path, agent: false }, (res) => {
      res.resume();
      resolve(res.statusCode ?? 0);
    });
    req.on("error", reject);
  });
}

describe("the front's limits (issue 38, item 3)", () => {
  it("gives up a request whose body stalls, upstream too, and lets go of the client", async () => {
    const before = { started, aborted };
    const sockets = Array.from({ length: 3 }, () => net.connect(port, "127.0.0.1"));
    const closed = sockets.map((s) => new Promise((r) => s.once("close", r)));
    for (const socket of sockets) {
      socket.on("error", () => {});
      socket.resume();
      socket.write(
        "POST /form HTTP/1.1\r\nHost: x\r\nContent-Type: text/plain\r\nContent-Length: 1000\r\n\r\n0123456789",
      );
    }
    await sleep(100);
    expect(started - before.started).toBe(3);
    // The clients stay connected and silent; the front lets them go after its idle time.
    await Promise.race([
      Promise.all(closed),
      sleep(3_000).then(() => {
        throw new Error("the front held the stalled requests");
      }),
    ]);
    await sleep(50);
    expect(aborted - before.aborted).toBe(3);
  });

  it("answers 503 beyond a worker's cap of requests in flight, and serves again once they end", async () => {
    const holding = Array.from({ length: 3 }, () => status("/hold"));
    for (let i = 0; i < 50 && held.length < 3; i++) await sleep(20);
    expect(held).toHaveLength(3);
    expect(await status("/more")).toBe(503);
    for (const res of held.splice(0)) res.end("done");
    expect(await Promise.all(holding)).toEqual([200, 200, 200]);
    expect(await status("/more")).toBe(200);
  });
});
