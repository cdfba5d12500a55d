/**
 * What the service worker may keep for reading offline, and what it never touches (decision
 * 066). Pure: the worker (app/sw/worker.ts) and tests/unit/offline-rules.test.ts share it.
 */

/** The kinds of page the worker tells apart by their path. */
export type PageKind =
  /** A story: kept when read (the last 20) or saved. */
  | "story"
  /** The home page and the lists: their last copy, with when it was fetched. */
  | "list"
  /** /offline and /saved: kept with each build, in both languages. */
  | "shell"
  /** Never kept, never answered from the store: private pages and the money path. */
  | "never"
  /** Anything else: from the network, the offline page when there is none. */
  | "other";

/** A story's page at either of its addresses (/story/{id} is what cards link to). */
const STORY = /^\/stor(?:y|ies)\/\d{1,15}$/;
const LISTS = new Set(["/", "/stories/all", "/stories/featured", "/donation-pools"]);
export const SHELL_PAGES = ["/offline", "/saved"] as const;

/**
 * Signed-in pages, the admin, /api and the donation flow: always fresh, whatever their answer
 * says (DESIGN §11: what the browser keeps is public reading only). Checked first, so that no
 * later rule can let one of them into the store.
 */
const NEVER = [
  /^\/admin(?:[/.]|$)/,
  /^\/api(?:[/.]|$)/,
  /^\/donate(?:[/.]|$)/,
  /^\/donation-pools\/[^/]+\/donate(?:[/.]|$)/,
  /^\/donations(?:[/.]|$)/,
  /^\/monthly(?:[/.]|$)/,
  /^\/account(?:[/.]|$)/,
  /^\/profile(?:[/._]|$)/,
  /^\/notifications(?:[/.]|$)/,
  /^\/login(?:[/.]|$)/,
  /^\/logout(?:[/.]|$)/,
  /^\/post-story(?:[/.]|$)/,
  /^\/stor(?:y|ies)\/[^/]+\/edit(?:[/.]|$)/,
  /^\/receipts(?:[/.]|$)/,
  /^\/resources\//,
];

export function pageKind(path: string): PageKind {
  if (NEVER.some((rule) => rule.test(path))) return "never";
  if (STORY.test(path)) return "story";
  if (LISTS.has(path)) return "list";
  if ((SHELL_PAGES as readonly string[]).includes(path)) return "shell";
  return "other";
}

/**
 * The page a request is for: single fetch asks for a client navigation's data at
 * `{path}.data` (the home page's at `/_root.data`), with its own `_routes` to leave out.
 */
export function pageOf(url: URL): { path: string; data: boolean } {
  if (url.pathname === "/_root.data") return { path: "/", data: true };
  if (url.pathname.endsWith(".data")) return { path: url.pathname.slice(0, -5), data: true };
  return { path: url.pathname, data: false };
}

/** Where single fetch asks for a page's data. */
export function dataPath(path: string): string {
  return path === "/" ? "/_root.data" : `${path}.data`;
}

/** The entries a kept story has in its cache: page, data and picture. */
export function storyKeys(story: { path: string; phone: string | null }): string[] {
  return [story.path, dataPath(story.path), ...(story.phone ? [story.phone] : [])];
}

/**
 * The key a page's copy is kept under: a story by its path alone (a query changes nothing on
 * it), a list with its query (page 2 is another list), less the `lng` the worker's own requests
 * carry and single fetch's `_routes`.
 */
export function keepKey(url: URL, kind: PageKind): string {
  const { path, data } = pageOf(url);
  const key = data ? dataPath(path) : path;
  if (kind !== "list") return key;
  const query = new URLSearchParams(url.search);
  query.delete("lng");
  query.delete("_routes");
  query.sort();
  const search = query.toString();
  return search ? `${key}?${search}` : key;
}

/** Who asked: the reader's own request (with their cookies) or the worker's, without any. */
export type Asker = "reader" | "worker";

export interface Answer {
  status: number;
  headers: Pick<Headers, "get">;
}

const KEPT_TYPES = /^(?:text\/html|text\/x-script|image\/)/;

/**
 * Whether an answer may be kept on the device. Never one that sets a cookie or says `no-store`.
 * An answer to the reader's own request came with their cookies: kept only when the app marked
 * it the same for every visitor (`public`, decision 014), so a signed-in page never is. The
 * worker's own requests carry no cookie at all, so nothing in their answer can be a person's;
 * there `private` only keeps shared caches away (a page with absolute links while SITE_URL is
 * unset, or the `lng` the request names), and the copy is kept.
 */
export function mayKeep(answer: Answer, asker: Asker): boolean {
  if (answer.status !== 200) return false;
  if (answer.headers.get("set-cookie")) return false;
  if (!KEPT_TYPES.test(answer.headers.get("content-type") ?? "")) return false;
  const control = (answer.headers.get("cache-control") ?? "").toLowerCase();
  if (/\bno-store\b/.test(control)) return false;
  if (asker === "worker") return true;
  return /\bpublic\b/.test(control) && !/\bprivate\b/.test(control);
}

/** Whether a request may be answered from the store at all. */
export function mayAnswerFromStore(request: {
  method: string;
  url: string;
  headers: Pick<Headers, "has">;
}): boolean {
  if (request.method !== "GET" || request.headers.has("authorization")) return false;
  const kind = pageKind(pageOf(new URL(request.url)).path);
  return kind === "story" || kind === "list" || kind === "shell";
}

/** The header a kept copy carries: when it was fetched (ms since the epoch). */
export const FETCHED_AT = "x-sw-fetched-at";

/** A kept copy's age in ms, or Infinity when it says nothing. */
export function ageOf(answer: Pick<Answer, "headers">, now = Date.now()): number {
  const at = Number(answer.headers.get(FETCHED_AT));
  return Number.isFinite(at) && at > 0 ? now - at : Number.POSITIVE_INFINITY;
}

/**
 * The offline page's address for a page that is not kept; `from` is where the reader was going,
 * for its "Try again" link.
 */
export function offlineHref(from: URL): string {
  const query = new URLSearchParams(from.search);
  query.delete("_routes");
  const search = query.toString();
  const page = `${pageOf(from).path}${search ? `?${search}` : ""}`;
  return `/offline?from=${encodeURIComponent(page)}`;
}
