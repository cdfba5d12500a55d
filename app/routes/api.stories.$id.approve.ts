import type { ActionFunctionArgs } from "@remix-run/node";
import { requireApiAdmin } from "~/auth.server";
import { approveStory } from "~/models/moderation.server";
import { apiJson, HttpError } from "~/utils/http.server";
import { apiAction } from "~/utils/route.server";

/** PATCH /api/stories/{id}/approve (admin, spec 02 §7). 404 unknown, 409 when the story's state does not allow it. */
export const action = (args: ActionFunctionArgs) =>
  apiAction(args, async ({ request, params }) => {
    if (request.method !== "PATCH" && request.method !== "POST")
      throw new HttpError(405, "errors.methodNotAllowed");
    const admin = await requireApiAdmin(request);
    return apiJson(await approveStory(Number(params.id), admin));
  });
