import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { getUser, requireApiAdmin } from "~/auth.server";
import { deleteStory } from "~/models/moderation.server";
import { getStoryForReader, storyDetailJson } from "~/models/stories.server";
import { apiJson, HttpError } from "~/utils/http.server";
import { idOr404 } from "~/utils/params.server";
import { apiAction, apiLoader, type Methods } from "~/utils/route.server";

export const ALLOW = ["GET", "DELETE"] as const satisfies Methods;

/**
 * GET /api/stories/{id} (spec 02 §7): the story, or 404 when it is unknown or not approved (its
 * author and administrators, signed in, can read it while it is pending or rejected).
 */
export const loader = (args: LoaderFunctionArgs) =>
  apiLoader(args, async ({ request, params }) => {
    const id = idOr404(params.id, "errors.storyNotFound");
    const story = await getStoryForReader(id, await getUser(request));
    if (!story) throw new HttpError(404, "errors.storyNotFound");
    return apiJson(storyDetailJson(story));
  });

/** DELETE /api/stories/{id} (admin, spec 02 §7): the story with its comments and hearts; audited. */
export const action = (args: ActionFunctionArgs) =>
  apiAction(args, ALLOW, async ({ request, params }) => {
    const admin = await requireApiAdmin(request);
    return apiJson(await deleteStory(idOr404(params.id, "errors.storyNotFound"), admin));
  });
