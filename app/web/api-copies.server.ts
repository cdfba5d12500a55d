import { gzipSync } from "node:zlib";
import { LRUCache } from "lru-cache";
import { acceptsGzip } from "~/http/gzip-parts.server";
import { SHARED_MAX_AGE } from "~/http/shared-cache.server";
import { COPY_HEADER, MEMBER_COOKIES } from "~/web/member-pages.server";

/**
 * Members' copies of /api answers (decision 071): an operation that declares its answer the same
 * for members as for anyone (`sameForMembers`, public and shared-cache only) keeps the answer a
 * member's request got, for as long as a shared cache keeps the anonymous one, and the front's
 * channel gives it to the next member who asks for the same address in the same language without
 * express or Remix. The anonymous answers themselves are kept by the front's cache (decision 014),
 * which a member's request never reaches.
 */

interface ApiCopy {
  headers: [string, string][];
  /** Gzipped once; the front passes it on as HTTP would after its own compression. */
  body: Buffer;
  freshUntil: number;
}

const FRESH_MS = SHARED_MAX_AGE * 1000;

const copies = new LRUCache<string, ApiCopy>({
  maxSize: 8 * 1024 * 1024,
  sizeCalculation: (copy) => copy.body.length + 512,
  ttl: FRESH_MS,
});

/** Set again for each answer, or by the front. */
const PER_ANSWER = new Set(["content-length", "content-encoding", "set-cookie", "date"]);

/**
 * The key of a member's GET to /api whose answer may be a copy: the address and everything else
 * that may change it (the language's, theme's and light mode's cookies, Accept-Language,
 * Save-Data), or null. Only a member's request with no cookie but those and no Authorization.
 */
export function apiCopyKey(request: Request): string | null {
  if (request.method !== "GET" || request.headers.has("Authorization")) return null;
  const url = new URL(request.url);
  if (!url.pathname.startsWith("/api/")) return null;
  const kept: string[] = [];
  let member = false;
  for (const part of (request.headers.get("Cookie") ?? "").split(";")) {
    const name = part.split("=")[0]!.trim();
    if (!name) continue;
    if (!MEMBER_COOKIES.has(name)) return null;
    if (name === "storyshare_session") member = true;
    else if (name !== "storyshare_device") kept.push(part.trim());
  }
  if (!member) return null;
  return [
    url.host,
    url.pathname + url.search,
    kept.sort().join("; "),
    request.headers.get("Accept-Language") ?? "",
    request.headers.get("Save-Data") ?? "",
  ].join("\n");
}

/**
 * After an operation that is the same for members answered `request`: keeps its answer as the
 * copy for its key (a 200 that sets no cookie).
 * Returns an answer to send in its place (the body has been read).
 */
export async function keepForMembers(request: Request, answer: Response): Promise<Response> {
  const key = apiCopyKey(request);
  if (key === null || answer.status !== 200 || answer.headers.has("Set-Cookie")) return answer;
  const body = Buffer.from(await answer.arrayBuffer());
  const headers: [string, string][] = [];
  for (const [name, value] of answer.headers) {
    if (!PER_ANSWER.has(name)) headers.push([name, value]);
  }
  copies.set(key, { headers, body: gzipSync(body), freshUntil: Date.now() + FRESH_MS });
  return new Response(body as Uint8Array<ArrayBuffer>, {
    status: answer.status,
    statusText: answer.statusText,
    headers: answer.headers,
  });
}

/**
 * A member's /api answer from a fresh copy, with the headers the front gives it over HTTP
 * (compressed, varied on Accept-Encoding, a strong ETag made weak), or null.
 */
export function answerApiCopy(
  request: Request,
): { page: Buffer; headers: [string, string][] } | null {
  // The copy is gzipped; the front sends a client that does not take it over HTTP anyway.
  const key = acceptsGzip(request.headers.get("Accept-Encoding")) ? apiCopyKey(request) : null;
  const copy = key === null ? undefined : copies.get(key);
  if (!copy || copy.freshUntil <= Date.now()) return null;
  const headers: [string, string][] = [];
  let varied = false;
  for (const [name, value] of copy.headers) {
    if (name === "vary") {
      varied = true;
      const names = value.toLowerCase().split(/\s*,\s*/);
      headers.push([name, names.includes("accept-encoding") ? value : `${value}, Accept-Encoding`]);
    } else if (name === "etag" && !value.startsWith("W/")) headers.push([name, `W/${value}`]);
    else headers.push([name, value]);
  }
  if (!varied) headers.push(["vary", "Accept-Encoding"]);
  headers.push(["content-encoding", "gzip"], [COPY_HEADER, "hit"]);
  return { page: copy.body, headers };
}

/** Forgets every copy (tests). */
export function forgetApiCopies() {
  copies.clear();
}
