import type { IncomingHttpHeaders } from "node:http";

/**
 * Which requests and answers the front's cache may share (decision 037). The same rule as the
 * app's own (app/http/shared-cache.server.ts, decision 014), restated here because the front
 * runs outside the Remix build; tests/unit/front-rules.test.ts checks both agree.
 */

export const LANGUAGE_COOKIE = "lng";
export const THEME_COOKIE = "storyshare-theme";
/** Light mode's own switch (app/lib/light-mode.ts, decision 065). */
export const LIGHT_COOKIE = "storyshare-light";
const SHARED_COOKIES = new Set([LANGUAGE_COOKIE, THEME_COOKIE, LIGHT_COOKIE]);

/** The cookie part of a key: the language, theme and light-mode choices. */
function choicesOf(cookies: Map<string, string>): string {
  return `${cookies.get(LANGUAGE_COOKIE) ?? ""};${cookies.get(THEME_COOKIE) ?? ""};${cookies.get(LIGHT_COOKIE) ?? ""}`;
}

function choices(headers: IncomingHttpHeaders): string {
  return choicesOf(parseCookies(headers.cookie));
}

/** The choices of a request without cookies (most of the requests a cache answers). */
const NO_CHOICES = ";;";

/**
 * Whether a browser asks for light pages: `Save-Data: on`, whatever its case, parameters after
 * the token ignored (app/lib/light-mode.ts `saveDataOn`, which the unit tests hold it to).
 */
export function saveDataOn(value: string | string[] | undefined): boolean {
  const text = Array.isArray(value) ? value.join(",") : (value ?? "");
  return text.split(";")[0]!.trim().toLowerCase() === "on";
}

/** Cookie name → value, the first of each name winning, as the app's parsers do. */
export function parseCookies(header: string | undefined): Map<string, string> {
  const cookies = new Map<string, string>();
  if (!header) return cookies;
  for (const part of header.split(";")) {
    const at = part.indexOf("=");
    const name = (at < 0 ? part : part.slice(0, at)).trim();
    if (!name || cookies.has(name)) continue;
    cookies.set(name, at < 0 ? "" : part.slice(at + 1).trim());
  }
  return cookies;
}

/**
 * The cookie part of an anonymous request's key, or null when the request is not anonymous: the
 * Cookie header parsed once for the rule and the key (a cache hit used to parse it three times).
 */
export function anonymousChoices(headers: IncomingHttpHeaders): string | null {
  // The app keys on cookies alone; a credential in Authorization is never shared either.
  if (headers.authorization) return null;
  if (!headers.cookie) return NO_CHOICES;
  const cookies = parseCookies(headers.cookie);
  for (const name of cookies.keys()) {
    if (!SHARED_COOKIES.has(name)) return null;
  }
  return choicesOf(cookies);
}

/** True when nothing in the request can make a page differ from another visitor's. */
export function isAnonymous(headers: IncomingHttpHeaders): boolean {
  return anonymousChoices(headers) !== null;
}

/** Seconds a shared cache may keep this answer, or 0 when it must not keep it at all. */
export function sharedLifetime(status: number, headers: IncomingHttpHeaders): number {
  if (status !== 200 || headers["set-cookie"]) return 0;
  const cacheControl = String(headers["cache-control"] ?? "").toLowerCase();
  const directives = new Map(
    cacheControl
      .split(",")
      .map((d): [string, string] => {
        const [name = "", value = ""] = d.trim().split("=");
        return [name, value];
      })
      .filter(([name]) => name),
  );
  if (!directives.has("public")) return 0;
  if (directives.has("private") || directives.has("no-store") || directives.has("no-cache"))
    return 0;
  const seconds = Number(directives.get("s-maxage"));
  if (!Number.isFinite(seconds) || seconds <= 0) return 0;
  if (varyNames(headers).includes("*")) return 0;
  return seconds;
}

/** The request headers an answer names in Vary, lower-cased. */
export function varyNames(headers: IncomingHttpHeaders): string[] {
  const raw = headers.vary;
  const text = Array.isArray(raw) ? raw.join(",") : (raw ?? "");
  return [
    ...new Set(
      text
        .split(",")
        .map((v) => v.trim().toLowerCase())
        .filter(Boolean),
    ),
  ];
}

/**
 * The part of a cache key a request's headers contribute for the answer's Vary. Cookie is
 * reduced to the language, theme and light mode (an anonymous request carries nothing else);
 * Save-Data to whether it is on, the only value the app reads; Accept-Encoding is the front's own
 * business (it keeps every encoding of an entry).
 */
export function varyKey(
  names: string[],
  headers: IncomingHttpHeaders,
  cookieChoices?: string,
): string {
  const parts: string[] = [];
  for (const name of names) {
    if (name === "accept-encoding") continue;
    if (name === "cookie") {
      parts.push(`cookie=${cookieChoices ?? choices(headers)}`);
      continue;
    }
    if (name === "save-data") {
      parts.push(`save-data=${saveDataOn(headers["save-data"]) ? "on" : ""}`);
      continue;
    }
    const value = headers[name];
    parts.push(`${name}=${Array.isArray(value) ? value.join(",") : (value ?? "")}`);
  }
  return parts.join("\n");
}

/** The key before Vary: host, path and query; the language, theme and light mode always count. */
export function baseKey(
  host: string | undefined,
  url: string,
  headers: IncomingHttpHeaders,
  cookieChoices?: string,
) {
  return `${host ?? ""} ${url} ${cookieChoices ?? choices(headers)}`;
}

/**
 * The header with which the app names what a write changed (decision 046): `*` for anything
 * shared, `none` for nothing shared, or paths whose pages (and the lists that show them) it
 * changed. The front reads it from its workers' answers and never passes it on.
 */
export const PURGE_HEADER = "x-cache-purge";

/** What a write's answer says it changed: every shared page, none, or these paths. */
export type PurgeScope = "all" | "none" | string[];

export function purgeScope(value: string | string[] | undefined): PurgeScope {
  const text = (Array.isArray(value) ? value.join(",") : (value ?? "")).trim();
  // An app that did not say is believed to have changed everything: stale is the safe side.
  if (!text || text === "*") return "all";
  if (text === "none") return "none";
  const paths = text
    .split(",")
    .map((p) => p.trim())
    .filter((p) => p.startsWith("/"));
  return paths.length ? paths : "all";
}
