import { configuredOrigin } from "~/http/origin.server";
import { LIGHT_COOKIE } from "~/lib/light-mode";
import { varyOnSaveData } from "~/lib/light-mode.server";
import { THEME_COOKIE } from "~/theme.server";

/**
 * Which HTML pages a shared cache (a reverse proxy or CDN in front of the servers) may keep,
 * decision 014. A page is shared only when it is the same for every visitor who sends the same
 * Cookie header: a public route, read with no cookie but the language, theme and light mode,
 * answered 200 without setting a cookie. `Vary: Cookie` keeps visitors with different cookies
 * apart, `Vary: Save-Data` the browsers that ask for light pages (decision 065); the
 * "fresh" cookie, set by every form post and /api write, takes a visitor out of the shared
 * cache for a while, so that nobody is shown a cached page from before their own write.
 */

/** Seconds a shared cache may serve a page without asking again. */
export const SHARED_MAX_AGE = 10;

const FRESH_COOKIE = "storyshare_fresh";
// The reader's choices of how pages look: each a part of the key, never of who they are.
const SHARED_COOKIES = new Set(["lng", THEME_COOKIE, LIGHT_COOKIE]);

export const FRESH_SET_COOKIE = `${FRESH_COOKIE}=1; Path=/; Max-Age=${SHARED_MAX_AGE * 6}; HttpOnly; SameSite=Lax`;

/**
 * What a write changed that a shared cache may hold (decision 046), told to `npm start`'s front in
 * the answer's X-Cache-Purge (which the front never passes on): every shared page (the default),
 * none (a theme, a language, signing in or out: nothing another visitor sees), or the paths of the
 * pages it changed (a path covers the pages under it; `/` is the home page alone).
 */
export type SharedChange = "all" | "none" | readonly string[];

export const PURGE_HEADER = "X-Cache-Purge";

export function purgeValue(change: SharedChange): string {
  if (change === "all") return "*";
  if (change === "none") return "none";
  return change.join(", ");
}

/** Route modules that opt in: `export const handle = { sharedCache: true }`. */
export interface SharedCacheHandle {
  sharedCache?: boolean;
  /**
   * The page embeds absolute links (canonical and Open Graph URLs): without SITE_URL they come
   * from the request's Host, so the page is shared only when SITE_URL is set.
   */
  absoluteLinks?: boolean;
}

/** Whether a route's handle lets a shared cache keep its page (for anonymous visitors). */
export function routeAllowsSharing(handle: SharedCacheHandle | undefined): boolean {
  return handle?.sharedCache === true && (!handle.absoluteLinks || configuredOrigin() !== null);
}

function cookieNames(request: Request): string[] {
  const header = request.headers.get("Cookie");
  if (!header) return [];
  return header
    .split(";")
    .map((part) => part.split("=")[0]!.trim())
    .filter(Boolean);
}

/** True when nothing in the request can make a page differ from another visitor's. */
export function isAnonymousRequest(request: Request): boolean {
  return cookieNames(request).every((name) => SHARED_COOKIES.has(name));
}

/** Sets Cache-Control and Vary on an HTML document the route did not already decide for. */
export function applyDocumentCaching(
  request: Request,
  status: number,
  headers: Headers,
  routeAllows: boolean,
) {
  headers.append("Vary", "Cookie");
  // A browser's Save-Data turns light mode on (decision 065): every document differs by it.
  varyOnSaveData(headers);
  if (headers.has("Cache-Control")) return;
  const shared =
    routeAllows &&
    request.method === "GET" &&
    status === 200 &&
    !headers.has("Set-Cookie") &&
    isAnonymousRequest(request);
  headers.set(
    "Cache-Control",
    shared ? `public, max-age=0, s-maxage=${SHARED_MAX_AGE}` : "private, no-cache",
  );
}

/** A public /api read (`apiLoader(…, { sharedCache: true })`): shared like a page when anonymous. */
export function shareIfAnonymous(request: Request, response: Response): Response {
  const shared =
    request.method === "GET" &&
    response.status === 200 &&
    !response.headers.has("Set-Cookie") &&
    isAnonymousRequest(request);
  response.headers.append("Vary", "Cookie");
  // An /api answer may name a former member in the client's language, which Accept-Language
  // can choose (decision 031), so a shared cache keeps the languages apart.
  response.headers.append("Vary", "Accept-Language");
  if (shared) {
    response.headers.set("Cache-Control", `public, max-age=0, s-maxage=${SHARED_MAX_AGE}`);
  }
  return response;
}
