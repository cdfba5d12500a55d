import http from "node:http";
import type { AddressInfo } from "node:net";
import zlib from "node:zlib";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { buildEntry, chooseEncoding, PageCache } from "../../server/front/page-cache";
import { createProxy } from "../../server/front/proxy";
import { standInPool } from "./front-stand-in";

/**
 * Decision 037: the front's cache, between a stand-in worker and real HTTP requests. Each path of
 * the stand-in answers the way the app does for one kind of page, and counts its renders.
 */

const SHARED = "public, max-age=0, s-maxage=10";
const renders = new Map<string, number>();
let seenForwardedFor: string | undefined;
let seenEncoding: string | undefined;

const origin = http.createServer((req, res) => {
  const path = req.url ?? "/";
  const n = (renders.get(path) ?? 0) + 1;
  renders.set(path, n);
  seenForwardedFor = req.headers["x-forwarded-for"] as string | undefined;
  seenEncoding = req.headers["accept-encoding"];
  const body = `<p>${path} render ${n} cookie=${req.headers.cookie ?? ""} lang=${req.headers["accept-language"] ?? ""} ${"x".repeat(2000)}</p>`;
  const headers: http.OutgoingHttpHeaders = {
    "content-type": "text/html; charset=utf-8",
    vary: "Cookie",
  };
  const anonymous = !/(^|;\s*)(?!lng=|storyshare-theme=)[^=;\s]+=/.test(req.headers.cookie ?? "");
  if (req.method === "POST") {
    // The app names what a write changed (decision 046); the test says what it should name.
    const purge = req.headers["x-test-purge"];
    res.writeHead(200, {
      "content-type": "application/json",
      ...(purge ? { "x-cache-purge": purge } : {}),
    });
    return res.end("{}");
  }
  if (path.startsWith("/api")) headers.vary = "Cookie, Accept-Language";
  if (path === "/private" || !anonymous) headers["cache-control"] = "private, no-cache";
  else headers["cache-control"] = SHARED;
  if (path === "/set-cookie") headers["set-cookie"] = "a=1";
  if (path === "/headers") {
    headers["x-frame-options"] = "DENY";
    headers["cross-origin-opener-policy"] = "same-origin";
    headers["content-security-policy"] = "default-src 'self'; script-src 'self' 'nonce-abc'";
    headers.link = ["</a.css>; rel=preload; as=style", "</b.js>; rel=modulepreload"];
  }
  const delay = path === "/slow" ? 150 : 0;
  setTimeout(() => {
    res.writeHead(200, headers);
    res.end(body);
  }, delay);
});

let clock = 1_000_000;
let cache: PageCache;
let front: http.Server;
let base: string;

beforeAll(async () => {
  await new Promise<void>((r) => origin.listen(0, "127.0.0.1", r));
  const pool = standInPool((origin.address() as AddressInfo).port);
  cache = new PageCache({ maxBytes: 1024 * 1024, now: () => clock });
  const proxy = createProxy({ pool, cache, trustProxy: false, log: () => {} });
  front = http.createServer(proxy.handler);
  await new Promise<void>((r) => front.listen(0, "127.0.0.1", r));
  base = `http://127.0.0.1:${(front.address() as AddressInfo).port}`;
});

afterAll(async () => {
  front.closeAllConnections();
  origin.closeAllConnections();
  await new Promise((r) => front.close(r));
  await new Promise((r) => origin.close(r));
});

beforeEach(() => {
  cache.clear();
  clock += 60_000;
});

interface Got {
  status: number;
  headers: http.IncomingHttpHeaders;
  rawHeaders: string[];
  /** Bytes on the wire, before decoding. */
  length: number;
  body: string;
}

function get(path: string, headers: http.OutgoingHttpHeaders = {}, method = "GET") {
  return new Promise<Got>((resolve, reject) => {
    const req = http.request(`${base}${path}`, { method, headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on("data", (c: Buffer) => chunks.push(c));
      res.on("end", () => {
        let raw = Buffer.concat(chunks);
        const length = raw.length;
        // A HEAD answer names its encoding but has nothing to decode.
        const encoding = length ? res.headers["content-encoding"] : undefined;
        if (encoding === "gzip") raw = zlib.gunzipSync(raw);
        if (encoding === "br") raw = zlib.brotliDecompressSync(raw);
        resolve({
          status: res.statusCode ?? 0,
          headers: res.headers,
          rawHeaders: res.rawHeaders,
          length,
          body: raw.toString(),
        });
      });
    });
    req.on("error", reject);
    req.end();
  });
}

const xcache = async (path: string, headers: http.OutgoingHttpHeaders = {}) =>
  (await get(path, headers)).headers["x-cache"];

describe("the front's cache", () => {
  it("stores a shared page at its second miss, then answers without the worker", async () => {
    expect(await xcache("/a")).toBe("MISS");
    expect(await xcache("/a")).toBe("MISS");
    const before = renders.get("/a");
    const hit = await get("/a");
    expect(hit.headers["x-cache"]).toBe("HIT");
    expect(hit.body).toContain("render 2");
    expect(renders.get("/a")).toBe(before);
  });

  it("keeps one copy per language and theme, never another's", async () => {
    for (const cookie of [
      "lng=en",
      "lng=en",
      "lng=mn",
      "lng=mn",
      "lng=en; storyshare-theme=dark",
    ]) {
      await get("/b", { cookie });
    }
    const en = await get("/b", { cookie: "lng=en" });
    const mn = await get("/b", { cookie: "lng=mn" });
    expect(en.headers["x-cache"]).toBe("HIT");
    expect(en.body).toContain("cookie=lng=en ");
    expect(mn.body).toContain("cookie=lng=mn ");
    expect((await get("/b", { cookie: "lng=en; storyshare-theme=dark" })).headers["x-cache"]).toBe(
      "MISS",
    );
  });

  it("never answers a signed-in or just-wrote request from the cache", async () => {
    await get("/c");
    await get("/c");
    expect(await xcache("/c")).toBe("HIT");
    for (const cookie of ["__session=s", "storyshare_fresh=1", "lng=en; storyshare_fresh=1"]) {
      const got = await get("/c", { cookie });
      expect(got.headers["x-cache"]).toBe("MISS");
      expect(got.body).toContain(`cookie=${cookie}`);
    }
    expect((await get("/c", { authorization: "Bearer t" })).headers["x-cache"]).toBe("MISS");
  });

  it("never keeps a private answer or one that sets a cookie", async () => {
    for (const path of ["/private", "/set-cookie"]) {
      for (let i = 0; i < 4; i++) expect(await xcache(path)).toBe("MISS");
    }
    expect(cache.count).toBe(0);
  });

  it("honours Vary: Accept-Language on /api reads", async () => {
    for (const lang of ["en", "en", "mn", "mn"]) await get("/api/x", { "accept-language": lang });
    const en = await get("/api/x", { "accept-language": "en" });
    const mn = await get("/api/x", { "accept-language": "mn" });
    expect([en.headers["x-cache"], mn.headers["x-cache"]]).toEqual(["HIT", "HIT"]);
    expect(en.body).toContain("lang=en");
    expect(mn.body).toContain("lang=mn");
  });

  it("serves an entry for its s-maxage only", async () => {
    await get("/d");
    await get("/d");
    clock += 9_000;
    expect(await xcache("/d")).toBe("HIT");
    clock += 1_001;
    const refill = await get("/d");
    // A page read while it lived is refilled at once, not after another two misses.
    expect(refill.headers["x-cache"]).toBe("MISS");
    expect(refill.body).toContain("render 3");
    expect(await xcache("/d")).toBe("HIT");
  });

  it("past its lifetime, one request fetches a page anew while the others get the kept one", async () => {
    await get("/slow");
    await get("/slow");
    const kept = renders.get("/slow")!;
    clock += 10_001;
    const refill = get("/slow");
    await new Promise((r) => setTimeout(r, 30));
    const meanwhile = await get("/slow");
    expect(meanwhile.headers["x-cache"]).toBe("STALE");
    expect(meanwhile.body).toContain(`render ${kept} `);
    expect((await refill).headers["x-cache"]).toBe("MISS");
    const fresh = await get("/slow");
    expect(fresh.headers["x-cache"]).toBe("HIT");
    expect(fresh.body).toContain(`render ${kept + 1} `);
    // Stale for one lifetime at most: after that, nobody is given it.
    clock += 20_001;
    expect(await xcache("/slow")).toBe("MISS");
  });

  it("answers gzip, brotli or plain as asked, with a strong ETag and 304", async () => {
    await get("/e");
    await get("/e");
    const br = await get("/e", { "accept-encoding": "gzip, deflate, br" });
    const gz = await get("/e", { "accept-encoding": "gzip" });
    const plain = await get("/e");
    expect(br.headers["content-encoding"]).toBe("br");
    expect(gz.headers["content-encoding"]).toBe("gzip");
    expect(plain.headers["content-encoding"]).toBeUndefined();
    expect(br.body).toBe(plain.body);
    expect(gz.body).toBe(plain.body);
    expect(plain.headers.vary).toMatch(/Accept-Encoding/);
    expect(plain.headers.etag).toMatch(/^"[^"]+"$/);
    expect(br.headers.etag).not.toBe(plain.headers.etag);
    const notModified = await get("/e", { "if-none-match": gz.headers.etag! });
    expect(notModified.status).toBe(304);
    expect(notModified.body).toBe("");
    const head = await get("/e", {}, "HEAD");
    expect(head.headers["x-cache"]).toBe("HIT");
    expect(head.body).toBe("");
  });

  it("a hit carries every header the worker sent, one line per value, with its own ETag, length and a counting Age (issue 45)", async () => {
    const gzip = { "accept-encoding": "gzip" };
    await get("/headers", gzip);
    const filled = await get("/headers", gzip);
    const hit = await get("/headers", gzip);
    expect([filled.headers["x-cache"], hit.headers["x-cache"]]).toEqual(["MISS", "HIT"]);
    // What the answer that filled the entry said, the hit says: defences included.
    const except = new Set(["x-cache", "date", "connection", "keep-alive"]);
    const said = (got: Got) => Object.entries(got.headers).filter(([name]) => !except.has(name));
    expect(said(hit)).toEqual(said(filled));
    expect(hit.headers["x-frame-options"]).toBe("DENY");
    expect(hit.headers["cross-origin-opener-policy"]).toBe("same-origin");
    expect(hit.headers["content-security-policy"]).toContain("'nonce-abc'");
    expect(hit.headers.vary).toBe("Cookie, Accept-Encoding");
    expect(
      hit.rawHeaders.filter((_, i) => i % 2 === 0 && hit.rawHeaders[i] === "link"),
    ).toHaveLength(2);
    expect(hit.headers["content-encoding"]).toBe("gzip");
    expect(hit.headers["content-length"]).toBe(String(hit.length));
    expect(hit.headers.age).toBe("0");
    // The same answer three seconds on: its Age says so (the kept list of headers is redone).
    clock += 3_000;
    const later = await get("/headers", gzip);
    expect(later.headers.age).toBe("3");
    expect(later.headers.etag).toBe(hit.headers.etag);
    const plain = await get("/headers");
    expect(plain.headers["content-encoding"]).toBeUndefined();
    expect(plain.headers["content-length"]).toBe(String(plain.length));
    expect(plain.headers.etag).not.toBe(hit.headers.etag);
    expect(plain.headers.age).toBe("3");
    const head = await get("/headers", gzip, "HEAD");
    expect(head.headers["content-length"]).toBe(String(hit.length));
    expect(head.length).toBe(0);
  });

  it("chooses an encoding by the client's header however often the same one comes", () => {
    for (let i = 0; i < 3; i++) {
      expect(chooseEncoding("gzip, deflate, br")).toBe("br");
      expect(chooseEncoding("br;q=0, gzip")).toBe("gzip");
      expect(chooseEncoding("gzip;q=0, br;q=0")).toBe("identity");
    }
    // A client sending endless variants fills no memory; the choice stays right after them.
    for (let i = 0; i < 1_000; i++) chooseEncoding(`gzip;q=0.${i}`);
    expect(chooseEncoding("br;q=0, gzip")).toBe("gzip");
  });

  it("renders once for many concurrent misses", async () => {
    await get("/slow");
    const before = renders.get("/slow")!;
    const answers = await Promise.all(Array.from({ length: 20 }, () => get("/slow")));
    expect(renders.get("/slow")).toBe(before + 1);
    expect(new Set(answers.map((a) => a.body)).size).toBe(1);
  });

  it("drops its entries after a write through it", async () => {
    await get("/f");
    await get("/f");
    expect(await xcache("/f")).toBe("HIT");
    await get("/f", { cookie: "__session=s" }, "POST");
    expect(await xcache("/f")).toBe("MISS");
  });

  it("keeps every page fresh after a write that changed nothing shared (issue 38, item 2)", async () => {
    for (const path of ["/g", "/h"]) {
      await get(path);
      await get(path);
    }
    const write = await get("/resources/theme", { "x-test-purge": "none" }, "POST");
    expect(write.headers["x-cache-purge"]).toBeUndefined();
    expect(await xcache("/g")).toBe("HIT");
    expect(await xcache("/h")).toBe("HIT");
  });

  it("after a write, only the pages it names go stale, and the next reader refills them", async () => {
    for (const path of ["/stories/7", "/stories/7/comments", "/stories/70", "/"]) {
      await get(path);
      await get(path);
    }
    await get("/stories/7/heart", { "x-test-purge": "/stories/7, /" }, "POST");
    expect(await xcache("/stories/7")).toBe("MISS");
    expect(await xcache("/stories/7/comments")).toBe("MISS");
    expect(await xcache("/")).toBe("MISS");
    expect(await xcache("/stories/70")).toBe("HIT");
    expect(await xcache("/stories/7")).toBe("HIT");
  });

  it("a write that names nothing makes every page stale, served while one refill runs", async () => {
    await get("/slow");
    await get("/slow");
    const kept = renders.get("/slow")!;
    await get("/w", { cookie: "__session=s" }, "POST");
    const refill = get("/slow");
    await new Promise((r) => setTimeout(r, 30));
    const meanwhile = await Promise.all(Array.from({ length: 5 }, () => get("/slow")));
    for (const answer of meanwhile) {
      expect(answer.headers["x-cache"]).toBe("STALE");
      expect(answer.body).toContain(`render ${kept} `);
    }
    expect((await refill).body).toContain(`render ${kept + 1} `);
    expect(renders.get("/slow")).toBe(kept + 1);
  });

  it("names the client by its socket, whatever X-Forwarded-For it sends", async () => {
    await get("/private", { "x-forwarded-for": "6.6.6.6" });
    expect(seenForwardedFor).toBe("127.0.0.1");
  });

  it("lets the app compress a signed-in visitor's page (their copy is compressed once), and nothing else", async () => {
    const gzip = { "accept-encoding": "gzip, br" };
    const member = { cookie: "storyshare_session=s", ...gzip };
    await get("/m", { ...member, accept: "text/html,application/xhtml+xml" });
    expect(seenEncoding).toBe("gzip, br");
    for (const headers of [
      { ...member, accept: "*/*" },
      { ...gzip, accept: "text/html" },
      { ...gzip, cookie: "lng=en", accept: "text/html" },
    ]) {
      await get("/m", headers);
      expect(seenEncoding, JSON.stringify(headers)).toBe("identity");
    }
  });
});

describe("the store's bound", () => {
  it("evicts the least recently used entries to stay under its bytes", async () => {
    let now = 0;
    const small = new PageCache({ maxBytes: 64 * 1024, maxEntryShare: 0.5, now: () => now });
    const entry = await buildEntry(
      { "cache-control": SHARED },
      Buffer.from(
        Array.from({ length: 12_000 }, (_, i) => String.fromCharCode(33 + ((i * 7919) % 90))).join(
          "",
        ),
      ),
      10,
      now,
    );
    for (let i = 0; i < 20; i++) {
      small.set(`k${i}`, entry);
      if (i >= 3) small.get("k0");
      now += 1;
    }
    expect(small.size).toBeLessThanOrEqual(small.maxBytes);
    expect(small.get("k0")).toBeDefined();
    expect(small.get("k1")).toBeUndefined();
    expect(small.get("k19")).toBeDefined();
    const huge = { ...entry, size: small.maxBytes };
    expect(small.set("huge", huge)).toBe(false);
  });
});

describe("the cache's own count (issue 45 item 6, decision 069)", () => {
  it("stays within its bound over many distinct pages, and its buffers hold no more than it counts", async () => {
    const pages = 600;
    let next = 0;
    const lane = async () => {
      for (let i = next++; i < pages; i = next++) {
        // The second miss of a page keeps it.
        await get(`/distinct-${i}`);
        await get(`/distinct-${i}`);
        const stats = cache.stats();
        expect(stats.cacheBytes).toBeLessThanOrEqual(stats.maxBytes);
      }
    };
    await Promise.all(Array.from({ length: 8 }, lane));
    const stats = cache.stats();
    // The bound (1 MB) holds some hundreds of these pages, not all of them: it evicted.
    expect(stats.cacheEntries).toBeGreaterThan(100);
    expect(stats.cacheEntries).toBeLessThan(pages);
    expect(stats.cacheBytes).toBeGreaterThan(stats.maxBytes * 0.9);
    // zlib's 16 KB output chunks and Node's 8 KB pool are not kept behind a small body.
    expect(stats.retainedBytes).toBe(stats.bodyBytes);
    expect(stats.retainedBytes).toBeLessThan(stats.cacheBytes);
  });

  it("counts every byte of an entry's bodies", async () => {
    const entry = await buildEntry(
      { "cache-control": SHARED },
      Buffer.from("a".repeat(3000)),
      10,
      0,
    );
    for (const body of [entry.identity, entry.gzip, entry.br])
      expect(body.buffer.byteLength).toBe(body.length);
    expect(entry.size).toBeGreaterThan(entry.identity.length + entry.gzip.length + entry.br.length);
  });
});
