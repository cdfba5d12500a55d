import { EventEmitter } from "node:events";
import http from "node:http";
import type { AddressInfo } from "node:net";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { db } from "#db/client";
import { stories } from "#db/schema";
import { config } from "~/config.server";
import { applyDocumentCaching, routeAllowsSharing } from "~/http/shared-cache.server";
import { todayInUlaanbaatar } from "~/lib/pool-end";
import { flushReads } from "~/models/read-count.server";
import { createUser } from "~/models/users.server";
import { action as readsRoute } from "~/routes/resources.reads";
import { handle, loader as storyLoader } from "~/routes/stories.$id";
import { PageCache } from "../../server/front/page-cache";
import { createProxy, upstreamHeaders } from "../../server/front/proxy";
import { createReadCounter, type ReadCounter } from "../../server/front/reads";
import { standInPool } from "./front-stand-in";
import { routeArgs } from "./helpers";

/**
 * Issue 42 item 3, decision 061: the counted reads of a story equal the distinct visitors of a
 * scripted run through the real front (its proxy, its cache, its counter). The worker behind it
 * is made of the app's own modules: the story route's loader answers the page (its document
 * cached as the app marks it) and the internal route takes the front's batches. Repeat visits,
 * a bot, a HEAD, a prefetch and a missing story count nothing; cache hits and single fetch's
 * `.data` count; no counted answer sets a cookie.
 */

const SECRET = "front-secret-of-this-boot-0123456789abcdef";
const BROWSER = "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 Chrome/130.0 Safari/537.36";
const PHONE = "Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) Mobile/15E148 Safari/604.1";

let storyId: number;
let workerRenders = 0;
let worker: http.Server;
let front: http.Server;
let counter: ReadCounter;
let base: string;

function toRequest(req: http.IncomingMessage, body?: Buffer) {
  const headers = new Headers();
  for (const [name, value] of Object.entries(req.headers)) {
    if (typeof value === "string") headers.set(name, value);
  }
  return new Request(`http://${req.headers.host}${req.url}`, {
    method: req.method,
    headers,
    ...(body ? { body: new Uint8Array(body) } : {}),
  });
}

/** The worker: what remix-serve would run for these two routes, without the rest of Remix. */
async function answer(req: http.IncomingMessage, res: http.ServerResponse) {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  const url = new URL(req.url ?? "/", "http://worker");
  if (url.pathname === "/resources/reads") {
    const answered = await readsRoute(routeArgs(toRequest(req, Buffer.concat(chunks)))).catch(
      (e: unknown) => e as Response,
    );
    res.writeHead(answered.status);
    return res.end();
  }
  const match = /^\/stor(?:y|ies)\/(\d+)(\.data)?$/.exec(url.pathname);
  if (!match) {
    res.writeHead(404);
    return res.end();
  }
  workerRenders += 1;
  // Remix hands the loader the page's URL, without `.data` and `_routes`.
  const request = toRequest(req);
  const pageRequest = new Request(request.url.replace(".data", "").replace(/\?.*$/, ""), {
    headers: request.headers,
  });
  let status = 200;
  let page: unknown;
  try {
    page = await storyLoader(routeArgs(pageRequest, { id: match[1]! }));
  } catch (thrown) {
    status = (thrown as Response).status ?? 500;
  }
  const headers = new Headers({ "content-type": "text/html; charset=utf-8" });
  if (!match[2]) applyDocumentCaching(pageRequest, status, headers, routeAllowsSharing(handle));
  res.writeHead(status, Object.fromEntries(headers));
  res.end(`<main>${JSON.stringify(page ?? null).slice(0, 200)}</main>`);
}

beforeAll(async () => {
  // As the front starts its workers: they believe it, and only it.
  config.FRONT_SECRET = SECRET;
  config.TRUST_PROXY = true;
  // The story page names absolute links: it is shared only with SITE_URL (decision 014).
  config.SITE_URL = "http://storyshare.test";
  const author = await createUser("fr_author", "secret-pass");
  const [row] = await db
    .insert(stories)
    .values({
      user_id: author.id,
      author: author.username,
      title: "A story read through the front",
      story: "Line one of a story long enough to be one.\nLine two of it.",
      pricing_tier: "free",
      status: "approved",
      bank_name: "Khan Bank",
      bank_account: "5000111222",
      approved_at: new Date().toISOString(),
    })
    .returning({ id: stories.id });
  storyId = row!.id;

  worker = http.createServer((req, res) => {
    answer(req, res).catch((error) => {
      res.writeHead(500);
      res.end(String(error));
    });
  });
  await new Promise<void>((r) => worker.listen(0, "127.0.0.1", r));
  const pool = standInPool((worker.address() as AddressInfo).port);
  // Its own proxy in front (TRUST_PROXY on the front): the script names its visitors' addresses.
  counter = createReadCounter({
    pool,
    frontSecret: SECRET,
    trustProxy: true,
    log: () => {},
    flushMs: 60_000,
  });
  const proxy = createProxy({
    pool,
    cache: new PageCache({ maxBytes: 4 * 1024 * 1024 }),
    trustProxy: true,
    frontSecret: SECRET,
    log: () => {},
    reads: counter,
  });
  front = http.createServer(proxy.handler);
  await new Promise<void>((r) => front.listen(0, "127.0.0.1", r));
  base = `http://127.0.0.1:${(front.address() as AddressInfo).port}`;
});

afterAll(async () => {
  await counter.stop();
  config.FRONT_SECRET = undefined;
  config.TRUST_PROXY = false;
  config.SITE_URL = undefined;
  front.closeAllConnections();
  worker.closeAllConnections();
  await new Promise((r) => front.close(r));
  await new Promise((r) => worker.close(r));
});

interface Got {
  status: number;
  headers: http.IncomingHttpHeaders;
}

function visit(
  path: string,
  who: { address: string; agent: string },
  extra: http.OutgoingHttpHeaders = {},
  method = "GET",
) {
  const headers = {
    host: "storyshare.test",
    "x-forwarded-for": who.address,
    "user-agent": who.agent,
    ...extra,
  };
  return new Promise<Got>((resolve, reject) => {
    const req = http.request(`${base}${path}`, { method, headers }, (res) => {
      res.resume();
      res.on("end", () => resolve({ status: res.statusCode ?? 0, headers: res.headers }));
    });
    req.on("error", reject);
    req.end();
  });
}

async function readsToday() {
  const [row] = await db.all<{ reads: number }>(
    sql`SELECT reads FROM story_reads WHERE story_id = ${storyId} AND day = ${todayInUlaanbaatar()}`,
  );
  return row?.reads ?? 0;
}

describe("reads counted by the front", () => {
  it("equal the distinct visitors of a scripted run", async () => {
    const page = `/stories/${storyId}`;
    const ana = { address: "203.0.113.10", agent: BROWSER };
    const bold = { address: "203.0.113.11", agent: BROWSER };
    // Same address as Ana (one home's connection), another browser: another visitor.
    const chimeg = { address: "203.0.113.10", agent: PHONE };
    const dorj = { address: "203.0.113.12", agent: PHONE };
    const enkh = { address: "203.0.113.13", agent: BROWSER };
    const lateComer = { address: "203.0.113.14", agent: PHONE };
    const bot = { address: "66.249.66.1", agent: "Mozilla/5.0 (compatible; Googlebot/2.1)" };
    const counted: Got[] = [];

    // Ana reads three times (the page is kept by the front at its second miss), once by /story/.
    counted.push(await visit(page, ana, { referer: "https://www.facebook.com/groups/1" }));
    counted.push(await visit(page, ana));
    counted.push(await visit(`/story/${storyId}`, ana));
    // Bold's read is a cache hit: no worker sees it.
    const rendersBefore = workerRenders;
    const hit = await visit(page, bold);
    expect(hit.headers["x-cache"]).toBe("HIT");
    expect(workerRenders).toBe(rendersBefore);
    counted.push(hit);
    // Chimeg arrives by a client navigation (single fetch), twice.
    counted.push(
      await visit(`${page}.data`, chimeg, { referer: "http://storyshare.test/search?q=a" }),
    );
    counted.push(await visit(`${page}.data?_routes=root,routes%2Fstories.%24id`, chimeg));
    // Dorj hovers (a prefetch, answered without the data so the click asks again), then clicks.
    const prefetch = await visit(`${page}.data`, dorj, { "sec-purpose": "prefetch" });
    expect(prefetch.status).toBe(204);
    expect(prefetch.headers["cache-control"]).toBe("no-store");
    counted.push(await visit(`${page}.data`, dorj));
    // Enkh's offline worker keeps the story: it gets the data (decision 066), and no read counts.
    const kept = await visit(`${page}.data`, enkh, {
      purpose: "prefetch",
      "x-storyshare-offline-copy": "1",
    });
    expect(kept.status).toBe(200);
    // Enkh only asks for the headers, and a page that does not exist: neither is a read.
    expect((await visit(page, enkh, {}, "HEAD")).status).toBe(200);
    expect((await visit("/stories/999999", enkh)).status).toBe(404);
    // A bot reads it all, the cached page and the data.
    await visit(page, bot);
    await visit(`${page}.data`, bot);
    // The late comer's only read is a hit, too.
    const late = await visit(page, lateComer);
    expect(late.headers["x-cache"]).toBe("HIT");
    counted.push(late);

    for (const answered of counted) {
      expect(answered.status).toBe(200);
      expect(answered.headers["set-cookie"]).toBeUndefined();
    }
    // The worker's loader saw the front's secret on every request: it noted nothing itself.
    await flushReads();
    expect(await readsToday()).toBe(0);

    await counter.flush();
    expect(counter.waiting()).toBe(0);
    // Ana, Bold, Chimeg, Dorj, the late comer.
    expect(await readsToday()).toBe(5);
    const sources = await db.all<{ source: string; reads: number }>(
      sql`SELECT source, reads FROM story_read_sources WHERE story_id = ${storyId} ORDER BY source`,
    );
    expect(sources).toEqual([
      { source: "direct", reads: 3 },
      { source: "facebook.com", reads: 1 },
      { source: "search", reads: 1 },
    ]);

    // The same visitors again the same day: nothing more.
    await visit(page, ana);
    await visit(`${page}.data`, dorj);
    await counter.flush();
    expect(await readsToday()).toBe(5);
  });

  it("a client cannot post reads through the front", async () => {
    const before = await readsToday();
    const forged = await new Promise<number>((resolve, reject) => {
      const req = http.request(
        `${base}/resources/reads`,
        {
          method: "POST",
          headers: { "content-type": "application/json", "x-storyshare-reads": "guess" },
        },
        (res) => {
          res.resume();
          resolve(res.statusCode ?? 0);
        },
      );
      req.on("error", reject);
      req.end(
        JSON.stringify({
          reads: [
            {
              storyId,
              address: "192.0.2.200",
              userAgent: BROWSER,
              referer: "",
              host: "storyshare.test",
              at: Date.now(),
            },
          ],
        }),
      );
    });
    expect(forged).toBe(404);
    expect(await readsToday()).toBe(before);
  });
});

describe("one bad read stops nothing", () => {
  it("a user agent longer than the worker takes still lets the next reads be counted", async () => {
    const page = `/stories/${storyId}`;
    const before = await readsToday();
    await visit(page, { address: "203.0.113.40", agent: `${BROWSER} ${"x".repeat(3_000)}` });
    await counter.flush();
    await visit(page, { address: "203.0.113.41", agent: BROWSER });
    await counter.flush();
    expect(counter.waiting()).toBe(0);
    expect(await readsToday()).toBe(before + 2);
  });

  /** A counter before a worker that answers `status` and keeps the batches it was posted. */
  function counterAnswering(status: number) {
    const posted: { reads: Record<string, unknown>[] }[] = [];
    const logged: string[] = [];
    const client = {
      request: async ({ body }: { body: string }) => {
        posted.push(JSON.parse(body));
        return { statusCode: status, body: { dump: async () => {} } };
      },
    };
    const reads = createReadCounter({
      pool: { pickOrWait: async () => ({ client }) } as never,
      frontSecret: SECRET,
      trustProxy: true,
      log: (event) => logged.push(event),
      flushMs: 60_000,
    });
    return { reads, posted, logged };
  }

  /** A story page answered 200 to a request with these headers. */
  function answered(reads: ReadCounter, headers: http.IncomingHttpHeaders, url = "/stories/7") {
    const req = {
      method: "GET",
      url,
      headers,
      socket: { remoteAddress: "10.0.0.1" },
    } as unknown as http.IncomingMessage;
    const res = Object.assign(new EventEmitter(), { statusCode: 200 });
    reads.watch(req, res as unknown as http.ServerResponse);
    res.emit("finish");
  }

  it("each field is cut to what the worker takes, and the host is the one the workers are told", async () => {
    const { reads, posted } = counterAnswering(204);
    answered(reads, {
      host: "storyshare.test",
      "user-agent": "a".repeat(5_000),
      referer: `https://example.com/${"r".repeat(5_000)}`,
      "x-forwarded-for": `${"1".repeat(300)}, 10.0.0.2`,
      // Without X-Forwarded-Proto the workers are not told this host (upstreamHeaders).
      "x-forwarded-host": `${"h".repeat(400)}.example`,
    });
    await reads.stop();
    const [event] = posted[0]!.reads;
    expect(event).toMatchObject({ host: "storyshare.test" });
    expect((event!.userAgent as string).length).toBe(2_000);
    expect((event!.referer as string).length).toBe(4_000);
    expect((event!.address as string).length).toBe(100);
  });

  it("a read already waiting is not posted again; another visitor, source, story or day is (issue 45)", async () => {
    vi.useFakeTimers({ toFake: ["Date"] });
    try {
      // A second before midnight in Ulaanbaatar (UTC+8).
      vi.setSystemTime(new Date("2026-11-28T15:59:59Z"));
      const { reads, posted } = counterAnswering(204);
      const ana = { host: "storyshare.test", "user-agent": BROWSER };
      for (let i = 0; i < 5; i++) answered(reads, ana);
      answered(reads, { ...ana, "user-agent": PHONE });
      answered(reads, { ...ana, referer: "https://www.facebook.com/" });
      answered(reads, ana, "/stories/8");
      answered(reads, ana, "/stories/7.data");
      expect(reads.waiting()).toBe(4);
      vi.setSystemTime(new Date("2026-11-28T16:00:01Z"));
      answered(reads, ana);
      await reads.flush();
      // Once posted, the next read is posted again: the worker, not the front, counts a visitor.
      answered(reads, ana);
      await reads.stop();
      const sent = posted.flatMap((batch) => batch.reads);
      expect(sent.map((read) => [read.storyId, read.userAgent === PHONE, read.referer])).toEqual([
        [7, false, ""],
        [7, true, ""],
        [7, false, "https://www.facebook.com/"],
        [8, false, ""],
        [7, false, ""],
        [7, false, ""],
      ]);
      // The fifth is Ana's first read of the next day.
      expect((sent[4]!.at as number) - (sent[0]!.at as number)).toBe(2_000);
    } finally {
      vi.useRealTimers();
    }
  });

  it("a batch the worker refuses is dropped and said once, not asked again", async () => {
    const { reads, posted, logged } = counterAnswering(400);
    answered(reads, { host: "storyshare.test", "user-agent": BROWSER });
    await reads.flush();
    expect(reads.waiting()).toBe(0);
    await reads.stop();
    expect(posted).toHaveLength(1);
    expect(logged).toEqual(["front.reads_refused"]);
  });

  it("a client's X-StoryShare-Reads is not passed on to a worker", () => {
    const req = {
      headers: {
        host: "storyshare.test",
        "x-storyshare-reads": "guess",
        "x-storyshare-front": "x",
      },
      socket: { remoteAddress: "10.0.0.1" },
    } as unknown as http.IncomingMessage;
    const headers = upstreamHeaders(req, false, SECRET);
    expect(headers["x-storyshare-reads"]).toBeUndefined();
    expect(headers["x-storyshare-front"]).toBe(SECRET);
  });
});
