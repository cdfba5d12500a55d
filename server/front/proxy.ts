import type { IncomingHttpHeaders, IncomingMessage, ServerResponse } from "node:http";
import type { Readable } from "node:stream";
import zlib from "node:zlib";
import type { Dispatcher } from "undici";
import { acceptsGzip } from "../../app/http/gzip-parts.server";
import { askForCopy, mayBeCopy, writeCopy } from "./member-copies";
import { buildEntry, type Filled, type PageCache, serveEntry } from "./page-cache";
import type { ReadCounter } from "./reads";
import { anonymousChoices, isAnonymous, PURGE_HEADER, purgeScope, sharedLifetime } from "./rules";
import type { Worker, WorkerPool } from "./workers";

/**
 * The front's request handler (decisions 037, 046): shared answers from the cache, everything else
 * streamed to the least busy worker and back. Framing is decided once: Node's parser reads the
 * client's request, undici writes the worker's; no header of the client's says how long a body
 * is to a worker, so nothing a client sends can become a request of its own there.
 */

export interface ProxyOptions {
  pool: WorkerPool;
  cache: PageCache | null;
  /** The front itself sits behind a proxy that sets X-Forwarded-* (TRUST_PROXY). */
  trustProxy: boolean;
  /** Sent to workers on every request: the proof that X-Forwarded-For comes from this front. */
  frontSecret?: string;
  log: (event: string, fields?: Record<string, unknown>) => void;
  /** Milliseconds a request body may stall before the request is given up (issue 38, item 3). */
  bodyIdleMs?: number;
  /** Requests a worker may have in flight; beyond it the front answers 503 (issue 38, item 3). */
  maxInflightPerWorker?: number;
  /** Notes the story pages it answers, cache hits included (decision 061). */
  reads?: ReadCounter;
}

/** The header that carries the front's secret to its workers (app/http/http.server.ts). */
export const FRONT_HEADER = "x-storyshare-front";
/**
 * Carries the front's secret on its batches of reads only (server/front/reads.ts), never on a
 * client's request: a client's POST to the reads route through the front gets FRONT_HEADER added,
 * never this. Like FRONT_HEADER, a client's own is not passed on.
 */
export const READS_HEADER = "x-storyshare-reads";

/** Per connection, or framing: the front and undici decide these, never the client. */
const HOP_BY_HOP = new Set([
  "connection",
  "keep-alive",
  "proxy-connection",
  "proxy-authorization",
  "te",
  "trailer",
  "transfer-encoding",
  "content-length",
  "upgrade",
  "expect",
  "http2-settings",
]);

const COMPRESSIBLE =
  /^(text\/(?!event-stream)|application\/(json|javascript|xml|rss|atom|manifest)|image\/svg)/;

/** Methods that carry no body here: one that comes with a body is refused, as nginx does. */
const BODILESS = new Set(["GET", "HEAD", "OPTIONS", "TRACE", "CONNECT"]);

function first(value: string | string[] | undefined) {
  const v = Array.isArray(value) ? value[0] : value;
  return v?.split(",")[0]?.trim() || undefined;
}

/**
 * What the front tells its workers about the client: its address (the socket's, or its own
 * proxy's word when the front trusts one), and the host and scheme it asked for when that proxy
 * names both. The read counter notes the same (server/front/reads.ts).
 */
export function forwardedClient(
  req: IncomingMessage,
  trustProxy: boolean,
): { address: string; host?: string; proto?: string } {
  const address = (trustProxy && first(req.headers["x-forwarded-for"])) || "";
  const host = trustProxy ? first(req.headers["x-forwarded-host"]) : undefined;
  const proto = trustProxy ? first(req.headers["x-forwarded-proto"]) : undefined;
  return {
    address: address || (req.socket.remoteAddress ?? ""),
    ...(host && proto ? { host, proto } : {}),
  };
}

/**
 * The headers a worker gets. What the front says about the client is what the app believes (with
 * the front's secret beside it): the front always overwrites it (forwardedClient).
 */
export function upstreamHeaders(
  req: IncomingMessage,
  trustProxy: boolean,
  frontSecret?: string,
): IncomingHttpHeaders {
  const headers: IncomingHttpHeaders = {};
  for (const [name, value] of Object.entries(req.headers)) {
    if (
      !HOP_BY_HOP.has(name) &&
      !name.startsWith("x-forwarded-") &&
      name !== FRONT_HEADER &&
      name !== READS_HEADER
    )
      headers[name] = value;
  }
  const client = forwardedClient(req, trustProxy);
  headers["x-forwarded-for"] = client.address;
  if (client.host && client.proto) {
    headers["x-forwarded-host"] = client.host;
    headers["x-forwarded-proto"] = client.proto;
  }
  if (frontSecret) headers[FRONT_HEADER] = frontSecret;
  // The front compresses (quickly, or once for shared answers), not remix-serve at level 6; but a
  // signed-in visitor's page comes compressed from the app, quickly or from a members' copy
  // compressed once (decision 039).
  const membersPage = !isAnonymous(req.headers) && /^text\/html/.test(req.headers.accept ?? "");
  headers["accept-encoding"] = membersPage
    ? (req.headers["accept-encoding"] ?? "identity")
    : "identity";
  return headers;
}

/** A worker's answer as undici hands it over. */
type Upstream = Pick<Dispatcher.ResponseData, "statusCode" | "headers" | "body">;

function responseHeaders(headers: IncomingHttpHeaders) {
  const out: Record<string, string | string[]> = {};
  for (const [name, value] of Object.entries(headers)) {
    if (value !== undefined && !HOP_BY_HOP.has(name) && name !== PURGE_HEADER) out[name] = value;
  }
  return out;
}

function appendVary(headers: Record<string, string | string[]>, name: string) {
  const vary = headers.vary;
  const text = Array.isArray(vary) ? vary.join(", ") : (vary ?? "");
  if (
    !text
      .toLowerCase()
      .split(/\s*,\s*/)
      .includes(name.toLowerCase())
  )
    headers.vary = text ? `${text}, ${name}` : name;
}

/** Sends a worker's answer on as it streams, gzipped quickly when the client takes it. */
function relay(req: IncomingMessage, res: ServerResponse, upstream: Upstream) {
  const status = upstream.statusCode;
  const type = String(upstream.headers["content-type"] ?? "");
  const headers = responseHeaders(upstream.headers);
  headers["x-cache"] = "MISS";
  const compress =
    req.method !== "HEAD" &&
    status !== 204 &&
    status !== 304 &&
    !upstream.headers["content-encoding"] &&
    COMPRESSIBLE.test(type) &&
    Number(upstream.headers["content-length"] ?? Number.POSITIVE_INFINITY) > 1024;
  if (COMPRESSIBLE.test(type)) appendVary(headers, "Accept-Encoding");
  if (!compress || !acceptsGzip(req.headers["accept-encoding"])) {
    const length = upstream.headers["content-length"];
    if (typeof length === "string") headers["content-length"] = length;
    res.writeHead(status, headers);
    upstream.body.pipe(res);
    return;
  }
  headers["content-encoding"] = "gzip";
  const etag = headers.etag;
  if (typeof etag === "string" && !etag.startsWith("W/")) headers.etag = `W/${etag}`;
  res.writeHead(status, headers);
  // Flushed per chunk, so a page that streams (deferred data) still arrives as it renders.
  const gz = zlib.createGzip({ level: 1, flush: zlib.constants.Z_SYNC_FLUSH });
  upstream.body.pipe(gz).pipe(res);
}

/** Why a request never reaches a worker: its target or framing is not one a site takes. */
function refusal(req: IncomingMessage): string | null {
  const method = req.method ?? "GET";
  const url = req.url ?? "";
  if (method === "CONNECT" || method === "TRACE") return "method";
  if (BODILESS.has(method)) {
    const length = req.headers["content-length"];
    if (req.headers["transfer-encoding"] !== undefined) return "body";
    if (length !== undefined && length !== "0") return "body";
  }
  if (!url.startsWith("/")) {
    // Absolute form (RFC 9112 §3.2.2): the target's host wins over the Host header.
    let target: URL;
    try {
      target = new URL(url);
    } catch {
      return "target";
    }
    if (target.protocol !== "http:" && target.protocol !== "https:") return "target";
    req.url = `${target.pathname}${target.search}`;
    req.headers.host = target.host;
  }
  return null;
}

function answerPlain(res: ServerResponse, status: number, text: string, close = false) {
  if (res.headersSent) return res.destroy();
  res.writeHead(status, {
    "content-type": "text/plain; charset=utf-8",
    "cache-control": "no-store",
    ...(status === 503 ? { "retry-after": "1" } : {}),
    ...(close ? { connection: "close" } : {}),
  });
  res.end(text);
}

/** A request the front gave up on before any worker answered it (the client went, or stalled). */
class Abandoned extends Error {}

export function createProxy({
  pool,
  cache,
  trustProxy,
  frontSecret,
  log,
  bodyIdleMs = 15_000,
  maxInflightPerWorker = 256,
  reads,
}: ProxyOptions) {
  let inflight = 0;
  /** Every request in flight to a worker, so a shutdown past its deadline can cut them. */
  const open = new Set<AbortController>();

  /**
   * One request to a worker; a read that got no answer because its worker could not be reached
   * is asked once more of another. The request dies with its client: when the client leaves or
   * its body stalls, the worker's request is aborted and its connection is not used again.
   */
  async function toWorker(
    req: IncomingMessage,
    res: ServerResponse,
    headers: IncomingHttpHeaders,
    method: string,
    withBody: boolean,
    prefer?: Worker,
  ): Promise<Upstream> {
    const controller = new AbortController();
    const abort = () => controller.abort(new Abandoned("the client went"));
    const onClose = () => {
      if (!res.writableFinished) abort();
    };
    res.on("close", onClose);
    let stall: NodeJS.Timeout | undefined;
    if (withBody && !req.complete) {
      const arm = () => {
        clearTimeout(stall);
        stall = setTimeout(() => {
          // Paused because the worker is not reading yet is the worker's pace, not the client's.
          if (req.readableFlowing === false && !req.readableEnded) return arm();
          log("front.body_stalled", { path: req.url });
          abort();
          // Before an answer the client is told 408 and the connection closed (fail); after, cut.
          if (res.headersSent) req.socket.destroy();
        }, bodyIdleMs);
      };
      arm();
      // The socket's bytes, not the request's: a 'data' listener on the request would read its
      // body before undici does.
      const socket = req.socket;
      socket.on("data", arm);
      const settled = () => {
        clearTimeout(stall);
        socket.off("data", arm);
      };
      req.once("end", settled);
      req.once("close", () => {
        settled();
        if (!req.complete) abort();
      });
    }
    open.add(controller);
    const forget = () => open.delete(controller);
    let tried: Worker | undefined;
    try {
      for (;;) {
        const worker = !tried && prefer?.state === "ready" ? prefer : await pool.pickOrWait(tried);
        if (!worker) throw new Error("no worker is ready");
        if (worker.inflight >= maxInflightPerWorker) throw new Busy();
        worker.inflight += 1;
        let counted = true;
        const release = () => {
          if (counted) {
            counted = false;
            worker.inflight -= 1;
          }
        };
        try {
          const upstream = await worker.client.request({
            path: req.url ?? "/",
            method: method as Dispatcher.HttpMethod,
            headers: headers as Record<string, string | string[]>,
            body: withBody ? (req as Readable) : null,
            signal: controller.signal,
          });
          upstream.body.once("close", () => {
            release();
            forget();
            res.off("close", onClose);
          });
          upstream.body.on("error", () => {});
          return upstream;
        } catch (error) {
          release();
          const readAgain =
            !withBody && !tried && !controller.signal.aborted && connectFailure(error);
          if (!readAgain) throw error;
          tried = worker;
        }
      }
    } catch (error) {
      forget();
      clearTimeout(stall);
      res.off("close", onClose);
      throw controller.signal.aborted ? (controller.signal.reason as Error) : error;
    }
  }

  function fail(res: ServerResponse, error: Error) {
    if (error instanceof Abandoned) {
      if (!res.headersSent) answerPlain(res, 408, "Request timeout\n", true);
      return;
    }
    if (error instanceof Busy) return answerPlain(res, 503, "Busy, try again\n");
    log("front.upstream_error", { message: error.message });
    if (!res.headersSent) answerPlain(res, 502, "Bad gateway\n");
    else res.destroy(error);
  }

  /** Straight through: the request body streams to the worker and the answer streams back. */
  async function pass(
    req: IncomingMessage,
    res: ServerResponse,
    learn?: { base: string },
    prefer?: Worker,
  ) {
    const method = req.method ?? "GET";
    const write = !BODILESS.has(method);
    const length = req.headers["content-length"];
    const withBody =
      write && (length !== undefined || req.headers["transfer-encoding"] !== undefined);
    const headers = upstreamHeaders(req, trustProxy, frontSecret);
    // Undici frames the worker's request: it sends exactly this many bytes, or gives up the request
    // and its connection; without a length it sends the body chunked.
    if (withBody && length !== undefined) headers["content-length"] = length;
    let upstream: Upstream;
    try {
      upstream = await toWorker(req, res, headers, method, withBody, prefer);
    } catch (error) {
      return fail(res, error as Error);
    }
    if (learn && cache) cache.learnVary(learn.base, upstream.headers, req.headers);
    // A write went through here: what it changed goes stale for this front's readers at once
    // (others within the TTL). The app names it; a write that changed no shared page names none.
    if (write && upstream.statusCode < 400 && cache) {
      cache.markStale(purgeScope(upstream.headers[PURGE_HEADER]));
    }
    if (res.destroyed) return upstream.body.destroy();
    relay(req, res, upstream);
  }

  /** Asks a worker for a page to keep; answers this request from what it gets. */
  async function fill(req: IncomingMessage, res: ServerResponse, base: string, key: string) {
    const c = cache!;
    let settle!: (filled: Filled | null) => void;
    c.trackFill(
      key,
      new Promise<Filled | null>((resolve) => {
        settle = resolve;
      }),
    );
    const headers = upstreamHeaders(req, trustProxy, frontSecret);
    delete headers["if-none-match"];
    delete headers["if-modified-since"];
    let upstream: Upstream;
    try {
      upstream = await toWorker(req, res, headers, "GET", false);
    } catch (error) {
      settle(null);
      return fail(res, error as Error);
    }
    const lifetime = sharedLifetime(upstream.statusCode, upstream.headers);
    const length = Number(upstream.headers["content-length"] ?? 0);
    if (!lifetime || length > c.maxEntryBytes) {
      settle(null);
      if (lifetime === 0) c.learnVary(base, upstream.headers, req.headers);
      return relay(req, res, upstream);
    }
    const chunks: Buffer[] = [];
    let size = 0;
    let tooBig = false;
    try {
      for await (const chunk of upstream.body) {
        chunks.push(chunk as Buffer);
        size += (chunk as Buffer).length;
        if (size > c.maxEntryBytes) {
          tooBig = true;
          break;
        }
      }
    } catch (error) {
      settle(null);
      return fail(res, error as Error);
    }
    if (tooBig) {
      // Too big to keep (rare: an eighth of the cache), and read in part: asked again and streamed.
      settle(null);
      return pass(req, res);
    }
    try {
      const entry = await buildEntry(upstream.headers, Buffer.concat(chunks), lifetime, c.now());
      const fullKey = c.learnVary(base, upstream.headers, req.headers);
      c.set(fullKey, entry);
      settle({ key: fullKey, entry });
      serveEntry(req.method, req.headers, res, entry, c.now(), "MISS");
    } catch (error) {
      settle(null);
      fail(res, error as Error);
    }
  }

  /**
   * An anonymous read: from the cache when it holds the page (at once, without a promise: the
   * path nearly every anonymous request takes), otherwise by a fill or straight through.
   */
  function fromCache(req: IncomingMessage, res: ServerResponse, choices: string) {
    const c = cache!;
    try {
      const { base, key } = c.keyFor(req.headers.host, req.url ?? "/", req.headers, choices);
      const found = c.lookup(key);
      if (found?.fresh)
        return serveEntry(req.method, req.headers, res, found.entry, c.now(), "HIT");
      notKept(req, res, choices, base, key, found).catch((error) => fail(res, error));
    } catch (error) {
      fail(res, error as Error);
    }
  }

  async function notKept(
    req: IncomingMessage,
    res: ServerResponse,
    choices: string,
    base: string,
    key: string,
    found: ReturnType<PageCache["lookup"]>,
  ) {
    const c = cache!;
    const host = req.headers.host;
    const url = req.url ?? "/";
    const pending = c.pendingFill(key);
    // Past its lifetime: one request fetches it anew, the others meanwhile get what is kept.
    if (found && pending) {
      return serveEntry(req.method, req.headers, res, found.entry, c.now(), "STALE");
    }
    if (found && req.method === "GET") return fill(req, res, base, key);
    if (pending) {
      const filled = await pending;
      // The fill may have learnt a Vary that sets this request apart from the one that filled it.
      if (filled && filled.key === c.keyFor(host, url, req.headers, choices).key)
        return serveEntry(req.method, req.headers, res, filled.entry, c.now(), "HIT");
      return pass(req, res, { base });
    }
    if (req.method === "GET" && c.noteMiss(key)) return fill(req, res, base, key);
    return pass(req, res, { base });
  }

  // One listener for every answer, not a closure per request.
  const answered = () => {
    inflight -= 1;
  };

  const handler = (req: IncomingMessage, res: ServerResponse) => {
    inflight += 1;
    res.on("close", answered);
    const refused = refusal(req);
    if (refused) {
      log("front.refused", { reason: refused, method: req.method });
      // Its body is never read: the connection ends with the answer, so no byte of it is parsed.
      return answerPlain(res, 400, "Bad request\n", true);
    }
    if (reads?.watch(req, res)) return;
    const method = req.method ?? "GET";
    if (cache && (method === "GET" || method === "HEAD")) {
      const choices = anonymousChoices(req.headers);
      if (choices !== null) return fromCache(req, res, choices);
    }
    if (mayBeCopy(req)) return fromCopy(req, res).catch((error) => fail(res, error));
    pass(req, res).catch((error) => fail(res, error));
  };

  /** A member's page: from a worker's copy over its channel, else over HTTP (decision 071). */
  async function fromCopy(req: IncomingMessage, res: ServerResponse) {
    const worker = pool.pick();
    if (!worker || worker.inflight >= maxInflightPerWorker) return pass(req, res);
    worker.inflight += 1;
    const headers = upstreamHeaders(req, trustProxy, frontSecret);
    // A copy is compressed once, so the client's own choice goes with it (an /api read over HTTP
    // is sent as identity and compressed here).
    headers["accept-encoding"] = req.headers["accept-encoding"];
    let answer: Awaited<ReturnType<typeof askForCopy>>;
    try {
      answer = await askForCopy(worker, req.url ?? "/", headers);
    } finally {
      worker.inflight -= 1;
    }
    // Drawn by the worker that was asked, so that its next member finds the copy there.
    if (!answer) return pass(req, res, undefined, worker);
    if (res.destroyed) return;
    writeCopy(res, answer, (name) => !HOP_BY_HOP.has(name) && name !== PURGE_HEADER);
  }

  /** Cuts every request still in flight to a worker (a shutdown at its deadline). */
  function abortAll() {
    for (const controller of open) controller.abort(new Abandoned("shutting down"));
  }

  return { handler, inflight: () => inflight, abortAll };
}

/** Every worker has as many requests in flight as it may: the client is asked to come back. */
class Busy extends Error {}

/** The worker could not be reached at all, so a read may safely be asked of another. */
function connectFailure(error: unknown): boolean {
  const code = (error as { code?: string })?.code;
  return (
    code === "ECONNREFUSED" ||
    code === "ECONNRESET" ||
    code === "UND_ERR_SOCKET" ||
    code === "UND_ERR_CLOSED" ||
    code === "UND_ERR_DESTROYED"
  );
}
