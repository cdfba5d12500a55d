import { createHash } from "node:crypto";
import type { IncomingHttpHeaders, OutgoingHttpHeaders, ServerResponse } from "node:http";
import { promisify } from "node:util";
import zlib from "node:zlib";
import { baseKey, type PurgeScope, varyKey, varyNames } from "./rules";

/** Whether a path a write named covers the page a key was stored for (`host url lng;theme…`). */
function coversKey(path: string, key: string): boolean {
  const url = key.split(" ", 2)[1] ?? "";
  const at = url.indexOf("?");
  const pathname = at < 0 ? url : url.slice(0, at);
  if (path === "/" || pathname === path) return pathname === path;
  return pathname.startsWith(path.endsWith("/") ? path : `${path}/`);
}

/**
 * The front's cache of shared answers (decision 037): kept whole, compressed once in both
 * encodings, per Vary variant, for the answer's s-maxage, in a least-recently-used store bounded
 * by bytes. A key is stored only at its second miss within a lifetime, so one-off URLs (a crawler
 * walking every page) do not push out the pages everybody reads.
 */

const gzip = promisify(zlib.gzip);
const brotli = promisify(zlib.brotliCompress);

export interface Entry {
  status: number;
  headers: OutgoingHttpHeaders;
  identity: Buffer;
  gzip: Buffer;
  br: Buffer;
  etag: string;
  storedAt: number;
  /** Fresh until then; after it, served only while one request fetches it anew. */
  expiresAt: number;
  /** Never served after this: twice its lifetime from when it was stored. */
  staleUntil: number;
  size: number;
  /**
   * Per encoding, the answer's headers as `res.writeHead` takes them (`[name, value, …]`), made
   * once at fill: a hit used to spread, stringify and join them anew for every request.
   */
  lists: Record<Encoding, string[]>;
  /** The last list served per encoding and cache status with its Age, reused until Age changes. */
  served: ({ age: number; list: string[] } | undefined)[];
}

/** Headers an entry does not keep: per connection, or set again when it is served. */
const DROPPED = new Set([
  "connection",
  "keep-alive",
  "transfer-encoding",
  "content-length",
  "content-encoding",
  "date",
  "etag",
  "age",
  "x-cache",
]);

export async function buildEntry(
  headers: IncomingHttpHeaders,
  body: Buffer,
  lifetimeSeconds: number,
  now: number,
): Promise<Entry> {
  const kept: OutgoingHttpHeaders = {};
  for (const [name, value] of Object.entries(headers)) {
    if (value !== undefined && !DROPPED.has(name)) kept[name] = value;
  }
  const names = varyNames(headers);
  if (!names.includes("accept-encoding")) names.push("accept-encoding");
  kept.vary = names.map((n) => n.replace(/(^|-)\w/g, (c) => c.toUpperCase())).join(", ");
  const [gz, br] = await Promise.all([
    gzip(body, { level: 9 }),
    brotli(body, {
      params: {
        // Once per fill, off the event loop, but on a core the hits share: quality 5 costs a
        // twelfth of 9's CPU for 3 % more bytes (the home page, issue 45), and a page is filled
        // anew every 10 s.
        [zlib.constants.BROTLI_PARAM_QUALITY]: 5,
        [zlib.constants.BROTLI_PARAM_SIZE_HINT]: body.length,
      },
    }),
  ]);
  const hash = createHash("sha256").update(body).digest("base64url").slice(0, 27);
  const common: string[] = [];
  let headerChars = 0;
  for (const [name, value] of Object.entries(kept)) {
    // One line per value, as Node writes an array value.
    for (const v of Array.isArray(value) ? value : [value]) {
      common.push(name, String(v));
      headerChars += name.length + String(v).length;
    }
  }
  const identity = ownMemory(body);
  const gzipped = ownMemory(gz);
  const brotlied = ownMemory(br);
  const list = (encoding: Encoding, length: number) => [
    ...common,
    "etag",
    etagFor(hash, encoding),
    ...(encoding === "identity" ? [] : ["content-encoding", encoding]),
    "content-length",
    String(length),
  ];
  return {
    status: 200,
    headers: kept,
    identity,
    gzip: gzipped,
    br: brotlied,
    etag: hash,
    storedAt: now,
    expiresAt: now + lifetimeSeconds * 1000,
    staleUntil: now + 2 * lifetimeSeconds * 1000,
    // The three bodies, the header strings (shared by the object and the lists), and the
    // objects, lists and key around them.
    size: identity.length + gzipped.length + brotlied.length + headerChars + ENTRY_OVERHEAD,
    lists: {
      identity: list("identity", identity.length),
      gzip: list("gzip", gzipped.length),
      br: list("br", brotlied.length),
    },
    served: [],
  };
}

/** What an entry's count allows for besides its bodies and header strings. */
const ENTRY_OVERHEAD = 1024;

/**
 * The buffer itself when it owns exactly its memory, else a copy that does. zlib answers with a
 * slice of its 16 KB output chunk, and small buffers are slices of Node's shared 8 KB pool: kept
 * as they come, a 3 KB /api page in gzip held 16 KB that the cache's count did not see
 * (issue 45 item 6, decision 069).
 */
function ownMemory(buffer: Buffer): Buffer {
  if (buffer.byteOffset === 0 && buffer.buffer.byteLength === buffer.length) return buffer;
  const own = Buffer.allocUnsafeSlow(buffer.length);
  buffer.copy(own);
  return own;
}

/** A finished fill: the key it was stored under (requests that waited may map to another). */
export interface Filled {
  key: string;
  entry: Entry;
}

export type Encoding = "br" | "gzip" | "identity";

/**
 * Accept-Encoding → the encoding chosen for it. Browsers send a handful of values, so each is
 * parsed once; bounded, since the header is the client's to choose.
 */
const chosen = new Map<string, Encoding>();

/** The best encoding the client accepts (q=0 refuses one). */
export function chooseEncoding(acceptEncoding: string | undefined): Encoding {
  if (!acceptEncoding) return "identity";
  let encoding = chosen.get(acceptEncoding);
  if (encoding === undefined) {
    encoding = parseAcceptEncoding(acceptEncoding);
    if (chosen.size >= 256) chosen.clear();
    chosen.set(acceptEncoding, encoding);
  }
  return encoding;
}

function parseAcceptEncoding(acceptEncoding: string): Encoding {
  const accepted = new Map<string, number>();
  for (const part of acceptEncoding.toLowerCase().split(",")) {
    const [coding, ...params] = part.trim().split(";");
    const q = params.map((p) => p.trim()).find((p) => p.startsWith("q="));
    accepted.set(coding!.trim(), q ? Number(q.slice(2)) : 1);
  }
  const wants = (c: string) => (accepted.get(c) ?? accepted.get("*") ?? 0) > 0;
  if (wants("br")) return "br";
  if (wants("gzip")) return "gzip";
  return "identity";
}

const etagFor = (hash: string, encoding: Encoding) =>
  encoding === "identity" ? `"${hash}"` : `"${hash}-${encoding}"`;

/** If-None-Match names this entry (in any encoding: the content is the same). */
function matches(entry: Entry, ifNoneMatch: string | undefined): boolean {
  if (!ifNoneMatch) return false;
  if (ifNoneMatch.trim() === "*") return true;
  return ifNoneMatch
    .split(",")
    .map((t) => t.trim().replace(/^W\//, "").replace(/^"|"$/g, ""))
    .some((t) => t === entry.etag || t.startsWith(`${entry.etag}-`));
}

export function serveEntry(
  method: string | undefined,
  requestHeaders: IncomingHttpHeaders,
  res: ServerResponse,
  entry: Entry,
  now: number,
  cacheStatus: "HIT" | "MISS" | "STALE",
) {
  const encoding = chooseEncoding(requestHeaders["accept-encoding"]);
  const age = Math.max(0, Math.floor((now - entry.storedAt) / 1000));
  if (matches(entry, requestHeaders["if-none-match"])) {
    res.writeHead(304, {
      ...entry.headers,
      etag: etagFor(entry.etag, encoding),
      age: String(age),
      "x-cache": cacheStatus,
    });
    res.end();
    return;
  }
  // Node validates and joins each header of the list as it would an object's; only Age changes
  // between hits (once a second), so the same list serves every hit of that second.
  const slot = ENCODING_SLOT[encoding] + STATUS_SLOT[cacheStatus];
  let served = entry.served[slot];
  if (served?.age !== age) {
    served = { age, list: [...entry.lists[encoding], "age", String(age), "x-cache", cacheStatus] };
    entry.served[slot] = served;
  }
  res.writeHead(entry.status, served.list);
  res.end(
    method === "HEAD" ? undefined : encoding === "identity" ? entry.identity : entry[encoding],
  );
}

const ENCODING_SLOT: Record<Encoding, number> = { identity: 0, gzip: 3, br: 6 };
const STATUS_SLOT = { HIT: 0, MISS: 1, STALE: 2 } as const;

export interface PageCacheOptions {
  maxBytes: number;
  /** An entry larger than this share of the store is never kept. */
  maxEntryShare?: number;
  now?: () => number;
}

/** The window in which a second miss stores a key when its answer's lifetime is not known yet. */
const DEFAULT_WINDOW_MS = 10_000;

export class PageCache {
  private entries = new Map<string, Entry>();
  /** Base key → the request headers its answers vary on (learnt from the last answer). */
  private varies = new Map<string, string[]>();
  /** Key → when it last missed, for the second-miss rule. */
  private misses = new Map<string, number>();
  private pending = new Map<string, Promise<Filled | null>>();
  private bytes = 0;
  readonly maxBytes: number;
  readonly maxEntryBytes: number;
  readonly now: () => number;

  constructor(options: PageCacheOptions) {
    this.maxBytes = options.maxBytes;
    this.maxEntryBytes = Math.floor(options.maxBytes * (options.maxEntryShare ?? 0.125));
    this.now = options.now ?? Date.now;
  }

  get size() {
    return this.bytes;
  }

  get count() {
    return this.entries.size;
  }

  /**
   * What the cache holds (issue 45 item 6): its own count, the bound it keeps, and the memory its
   * bodies' buffers really hold, which may not exceed the count; the miss and Vary notes are
   * bounded by number, not bytes.
   */
  stats() {
    let bodyBytes = 0;
    let retainedBytes = 0;
    for (const entry of this.entries.values()) {
      for (const body of [entry.identity, entry.gzip, entry.br]) {
        bodyBytes += body.length;
        retainedBytes += body.buffer.byteLength;
      }
    }
    return {
      cacheBytes: this.bytes,
      cacheEntries: this.entries.size,
      maxBytes: this.maxBytes,
      bodyBytes,
      retainedBytes,
      misses: this.misses.size,
      varies: this.varies.size,
    };
  }

  /** The full key of a request: its base key, then the values of what the answers vary on. */
  keyFor(
    host: string | undefined,
    url: string,
    headers: IncomingHttpHeaders,
    cookieChoices?: string,
  ) {
    const base = baseKey(host, url, headers, cookieChoices);
    const names = this.varies.get(base);
    return { base, key: names ? `${base}\n${varyKey(names, headers, cookieChoices)}` : base };
  }

  /**
   * The entry for a key: fresh within its lifetime; stale for as long again, when it may still be
   * served while one request fetches it anew (nginx's `proxy_cache_use_stale updating`).
   */
  lookup(key: string): { entry: Entry; fresh: boolean } | undefined {
    const entry = this.entries.get(key);
    if (!entry) return undefined;
    const now = this.now();
    if (entry.staleUntil <= now) {
      this.delete(key);
      // It was read while it lived: refill it at once rather than wait for a second miss.
      this.misses.set(key, now);
      return undefined;
    }
    // Most recently used last: the Map's order is the eviction order.
    this.entries.delete(key);
    this.entries.set(key, entry);
    return { entry, fresh: entry.expiresAt > now };
  }

  /** A fresh entry, or nothing. */
  get(key: string): Entry | undefined {
    const found = this.lookup(key);
    return found?.fresh ? found.entry : undefined;
  }

  /** Records a miss; true when it is the key's second within the window (so worth storing). */
  noteMiss(key: string): boolean {
    const now = this.now();
    const last = this.misses.get(key);
    if (last !== undefined && now - last < DEFAULT_WINDOW_MS) {
      this.misses.delete(key);
      return true;
    }
    this.misses.set(key, now);
    if (this.misses.size > 100_000) this.sweepMisses(now);
    return false;
  }

  /** The fill under way for a key, so that concurrent misses wait for one render. */
  pendingFill(key: string) {
    return this.pending.get(key);
  }

  trackFill(key: string, fill: Promise<Filled | null>) {
    this.pending.set(key, fill);
    const done = () => this.pending.delete(key);
    fill.then(done, done);
  }

  /** Learns what answers for a base key vary on; the key a request maps to may change with it. */
  learnVary(base: string, headers: IncomingHttpHeaders, requestHeaders: IncomingHttpHeaders) {
    const names = varyNames(headers);
    // Bounded like the misses: a crawler's endless query strings must not grow it for ever.
    if (this.varies.size > 100_000) this.varies.clear();
    this.varies.set(base, names);
    const key = `${base}\n${varyKey(names, requestHeaders)}`;
    // A miss counted before the Vary was known counts for the full key.
    const mark = this.misses.get(base);
    if (mark !== undefined) {
      this.misses.delete(base);
      if (!this.misses.has(key)) this.misses.set(key, mark);
    }
    return key;
  }

  set(key: string, entry: Entry): boolean {
    if (entry.size > this.maxEntryBytes) return false;
    this.delete(key);
    this.entries.set(key, entry);
    this.bytes += entry.size;
    for (const [oldest, old] of this.entries) {
      if (this.bytes <= this.maxBytes) break;
      this.entries.delete(oldest);
      this.bytes -= old.size;
    }
    return true;
  }

  /** Drops every entry. */
  clear() {
    this.entries.clear();
    this.bytes = 0;
  }

  /**
   * After a write through this front (decision 046): the pages it changed are no longer fresh, so
   * the next reader of each fetches it anew while the others are served the kept copy meanwhile.
   * A path names its page and the pages under it (`/stories/12` and `/stories/12/…`); `/` the
   * home page alone.
   */
  markStale(scope: PurgeScope) {
    if (scope === "none") return;
    const now = this.now();
    for (const [key, entry] of this.entries) {
      if (entry.expiresAt <= now) continue;
      if (scope === "all" || scope.some((path) => coversKey(path, key))) entry.expiresAt = now;
    }
  }

  private delete(key: string) {
    const entry = this.entries.get(key);
    if (!entry) return;
    this.entries.delete(key);
    this.bytes -= entry.size;
  }

  private sweepMisses(now: number) {
    for (const [key, at] of this.misses) {
      if (now - at >= DEFAULT_WINDOW_MS) this.misses.delete(key);
    }
  }
}
