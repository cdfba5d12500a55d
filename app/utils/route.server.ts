import { type ActionFunctionArgs, data, type LoaderFunctionArgs } from "@remix-run/node";
import { getT } from "~/i18next.server";
import { apiError, HttpError, requireSameOrigin } from "~/utils/http.server";
import { errorFields, logger } from "~/utils/logger.server";
import { FRESH_SET_COOKIE, shareIfAnonymous } from "~/utils/shared-cache.server";
import { isStorageUnavailable, RETRY_AFTER_SECONDS } from "~/utils/storage.server";

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
 * server-only module is empty, and break the page.
 */

/**
 * Whatever an action answers carries the "fresh" cookie (decision 014): the visitor's next pages
 * come from the server, not from a shared cache that may predate what they just did.
 */
function markFresh<R>(outcome: R): R {
  if (outcome instanceof Response) {
    outcome.headers.append("Set-Cookie", FRESH_SET_COOKIE);
    return outcome;
  }
  const wrapped = outcome as { type?: unknown; init?: ResponseInit | null; data?: unknown };
  if (wrapped && typeof wrapped === "object" && wrapped.type === "DataWithResponseInit") {
    const headers = new Headers(wrapped.init?.headers);
    headers.append("Set-Cookie", FRESH_SET_COOKIE);
    return data(wrapped.data, { ...wrapped.init, headers }) as R;
  }
  return data(outcome, { headers: { "Set-Cookie": FRESH_SET_COOKIE } }) as R;
}

/** For screens and resource routes posted by forms: an HttpError becomes the error page. */
export async function screenAction<A extends ActionFunctionArgs, R>(
  args: A,
  handler: (args: A) => Promise<R>,
): Promise<R> {
  try {
    requireSameOrigin(args.request);
    return markFresh(await handler(args));
  } catch (error) {
    if (error instanceof HttpError) {
      throw data({ message: error.message }, { status: error.status, headers: error.headers });
    }
    if (isStorageUnavailable(error)) {
      logUnavailable(args.request, error);
      throw data({ message: "errors.unavailable" }, { status: 503, headers: RETRY_AFTER });
    }
    throw error instanceof Response ? markFresh(error) : error;
  }
}

type ApiHandler<A> = (args: A) => Promise<Response>;

async function answerError(request: Request, error: unknown): Promise<Response> {
  if (error instanceof Response) return error;
  const t = await getT(request);
  if (error instanceof HttpError) {
    const fieldErrors = error.fieldErrors
      ? Object.fromEntries(
          Object.entries(error.fieldErrors).map(([k, v]) => [k, v.map((m) => t(m))]),
        )
      : undefined;
    return apiError(error.status, t(error.message), fieldErrors, error.headers);
  }
  if (isStorageUnavailable(error)) {
    logUnavailable(request, error);
    return apiError(503, t("errors.unavailable"), undefined, RETRY_AFTER);
  }
  logger.error("api.error", { path: new URL(request.url).pathname, ...errorFields(error) });
  return apiError(500, t("errors.unexpected"));
}

/** For /api actions: same-origin check, and every failure as the JSON error of DESIGN §5. */
export async function apiAction<A extends ActionFunctionArgs>(
  args: A,
  handler: ApiHandler<A>,
): Promise<Response> {
  try {
    requireSameOrigin(args.request);
    return markFresh(await handler(args));
  } catch (error) {
    return answerError(args.request, error);
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
