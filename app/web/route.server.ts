import { type ActionFunctionArgs, data, type LoaderFunctionArgs } from "@remix-run/node";
import { type BodyLimits, BodyTooLarge, limitBody } from "~/http/body-limit.server";
import { apiError, BASE_SECURITY_HEADERS, HttpError, requireSameOrigin } from "~/http/http.server";
import {
  FRESH_SET_COOKIE,
  PURGE_HEADER,
  purgeValue,
  type SharedChange,
  shareIfAnonymous,
} from "~/http/shared-cache.server";
import { getT } from "~/i18next.server";
import { errorFields, logger } from "~/lib/logger.server";
import { isStorageUnavailable, RETRY_AFTER_SECONDS } from "~/lib/storage.server";
import { translateMessage } from "~/schemas/zod";
import { recordRequestLanguage } from "~/web/account-language.server";

const RETRY_AFTER = { "Retry-After": String(RETRY_AFTER_SECONDS) };

function logUnavailable(request: Request, error: unknown) {
  logger.error("storage.unavailable", {
    method: request.method,
    path: new URL(request.url).pathname,
    ...errorFields(error),
  });
}

/**
 * Every action of the site goes through one of these, which is where the same-origin (CSRF)
 * check lives: a test fails when a route exports an action that does not. Routes call them
 * inside an arrow function — `export const action = (args) => screenAction(args, handler)` —
 * never at module level: a top-level call would stay in the browser bundle, where this
 * server-only module is empty, and break the page. A signed-in write also records its language
 * on the account, for the mail it may cause (account-language.server.ts).
 */

/** How an action reads its body, and what its write changes for the shared cache in front. */
export type ActionOptions = Partial<BodyLimits> & { changes?: SharedChange };

/**
 * Whatever an action answers carries the "fresh" cookie (decision 014): the visitor's next pages
 * come from the server, not from a shared cache that may predate what they just did. It also
 * tells the cache in front which of its pages the write changed (decision 046), unless the
 * handler already said (`sayChanges`): one action of several intents knows only once it has read
 * the form.
 */
function markFresh<R>(outcome: R, changes: SharedChange = "all"): R {
  const purge = purgeValue(changes);
  if (outcome instanceof Response) {
    outcome.headers.append("Set-Cookie", FRESH_SET_COOKIE);
    if (!outcome.headers.has(PURGE_HEADER)) outcome.headers.set(PURGE_HEADER, purge);
    return outcome;
  }
  const wrapped = outcome as { type?: unknown; init?: ResponseInit | null; data?: unknown };
  if (wrapped && typeof wrapped === "object" && wrapped.type === "DataWithResponseInit") {
    const headers = new Headers(wrapped.init?.headers);
    headers.append("Set-Cookie", FRESH_SET_COOKIE);
    if (!headers.has(PURGE_HEADER)) headers.set(PURGE_HEADER, purge);
    return data(wrapped.data, { ...wrapped.init, headers }) as R;
  }
  return data(outcome, { headers: { "Set-Cookie": FRESH_SET_COOKIE, [PURGE_HEADER]: purge } }) as R;
}

/**
 * What one intent of a screen action changes for the shared cache, said on its answer (a
 * Response or `data(…)` with headers); the action's own `changes` covers the others.
 */
export function sayChanges<R extends Response>(outcome: R, changes: SharedChange): R {
  outcome.headers.set(PURGE_HEADER, purgeValue(changes));
  return outcome;
}

/**
 * For screens posted by forms: an HttpError becomes the error page, with the refusal's status
 * and message. The body is read within the options' limits (body-limit.server.ts), whoever reads
 * it; `changes` says what the write changes for the shared cache (all, unless the route says).
 */
export async function screenAction<A extends ActionFunctionArgs, R>(
  args: A,
  handler: (args: A) => Promise<R>,
  options: ActionOptions = {},
): Promise<R> {
  const { changes, ...limits } = options;
  let body: ReturnType<typeof limitBody> | undefined;
  try {
    requireSameOrigin(args.request);
    await recordRequestLanguage(args.request);
    body = limitBody(args.request, limits);
    return markFresh(await handler({ ...args, request: body.request }), changes);
  } catch (thrown) {
    const error = body?.exceeded() ? new BodyTooLarge() : thrown;
    if (error instanceof HttpError) {
      throw data({ message: error.message }, { status: error.status, headers: error.headers });
    }
    if (isStorageUnavailable(error)) {
      logUnavailable(args.request, error);
      throw data({ message: "errors.unavailable" }, { status: 503, headers: RETRY_AFTER });
    }
    throw error instanceof Response ? markFresh(error, changes) : error;
  }
}

/**
 * For resource routes posted by forms (the theme and language switches, a statement upload):
 * screenAction, but a refusal is answered as a short translated page of text. A resource route
 * has no error page to render, and Remix would answer its thrown refusal with its own English.
 */
export async function resourceAction<A extends ActionFunctionArgs>(
  args: A,
  handler: (args: A) => Promise<Response>,
  options?: ActionOptions,
): Promise<Response> {
  try {
    return await screenAction(args, handler, options);
  } catch (thrown) {
    const error = thrown as { type?: string; data?: { message?: string }; init?: ResponseInit };
    if (error?.type !== "DataWithResponseInit") throw thrown;
    const t = await getT(args.request);
    const headers = new Headers(error.init?.headers);
    headers.set("Content-Type", "text/plain; charset=utf-8");
    headers.set("Cache-Control", "no-store");
    for (const [k, v] of Object.entries(BASE_SECURITY_HEADERS)) headers.set(k, v);
    const message = error.data?.message ?? "errors.unexpected";
    return new Response(`${t(message)}\n`, { status: error.init?.status ?? 500, headers });
  }
}

type ApiHandler<A> = (args: A) => Promise<Response>;

async function answerError(request: Request, error: unknown): Promise<Response> {
  if (error instanceof Response) return error;
  const t = await getT(request);
  if (error instanceof HttpError) {
    const fieldErrors = error.fieldErrors
      ? Object.fromEntries(
          Object.entries(error.fieldErrors).map(([k, v]) => [
            k,
            v.map((m) => translateMessage(t, m)),
          ]),
        )
      : undefined;
    return apiError(error.status, translateMessage(t, error.message), fieldErrors, error.headers);
  }
  if (isStorageUnavailable(error)) {
    logUnavailable(request, error);
    return apiError(503, t("errors.unavailable"), undefined, RETRY_AFTER);
  }
  logger.error("api.error", { path: new URL(request.url).pathname, ...errorFields(error) });
  return apiError(500, t("errors.unexpected"));
}

/** The HTTP methods an /api route answers (GET and HEAD go to its loader, the rest to its action). */
export type Methods = readonly ("GET" | "POST" | "PUT" | "PATCH" | "DELETE")[];

/**
 * The answer to a method an /api route does not take: 405 with `Allow`, the contract's JSON error
 * and the usual headers. A route exports it as its loader or action when it has none of its own,
 * so Remix's own plain answer (a 400 or 405 with no headers) never reaches a client.
 */
export async function methodNotAllowed(
  { request }: { request: Request },
  allow: Methods,
): Promise<Response> {
  const t = await getT(request);
  return apiError(405, t("errors.methodNotAllowed"), undefined, { Allow: allow.join(", ") });
}

/**
 * For /api actions: the method check against the route's `allow`, the same-origin check, the
 * body read within `limits`, and every failure as the JSON error of DESIGN §5.
 */
export async function apiAction<A extends ActionFunctionArgs>(
  args: A,
  allow: Methods,
  handler: ApiHandler<A>,
  options: ActionOptions = {},
): Promise<Response> {
  const { changes, ...limits } = options;
  if (!(allow as readonly string[]).includes(args.request.method) || args.request.method === "GET")
    return methodNotAllowed(args, allow);
  let body: ReturnType<typeof limitBody> | undefined;
  try {
    requireSameOrigin(args.request);
    await recordRequestLanguage(args.request);
    body = limitBody(args.request, limits);
    return markFresh(await handler({ ...args, request: body.request }), changes);
  } catch (error) {
    return answerError(args.request, body?.exceeded() ? new BodyTooLarge() : error);
  }
}

/**
 * For /api loaders (reads): failures as the JSON error of DESIGN §5. `sharedCache`: the answer
 * is the same for every anonymous caller, so a shared cache may keep it (decision 014).
 */
export async function apiLoader<A extends LoaderFunctionArgs>(
  args: A,
  handler: ApiHandler<A>,
  options: { sharedCache?: boolean } = {},
): Promise<Response> {
  try {
    const response = await handler(args);
    return options.sharedCache ? shareIfAnonymous(args.request, response) : response;
  } catch (error) {
    return answerError(args.request, error);
  }
}
