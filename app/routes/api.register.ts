import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { authenticate, cookieHeaders } from "~/auth.server";
import { ApiRegisterSchema } from "~/schemas/auth";
import { apiJson, HttpError, parseOrThrow, readJson } from "~/utils/http.server";
import { apiAction, type Methods, methodNotAllowed } from "~/utils/route.server";

export const ALLOW = ["POST"] as const satisfies Methods;

/** POST /api/register {username, password}: the new user, signed in (spec 01 §7). */
export const action = (args: ActionFunctionArgs) =>
  apiAction(args, ALLOW, async ({ request }) => {
    const input = parseOrThrow(ApiRegisterSchema, await readJson(request));
    const result = await authenticate("register", request, {
      ...input,
      confirmPassword: input.password,
    });
    if (!result.ok) {
      const retry = result.retryAfterSeconds
        ? { "Retry-After": String(result.retryAfterSeconds) }
        : undefined;
      throw new HttpError(result.status, result.error, undefined, retry);
    }
    const { id, username, role } = result.user;
    return apiJson({ id, username, role }, { status: 201, headers: cookieHeaders(result.cookies) });
  });

export const loader = (args: LoaderFunctionArgs) => methodNotAllowed(args, ALLOW);
