import { readFileSync } from "node:fs";
import http from "node:http";
import path from "node:path";
import { expect, test } from "@playwright/test";
import { baseURL, E2E_DIR } from "../../playwright.config";
import { newUser, SESSION_COOKIE, sessionOf } from "./helpers";

/**
 * Issue 23, item 1: a body is counted while it streams and refused at its route's limit with a
 * 413, with or without a Content-Length; the server never holds an oversized body.
 */

const MB = 1024 * 1024;

/** The shared test server's resident memory (tests/e2e/serve.mjs writes its pid). */
function serverRssMb(): number {
  const pid = readFileSync(path.join(E2E_DIR, "server.pid"), "utf8").trim();
  const status = readFileSync(`/proc/${pid}/status`, "utf8");
  return Number(/VmRSS:\s+(\d+) kB/.exec(status)![1]) / 1024;
}

/**
 * POSTs `total` bytes with Transfer-Encoding: chunked (no Content-Length), as fast as the server
 * takes them, until it answers; resolves with the status and how much was sent by then.
 */
function streamOnce(
  pathname: string,
  contentType: string,
  total: number,
  headers: Record<string, string> = {},
  prefix = "",
): Promise<{ status: number; sent: number; body: string }> {
  const url = new URL(pathname, baseURL);
  const chunk = Buffer.alloc(64 * 1024, "a");
  return new Promise((resolve, reject) => {
    let sent = 0;
    let answered = false;
    const req = http.request(
      url,
      { method: "POST", headers: { "content-type": contentType, ...headers } },
      (res) => {
        answered = true;
        let body = "";
        res.setEncoding("utf8");
        res.on("data", (d: string) => {
          body += d;
        });
        res.on("end", () => {
          req.destroy();
          resolve({ status: res.statusCode ?? 0, sent, body });
        });
      },
    );
    req.on("error", (error) => {
      if (!answered) reject(error);
    });
    if (prefix) sent += Buffer.byteLength(prefix);
    if (prefix) req.write(prefix);
    const write = () => {
      while (!answered && sent < total) {
        sent += chunk.length;
        if (!req.write(chunk)) return void req.once("drain", write);
      }
      if (!answered) req.end();
    };
    write();
  });
}

/**
 * The server answers 413 and closes while the client is still writing: the client's next write
 * may then fail (EPIPE, ECONNRESET) before it has read the answer, and the kernel drops the
 * answer with the reset. That is the client's race, not the server's refusal, so it is tried
 * again (at most three times).
 */
async function streamChunked(...args: Parameters<typeof streamOnce>) {
  for (let attempt = 1; ; attempt++) {
    try {
      return await streamOnce(...args);
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code;
      if (attempt >= 3 || (code !== "EPIPE" && code !== "ECONNRESET")) throw error;
    }
  }
}

test.describe.configure({ mode: "serial" });

test("chunked bodies far over each limit get a 413 and do not fill the server's memory", async () => {
  const { api } = await newUser("bodies");
  const cookie = `${SESSION_COOKIE}=${(await sessionOf(api))!.value}`;
  const boundary = "----storyshare";
  const before = serverRssMb();
  const results = await Promise.all([
    streamChunked("/login?lng=en", "application/x-www-form-urlencoded", 50 * MB),
    streamChunked("/api/register?lng=en", "application/json", 50 * MB),
    streamChunked("/resources/theme?lng=en", "application/x-www-form-urlencoded", 50 * MB),
    // A well-formed start: an image field whose file never ends.
    streamChunked(
      "/post-story?lng=en",
      `multipart/form-data; boundary=${boundary}`,
      100 * MB,
      { cookie },
      `--${boundary}\r\nContent-Disposition: form-data; name="image"; filename="a.png"\r\nContent-Type: image/png\r\n\r\n`,
    ),
  ]);
  const after = serverRssMb();
  for (const result of results) {
    expect(result.status).toBe(413);
    expect(result.body).toContain("The request is too large.");
  }
  // Each read stops at its limit (512 KB, 64 KB, 512 KB, 64 MB), not at the 250 MB offered.
  expect(results[0]!.sent).toBeLessThan(10 * MB);
  expect(results[1]!.sent).toBeLessThan(10 * MB);
  expect(results[2]!.sent).toBeLessThan(10 * MB);
  expect(results[3]!.sent).toBeLessThan(90 * MB);
  // The image's route may hold up to its 64 MB limit, and the collector frees on its own
  // schedule: the same run has measured −39 MB and +93 MB. A server that kept what it was
  // offered would grow by 250 MB.
  expect(after - before).toBeLessThan(150);
});

test("a declared Content-Length over the limit is refused before reading", async () => {
  const res = await fetch(new URL("/api/login?lng=en", baseURL), {
    method: "POST",
    headers: { "content-type": "application/json", "content-length": String(2 * MB) },
    body: "x".repeat(2 * MB),
  });
  expect(res.status).toBe(413);
  expect(await res.json()).toEqual({ error: "The request is too large." });
});

test("bodies within their limits are read as before", async () => {
  const res = await fetch(new URL("/api/login?lng=en", baseURL), {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ username: "nobody-here", password: "x".repeat(100) }),
  });
  expect(res.status).toBe(401);
});
