import http from "node:http";
import net, { type AddressInfo } from "node:net";
import { setTimeout as sleep } from "node:timers/promises";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { createProxy } from "../../server/front/proxy";
import { standInPool } from "./front-stand-in";

/**
 * Issue 38, item 1: the front decides a request's framing once, and nothing a client sends
 * survives as a request of its own at the worker. Every case is written as an attacker writes it,
 * on a raw socket, against the real proxy in front of a real HTTP server (Node's, as remix-serve's
 * is); the server logs every request it parses, so a smuggled one shows up by its path.
 */

interface Seen {
  method: string;
  url: string;
  body: string;
  forwardedFor: string | undefined;
  aborted: boolean;
}
const seen: Seen[] = [];
/** Sockets the worker's server accepted: a reused connection is one socket serving several requests. */
let upstreamSockets = 0;
let slowAnswers: http.ServerResponse[] = [];

const origin = http.createServer((req, res) => {
  const entry: Seen = {
    method: req.method ?? "",
    url: req.url ?? "",
    body: "",
    forwardedFor: req.headers["x-forwarded-for"] as string | undefined,
    aborted: false,
  };
  seen.push(entry);
  req.on("data", (chunk: Buffer) => {
    entry.body += chunk.toString("latin1");
  });
  req.on("aborted", () => {
    entry.aborted = true;
  });
  req.on("end", () => {
    if (req.url === "/slow") {
      res.writeHead(200, { "content-type": "text/plain" });
      res.write("begun ");
      slowAnswers.push(res);
      return;
    }
    const text = `page ${req.method} ${req.url} body=${entry.body}`;
    res.writeHead(200, {
      "content-type": "text/plain; charset=utf-8",
      "content-length": Buffer.byteLength(text),
      "cache-control": "private, no-cache",
    });
    res.end(text);
  });
});
origin.on("connection", () => {
  upstreamSockets += 1;
});

let front: http.Server;
let port: number;

beforeAll(async () => {
  await new Promise<void>((r) => origin.listen(0, "127.0.0.1", r));
  const pool = standInPool((origin.address() as AddressInfo).port);
  const proxy = createProxy({ pool, cache: null, trustProxy: false, log: () => {} });
  front = http.createServer(proxy.handler);
  await new Promise<void>((r) => front.listen(0, "127.0.0.1", r));
  port = (front.address() as AddressInfo).port;
});

afterAll(async () => {
  front.closeAllConnections();
  origin.closeAllConnections();
  await new Promise((r) => front.close(r));
  await new Promise((r) => origin.close(r));
});

beforeEach(() => {
  seen.length = 0;
  for (const res of slowAnswers) res.destroy();
  slowAnswers = [];
});

/** Writes raw bytes on a new connection and reads until the server closes it or goes quiet. */
function raw(bytes: string, quietMs = 300): Promise<string> {
  return new Promise((resolve) => {
    const socket = net.connect(port, "127.0.0.1");
    let got = "";
    let timer: NodeJS.Timeout;
    const done = () => {
      clearTimeout(timer);
      socket.destroy();
      resolve(got);
    };
    const quiet = () => {
      clearTimeout(timer);
      timer = setTimeout(done, quietMs);
    };
    socket.on("data", (chunk) => {
      got += chunk.toString("latin1");
      quiet();
    });
    socket.on("close", done);
    socket.on("error", done);
    socket.write(bytes, "latin1");
    quiet();
  });
}

const statuses = (answer: string) =>
  [...answer.matchAll(/HTTP\/1\.1 (\d{3})/g)].map((m) => Number(m[1]));

/** An ordinary visitor's request through the front, on a connection of its own. */
function visit(path: string): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const req = http.get({ host: "127.0.0.1", port, path, agent: false }, (res) => {
      let body = "";
      res.setEncoding("utf8");
      res.on("data", (c: string) => {
        body += c;
      });
      res.on("end", () => resolve({ status: res.statusCode ?? 0, body }));
    });
    req.on("error", reject);
  });
}

const SMUGGLED = "GET /smuggled HTTP/1.1\r\nHost: x\r\nX-Forwarded-For: 6.6.6.6\r\n\r\n";

/** After an attack: the innocent visitors get their own pages, and no smuggled request was parsed. */
async function nothingSurvived() {
  const visits = await Promise.all(Array.from({ length: 6 }, (_, i) => visit(`/innocent/${i}`)));
  visits.forEach((v, i) => {
    expect(v.status).toBe(200);
    expect(v.body).toBe(`page GET /innocent/${i} body=`);
  });
  expect(seen.map((s) => s.url)).not.toContain("/smuggled");
  expect(seen.some((s) => s.forwardedFor?.includes("6.6.6.6"))).toBe(false);
}

describe("the front's framing (issue 38, item 1)", () => {
  for (const method of ["GET", "HEAD", "OPTIONS"]) {
    it(`refuses a ${method} that carries a body, and nothing of it reaches a worker`, async () => {
      const answer = await raw(
        `${method} /a HTTP/1.1\r\nHost: x\r\nContent-Length: ${SMUGGLED.length}\r\n\r\n${SMUGGLED}`,
      );
      expect(statuses(answer)[0]).toBe(400);
      await nothingSurvived();
    });

    it(`refuses a chunked ${method}`, async () => {
      const answer = await raw(
        `${method} /a HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: chunked\r\n\r\n${SMUGGLED.length.toString(16)}\r\n${SMUGGLED}\r\n0\r\n\r\n`,
      );
      expect(statuses(answer)[0]).toBe(400);
      await nothingSurvived();
    });
  }

  it("passes a GET with Content-Length: 0 as any GET", async () => {
    const answer = await raw("GET /zero HTTP/1.1\r\nHost: x\r\nContent-Length: 0\r\n\r\n");
    expect(statuses(answer)).toEqual([200]);
    expect(answer).toContain("page GET /zero body=");
    await nothingSurvived();
  });

  it("refuses Content-Length beside Transfer-Encoding, duplicate lengths and disguised encodings", async () => {
    const attacks = [
      `POST /a HTTP/1.1\r\nHost: x\r\nContent-Length: 4\r\nTransfer-Encoding: chunked\r\n\r\n0\r\n\r\n${SMUGGLED}`,
      `POST /a HTTP/1.1\r\nHost: x\r\nContent-Length: 0\r\nContent-Length: ${SMUGGLED.length}\r\n\r\n${SMUGGLED}`,
      `POST /a HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: xchunked\r\n\r\n${SMUGGLED}`,
      `POST /a HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: chunked, identity\r\n\r\n${SMUGGLED}`,
      `POST /a HTTP/1.1\r\nHost: x\r\nTransfer-Encoding : chunked\r\n\r\n0\r\n\r\n${SMUGGLED}`,
      `POST /a HTTP/1.1\r\nHost: x\r\nTransfer-Encoding:\tchunked\r\nContent-Length: 3\r\n\r\n0\r\n\r\n${SMUGGLED}`,
    ];
    for (const attack of attacks) {
      const answer = await raw(attack);
      expect(statuses(answer)[0], attack).toBe(400);
    }
    await nothingSurvived();
  });

  it("forwards a chunked body with extensions as exactly its bytes", async () => {
    const answer = await raw(
      `POST /chunked HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: chunked\r\nContent-Type: text/plain\r\n\r\n5;ext="a"\r\nhello\r\n6;x=y\r\n world\r\n0\r\n\r\n`,
    );
    expect(statuses(answer)).toEqual([200]);
    expect(answer).toContain("page POST /chunked body=hello world");
    await nothingSurvived();
  });

  it("answers pipelined requests in order, each with its own body, and a request hidden in a body stays body", async () => {
    const body = SMUGGLED;
    const answer = await raw(
      `POST /first HTTP/1.1\r\nHost: x\r\nContent-Type: text/plain\r\nContent-Length: ${body.length}\r\n\r\n${body}GET /second HTTP/1.1\r\nHost: x\r\n\r\n`,
      600,
    );
    expect(statuses(answer)).toEqual([200, 200]);
    expect(answer.indexOf("page POST /first body=GET /smuggled")).toBeGreaterThan(0);
    expect(answer.indexOf("page GET /second")).toBeGreaterThan(answer.indexOf("page POST /first"));
    await nothingSurvived();
  });

  it("normalises an absolute-form request target instead of failing", async () => {
    const answer = await raw("GET http://example.org/abs?q=1 HTTP/1.1\r\nHost: x\r\n\r\n");
    expect(statuses(answer)).toEqual([200]);
    expect(answer).toContain("page GET /abs?q=1 body=");
    const odd = await raw("GET * HTTP/1.1\r\nHost: x\r\n\r\n");
    expect(statuses(odd)[0]).toBe(400);
    await nothingSurvived();
  });

  it("never reuses an upstream connection whose request body was cut short", async () => {
    const socket = net.connect(port, "127.0.0.1");
    await new Promise((r) => socket.once("connect", r));
    socket.write(
      `POST /cut HTTP/1.1\r\nHost: x\r\nContent-Type: text/plain\r\nContent-Length: 1000\r\n\r\n${SMUGGLED}`,
    );
    await sleep(150);
    socket.destroy();
    await sleep(150);
    const cut = seen.find((s) => s.url === "/cut");
    expect(cut?.aborted).toBe(true);
    await nothingSurvived();
  });

  it("lets go of a slow answer, and its connection, when the client leaves", async () => {
    const before = upstreamSockets;
    const socket = net.connect(port, "127.0.0.1");
    await new Promise((r) => socket.once("connect", r));
    socket.write("GET /slow HTTP/1.1\r\nHost: x\r\n\r\n");
    await new Promise((r) => socket.once("data", r));
    expect(slowAnswers).toHaveLength(1);
    const upstream = slowAnswers[0]!;
    const closed = new Promise((r) => upstream.once("close", r));
    socket.destroy();
    await closed;
    expect(upstream.writableFinished).toBe(false);
    // The next requests do not land on the half-answered connection.
    await nothingSurvived();
    expect(upstreamSockets).toBeGreaterThan(before);
  });

  it("never lets a client's X-Forwarded-For through", async () => {
    const answer = await raw(
      "GET /xff HTTP/1.1\r\nHost: x\r\nX-Forwarded-For: 6.6.6.6\r\nX-Forwarded-For: 7.7.7.7\r\n\r\n",
    );
    expect(statuses(answer)).toEqual([200]);
    expect(seen.find((s) => s.url === "/xff")?.forwardedFor).toBe("127.0.0.1");
  });
});
