import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { requireApiUser } from "~/auth.server";
import { setHeart } from "~/models/stories.server";
import { apiJson } from "~/utils/http.server";
import { idOr404 } from "~/utils/params.server";
import { apiAction, type Methods, methodNotAllowed } from "~/utils/route.server";

export const ALLOW = ["PUT", "DELETE"] as const satisfies Methods;

/**
 * The signed-in user's heart on a story, for scripts and other clients (the page itself posts
 * its form). PUT /api/stories/{id}/heart hearts it, DELETE removes the heart; both are
 * idempotent (repeating one changes nothing) and answer `{ "hearted", "hearts_count" }`.
 * 401 anonymous, 404 for a story that is unknown or not published.
 */
export const action = (args: ActionFunctionArgs) =>
  apiAction(args, ALLOW, async ({ request, params }) => {
    const user = await requireApiUser(request);
    const id = idOr404(params.id, "errors.storyNotFound");
    return apiJson(await setHeart(id, user, request.method === "PUT"));
  });

export const loader = (args: LoaderFunctionArgs) => methodNotAllowed(args, ALLOW);
