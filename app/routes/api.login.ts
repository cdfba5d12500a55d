import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { authenticate, cookieHeaders } from "~/auth.server";
import { LoginSchema } from "~/schemas/auth";
import { apiJson, HttpError, parseOrThrow, readJson } from "~/utils/http.server";
import { apiAction, type Methods, methodNotAllowed } from "~/utils/route.server";

export const ALLOW = ["POST"] as const satisfies Methods;

/** POST /api/login {username, password}: the user, and the session cookie (spec 01 §7). */
export const action = (args: ActionFunctionArgs) =>
  apiAction(args, ALLOW, async ({ request }) => {
    const input = parseOrThrow(LoginSchema, await readJson(request));
    const result = await authenticate("login", request, input);
    if (!result.ok) {
      const retry = result.retryAfterSeconds
        ? { "Retry-After": String(result.retryAfterSeconds) }
        : undefined;
      throw new HttpError(result.status, result.error, undefined, retry);
    }
    const { id, username, role } = result.user;
    return apiJson({ id, username, role }, { headers: cookieHeaders(result.cookies) });
  });

export const loader = (args: LoaderFunctionArgs) => methodNotAllowed(args, ALLOW);
