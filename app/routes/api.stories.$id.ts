import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { getUser, requireApiAdmin } from "~/auth.server";
import { deleteStory } from "~/models/moderation.server";
import { getStoryForReader, storyDetailJson, storyIdOr404 } from "~/models/stories.server";
import { apiJson, HttpError } from "~/utils/http.server";
import { apiAction, apiLoader } from "~/utils/route.server";

/**
 * GET /api/stories/{id} (spec 02 §7): the story, or 404 when it is unknown or not approved (its
 * author and administrators, signed in, can read it while it is pending or rejected).
 */
export const loader = (args: LoaderFunctionArgs) =>
  apiLoader(args, async ({ request, params }) => {
    const id = storyIdOr404(params.id);
    const story = await getStoryForReader(id, await getUser(request));
    if (!story) throw new HttpError(404, "errors.storyNotFound");
    return apiJson(storyDetailJson(story));
  });

/** DELETE /api/stories/{id} (admin, spec 02 §7): the story with its comments and hearts; audited. */
export const action = (args: ActionFunctionArgs) =>
  apiAction(args, async ({ request, params }) => {
    if (request.method !== "DELETE") throw new HttpError(405, "errors.methodNotAllowed");
    const admin = await requireApiAdmin(request);
    return apiJson(await deleteStory(storyIdOr404(params.id), admin));
  });
