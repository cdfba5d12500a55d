import type { ActionFunctionArgs } from "@remix-run/node";
import { endUserSession } from "~/sessions.server";
import { apiJson, HttpError } from "~/utils/http.server";
import { apiAction } from "~/utils/route.server";

/** POST /api/logout: deletes the session; answers `{ "success": true }`. */
export const action = (args: ActionFunctionArgs) =>
  apiAction(args, async ({ request }) => {
    if (request.method !== "POST") throw new HttpError(405, "errors.methodNotAllowed");
    return apiJson({ success: true }, { headers: { "Set-Cookie": await endUserSession(request) } });
  });
