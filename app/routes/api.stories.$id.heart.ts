import type { ActionFunctionArgs } from "@remix-run/node";
import { requireApiUser } from "~/auth.server";
import { setHeart, storyIdOr404 } from "~/models/stories.server";
import { apiJson, HttpError } from "~/utils/http.server";
import { apiAction } from "~/utils/route.server";

/**
 * The signed-in user's heart on a story, for scripts and other clients (the page itself posts
 * its form). PUT /api/stories/{id}/heart hearts it, DELETE removes the heart; both are
 * idempotent (repeating one changes nothing) and answer `{ "hearted", "hearts_count" }`.
 * 401 anonymous, 404 for a story that is unknown or not published.
 */
export const action = (args: ActionFunctionArgs) =>
  apiAction(args, async ({ request, params }) => {
    if (request.method !== "PUT" && request.method !== "DELETE") {
      throw new HttpError(405, "errors.methodNotAllowed", undefined, { Allow: "PUT, DELETE" });
    }
    const user = await requireApiUser(request);
    const id = storyIdOr404(params.id);
    return apiJson(await setHeart(id, user, request.method === "PUT"));
  });
