import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { requireApiAdmin } from "~/auth.server";
import { rejectStory } from "~/models/moderation.server";
import { apiJson, readJson } from "~/utils/http.server";
import { idOr404 } from "~/utils/params.server";
import { apiAction, type Methods, methodNotAllowed } from "~/utils/route.server";

export const ALLOW = ["POST", "PATCH"] as const satisfies Methods;

/**
 * PATCH /api/stories/{id}/reject (admin, spec 02 §7), optionally with { reason, note } for the
 * author. 404 unknown, 409 when the story's state does not allow it.
 */
export const action = (args: ActionFunctionArgs) =>
  apiAction(args, ALLOW, async ({ request, params }) => {
    const admin = await requireApiAdmin(request);
    const id = idOr404(params.id, "errors.storyNotFound");
    // The spec's call has no body; a JSON body may give { reason, note } for the author.
    const body = request.headers.get("content-type") ? await readJson(request) : {};
    return apiJson(await rejectStory(id, admin, body));
  });

export const loader = (args: LoaderFunctionArgs) => methodNotAllowed(args, ALLOW);
