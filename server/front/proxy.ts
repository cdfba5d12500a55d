import http, {
  type IncomingHttpHeaders,
  type IncomingMessage,
  type ServerResponse,
} from "node:http";
import zlib from "node:zlib";
import { acceptsGzip } from "../../app/utils/gzip-parts.server";
import { buildEntry, type Filled, type PageCache, serveEntry } from "./page-cache";
import { isAnonymous, sharedLifetime } from "./rules";
import type { Worker, WorkerPool } from "./workers";

/**
 * The front's request handler (decision 037): shared answers from the cache, everything else
 * streamed to the least busy worker and back.
 */

export interface ProxyOptions {
  pool: WorkerPool;
  cache: PageCache | null;
  /** The front itself sits behind a proxy that sets X-Forwarded-* (TRUST_PROXY). */
  trustProxy: boolean;
  log: (event: string, fields?: Record<string, unknown>) => void;
}

const HOP_BY_HOP = new Set([
  "connection",
  "keep-alive",
  "proxy-connection",
  "proxy-authorization",
  "te",
  "trailer",
  "transfer-encoding",
  "upgrade",
]);

const COMPRESSIBLE =
  /^(text\/(?!event-stream)|application\/(json|javascript|xml|rss|atom|manifest)|image\/svg)/;

function first(value: string | string[] | undefined) {
  const v = Array.isArray(value) ? value[0] : value;
  return v?.split(",")[0]?.trim() || undefined;
}

/**
 * The headers a worker gets. Workers run with TRUST_PROXY and listen on loopback only, so what
 * the front says about the client is what the app believes: the front always overwrites it,
 * with the socket's address, or with its own proxy's word when the front trusts one.
 */
export function upstreamHeaders(req: IncomingMessage, trustProxy: boolean): IncomingHttpHeaders {
  const headers: IncomingHttpHeaders = {};
  for (const [name, value] of Object.entries(req.headers)) {
    if (!HOP_BY_HOP.has(name) && !name.startsWith("x-forwarded-")) headers[name] = value;
  }
  const socketAddress = req.socket.remoteAddress ?? "";
  const forwardedFor = trustProxy ? first(req.headers["x-forwarded-for"]) : undefined;
  const forwardedHost = trustProxy ? first(req.headers["x-forwarded-host"]) : undefined;
  const forwardedProto = trustProxy ? first(req.headers["x-forwarded-proto"]) : undefined;
  headers["x-forwarded-for"] = forwardedFor ?? socketAddress;
  if (forwardedHost && forwardedProto) {
    headers["x-forwarded-host"] = forwardedHost;
    headers["x-forwarded-proto"] = forwardedProto;
  }
  // The front compresses (quickly, or once for shared answers), not remix-serve at level 6; but a
  // signed-in visitor's page comes compressed from the app, quickly or from a members' copy
  // compressed once (decision 039).
  const membersPage = !isAnonymous(req.headers) && /^text\/html/.test(req.headers.accept ?? "");
  headers["accept-encoding"] = membersPage
    ? (req.headers["accept-encoding"] ?? "identity")
    : "identity";
  return headers;
}

function responseHeaders(headers: IncomingHttpHeaders) {
  const out: http.OutgoingHttpHeaders = {};
  for (const [name, value] of Object.entries(headers)) {
    if (value !== undefined && !HOP_BY_HOP.has(name)) out[name] = value;
  }
  return out;
}

function appendVary(headers: http.OutgoingHttpHeaders, name: string) {
  const vary = headers.vary;
  const text = Array.isArray(vary) ? vary.join(", ") : vary ? String(vary) : "";
  if (
    !text
      .toLowerCase()
      .split(/\s*,\s*/)
      .includes(name.toLowerCase())
  )
    headers.vary = text ? `${text}, ${name}` : name;
}

/** Sends a worker's answer on as it streams, gzipped quickly when the client takes it. */
function relay(req: IncomingMessage, res: ServerResponse, upstream: IncomingMessage) {
  // The client may have gone while the worker rendered: let go of the worker's answer too.
  if (res.destroyed || req.socket.destroyed) {
    upstream.destroy();
    return;
  }
  res.on("close", () => {
    if (!res.writableFinished) upstream.destroy();
  });
  const status = upstream.statusCode ?? 502;
  const headers = responseHeaders(upstream.headers);
  headers["x-cache"] = "MISS";
  const compress =
    req.method !== "HEAD" &&
    status !== 204 &&
    status !== 304 &&
    !upstream.headers["content-encoding"] &&
    COMPRESSIBLE.test(String(upstream.headers["content-type"] ?? "")) &&
    Number(upstream.headers["content-length"] ?? Number.POSITIVE_INFINITY) > 1024;
  if (COMPRESSIBLE.test(String(upstream.headers["content-type"] ?? "")))
    appendVary(headers, "Accept-Encoding");
  if (!compress || !acceptsGzip(req.headers["accept-encoding"])) {
    res.writeHead(status, headers);
    upstream.pipe(res);
    return;
  }
  delete headers["content-length"];
  headers["content-encoding"] = "gzip";
  const etag = headers.etag;
  if (typeof etag === "string" && !etag.startsWith("W/")) headers.etag = `W/${etag}`;
  res.writeHead(status, headers);
  // Flushed per chunk, so a page that streams (deferred data) still arrives as it renders.
  const gz = zlib.createGzip({ level: 1, flush: zlib.constants.Z_SYNC_FLUSH });
  upstream.pipe(gz).pipe(res);
}

export function createProxy({ pool, cache, trustProxy, log }: ProxyOptions) {
  let inflight = 0;

  /** One request to a worker; retried once on another worker if it could not even connect. */
  function toWorker(
    req: IncomingMessage,
    headers: IncomingHttpHeaders,
    method: string,
    body: IncomingMessage | null,
    onResponse: (upstream: IncomingMessage, worker: Worker) => void,
    onError: (error: Error) => void,
    tried?: Worker,
  ) {
    pool.pickOrWait(tried).then((worker) => {
      if (!worker) return onError(new Error("no worker is ready"));
      worker.inflight += 1;
      let done = false;
      let responded = false;
      const finish = () => {
        if (!done) {
          done = true;
          worker.inflight -= 1;
        }
      };
      const upstream = http.request(
        {
          host: "127.0.0.1",
          port: worker.port,
          method,
          path: req.url,
          headers,
          agent: worker.agent,
        },
        (response) => {
          responded = true;
          response.on("end", finish);
          response.on("close", finish);
          onResponse(response, worker);
        },
      );
      upstream.on("error", (error) => {
        finish();
        // A read that got no answer (its worker died or was being replaced) is safe to ask again.
        if ((method === "GET" || method === "HEAD") && !responded && !tried) {
          return toWorker(req, headers, method, body, onResponse, onError, worker);
        }
        onError(error);
      });
      if (body) body.pipe(upstream);
      else upstream.end();
    }, onError);
  }

  function fail(res: ServerResponse, error: Error) {
    log("front.upstream_error", { message: error.message });
    if (!res.headersSent) {
      res.writeHead(502, {
        "content-type": "text/plain; charset=utf-8",
        "cache-control": "no-store",
      });
      res.end("Bad gateway\n");
    } else {
      res.destroy(error);
    }
  }

  /** Straight through: the request body streams to the worker and the answer streams back. */
  function pass(req: IncomingMessage, res: ServerResponse, learn?: { base: string }) {
    const method = req.method ?? "GET";
    const bodiless = method === "GET" || method === "HEAD";
    toWorker(
      req,
      upstreamHeaders(req, trustProxy),
      method,
      bodiless ? null : req,
      (upstream) => {
        if (learn && cache) cache.learnVary(learn.base, upstream.headers, req.headers);
        // A write went through here: this front's readers see it at once (others within the TTL).
        if (!bodiless && method !== "OPTIONS" && (upstream.statusCode ?? 500) < 400) cache?.clear();
        relay(req, res, upstream);
      },
      (error) => fail(res, error),
    );
  }

  /** Asks a worker for a page to keep; answers this request from what it gets. */
  function fill(req: IncomingMessage, res: ServerResponse, base: string, key: string) {
    const c = cache!;
    let settle!: (filled: Filled | null) => void;
    c.trackFill(
      key,
      new Promise<Filled | null>((resolve) => {
        settle = resolve;
      }),
    );
    const headers = upstreamHeaders(req, trustProxy);
    delete headers["if-none-match"];
    delete headers["if-modified-since"];
    toWorker(
      req,
      headers,
      "GET",
      null,
      (upstream) => {
        const lifetime = sharedLifetime(upstream.statusCode ?? 0, upstream.headers);
        const length = Number(upstream.headers["content-length"] ?? 0);
        if (!lifetime || length > c.maxEntryBytes) {
          settle(null);
          if (lifetime === 0) c.learnVary(base, upstream.headers, req.headers);
          return relay(req, res, upstream);
        }
        const chunks: Buffer[] = [];
        let size = 0;
        upstream.on("data", (chunk: Buffer) => {
          chunks.push(chunk);
          size += chunk.length;
          if (size <= c.maxEntryBytes) return;
          // Too big to keep: this one answer streams on as it is, nobody waits for it.
          upstream.removeAllListeners("data");
          upstream.removeAllListeners("end");
          settle(null);
          const headers = responseHeaders(upstream.headers);
          headers["x-cache"] = "MISS";
          res.writeHead(upstream.statusCode ?? 200, headers);
          res.write(Buffer.concat(chunks));
          upstream.pipe(res);
        });
        upstream.on("error", (error) => {
          settle(null);
          fail(res, error);
        });
        upstream.on("end", async () => {
          try {
            const entry = await buildEntry(
              upstream.headers,
              Buffer.concat(chunks),
              lifetime,
              c.now(),
            );
            const fullKey = c.learnVary(base, upstream.headers, req.headers);
            c.set(fullKey, entry);
            settle({ key: fullKey, entry });
            serveEntry(req.method, req.headers, res, entry, c.now(), "MISS");
          } catch (error) {
            settle(null);
            fail(res, error as Error);
          }
        });
      },
      (error) => {
        settle(null);
        fail(res, error);
      },
    );
  }

  async function fromCache(req: IncomingMessage, res: ServerResponse) {
    const c = cache!;
    const host = req.headers.host;
    const url = req.url ?? "/";
    const { base, key } = c.keyFor(host, url, req.headers);
    const found = c.lookup(key);
    if (found?.fresh) return serveEntry(req.method, req.headers, res, found.entry, c.now(), "HIT");
    const pending = c.pendingFill(key);
    // Past its lifetime: one request fetches it anew, the others meanwhile get what is kept.
    if (found && pending) {
      return serveEntry(req.method, req.headers, res, found.entry, c.now(), "STALE");
    }
    if (found && req.method === "GET") return fill(req, res, base, key);
    if (pending) {
      const filled = await pending;
      // The fill may have learnt a Vary that sets this request apart from the one that filled it.
      if (filled && filled.key === c.keyFor(host, url, req.headers).key)
        return serveEntry(req.method, req.headers, res, filled.entry, c.now(), "HIT");
      return pass(req, res, { base });
    }
    if (req.method === "GET" && c.noteMiss(key)) return fill(req, res, base, key);
    pass(req, res, { base });
  }

  const handler = (req: IncomingMessage, res: ServerResponse) => {
    inflight += 1;
    res.on("close", () => {
      inflight -= 1;
    });
    const method = req.method ?? "GET";
    if (cache && (method === "GET" || method === "HEAD") && isAnonymous(req.headers)) {
      fromCache(req, res).catch((error) => fail(res, error));
      return;
    }
    pass(req, res);
  };

  return { handler, inflight: () => inflight };
}
