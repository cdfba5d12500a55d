import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { requireApiUser } from "~/auth.server";
import { apiJson } from "~/utils/http.server";
import { apiLoader, type Methods, methodNotAllowed } from "~/utils/route.server";

export const ALLOW = ["GET"] as const satisfies Methods;

/** GET /api/user: the signed-in user, or 401 (spec 01 §7). */
export const loader = (args: LoaderFunctionArgs) =>
  apiLoader(args, async ({ request }) => {
    const user = await requireApiUser(request);
    return apiJson({ id: user.id, username: user.username, role: user.role });
  });

export const action = (args: ActionFunctionArgs) => methodNotAllowed(args, ALLOW);
