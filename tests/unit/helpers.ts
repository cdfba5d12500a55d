import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { expect } from "vitest";
import { BOT_TRAP_FIELDS } from "~/constants";
import { botTrapToken } from "~/http/bot-trap.server";
/** Builds requests the way a browser on the test origin would send them. */
export const ORIGIN = "http://localhost:3000";

export function jsonRequest(
  path: string,
  body: unknown,
  init: RequestInit & { cookie?: string } = {},
) {
  const headers = new Headers(init.headers);
  headers.set("content-type", "application/json");
  headers.set("host", "localhost:3000");
  if (init.cookie) headers.set("cookie", init.cookie);
  return new Request(`${ORIGIN}${path}`, {
    method: "POST",
    ...init,
    headers,
    body: JSON.stringify(body),
  });
}

/**
 * A form post as a person sends it: with the bot check's signed time of a form shown a minute ago
 * (app/http/bot-trap.server.ts), unless the fields say otherwise.
 */
export function formRequest(path: string, fields: Record<string, string>, cookie?: string) {
  const headers = new Headers({ host: "localhost:3000", origin: ORIGIN });
  if (cookie) headers.set("cookie", cookie);
  return new Request(`${ORIGIN}${path}`, {
    method: "POST",
    headers,
    body: new URLSearchParams({
      [BOT_TRAP_FIELDS.started]: botTrapToken(Date.now() - 60_000),
      ...fields,
    }),
  });
}

export function getRequest(path: string, cookie?: string) {
  const headers = new Headers({ host: "localhost:3000" });
  if (cookie) headers.set("cookie", cookie);
  return new Request(`${ORIGIN}${path}`, { headers });
}

/** The `name=value` part of every Set-Cookie, joined as a Cookie header. */
export function cookiesFrom(response: Response, previous = ""): string {
  const jar = new Map(
    previous
      .split(/;\s*/)
      .filter(Boolean)
      .map((c) => [c.split("=")[0]!, c] as const),
  );
  for (const header of response.headers.getSetCookie()) {
    const pair = header.split(";")[0]!;
    const name = pair.split("=")[0]!;
    if (/Max-Age=0|Expires=Thu, 01 Jan 1970/i.test(header)) jar.delete(name);
    else jar.set(name, pair);
  }
  return [...jar.values()].join("; ");
}

/** What Remix hands a loader or an action: the request, the path's params, an empty context. */
export type RouteArgs = LoaderFunctionArgs & ActionFunctionArgs;

export const routeArgs = (request: Request, params: Record<string, string> = {}): RouteArgs => ({
  request,
  params,
  context: {},
});

/**
 * What Remix hands a route's meta: its loader's data, a location, no parent routes. Typed, so
 * `meta(metaArgs(data))` checks `data` against the route's loader with no cast.
 */
export const metaArgs = <Data>(data: Data) => ({
  data,
  params: {},
  location: { pathname: "/", search: "", hash: "", state: null, key: "default" },
  matches: [],
});

/** What a loader answered with `data(body, init)`: its body, and its cookies as a Cookie header. */
export function loaderResult<T>(result: unknown): { data: T; cookie: string } {
  const wrapped = result as { type?: string; data?: T; init?: ResponseInit | null };
  if (wrapped?.type !== "DataWithResponseInit") return { data: result as T, cookie: "" };
  const response = new Response(null, { headers: wrapped.init?.headers });
  return { data: wrapped.data as T, cookie: cookiesFrom(response) };
}

/**
 * Where an admin screen sends someone who is not an administrator: a signed-in user home (spec
 * 01 §6), a visitor who is not signed in to sign in first, coming back afterwards.
 */
export function expectSentAway(response: unknown, cookie: string | undefined) {
  const location = (response as Response).headers.get("Location");
  if (cookie) expect(location).toBe("/");
  else expect(location).toMatch(/^\/login\?redirect=%2Fadmin/);
}

/** Only the session cookie of `cookies`: a member who has not just written anything. */
export const sessionOnly = (cookies: string) =>
  cookies
    .split(/;\s*/)
    .filter((c) => c.startsWith("storyshare_session="))
    .join("; ");

/** Signs in through POST /api/login and returns the session cookies, for the next requests. */
export async function signInAs(username: string, password = "secret-pass"): Promise<string> {
  const { action: login } = await import("~/routes/api.login");
  const res = await login(routeArgs(jsonRequest("/api/login", { username, password })));
  expect(res.status, `signing in as ${username}`).toBe(200);
  return cookiesFrom(res);
}
