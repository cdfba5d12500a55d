import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { endUserSession } from "~/sessions.server";
import { apiJson } from "~/utils/http.server";
import { apiAction, type Methods, methodNotAllowed } from "~/utils/route.server";

export const ALLOW = ["POST"] as const satisfies Methods;

/** POST /api/logout: deletes the session; answers `{ "success": true }`. */
export const action = (args: ActionFunctionArgs) =>
  apiAction(args, ALLOW, async ({ request }) => {
    return apiJson({ success: true }, { headers: { "Set-Cookie": await endUserSession(request) } });
  });

export const loader = (args: LoaderFunctionArgs) => methodNotAllowed(args, ALLOW);
