import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { getUser, requireApiUser } from "~/auth.server";
import { addComment, listComments } from "~/models/comments.server";
import { getStoryForReader, storyIdOr404 } from "~/models/stories.server";
import { apiJson, HttpError, readJson } from "~/utils/http.server";
import { apiAction, apiLoader } from "~/utils/route.server";

/**
 * GET /api/stories/{id}/comments: the comments, oldest first (404 for a story the caller cannot
 * see). POST {content}: adds one as the signed-in user, 201 with the comment. `author`,
 * `user_id` and `story_id` in the body are ignored: they come from the session and the URL.
 */
export const loader = (args: LoaderFunctionArgs) =>
  apiLoader(args, async ({ request, params }) => {
    const id = storyIdOr404(params.id);
    const story = await getStoryForReader(id, await getUser(request));
    if (!story) throw new HttpError(404, "errors.storyNotFound");
    return apiJson(await listComments(id));
  });

export const action = (args: ActionFunctionArgs) =>
  apiAction(args, async ({ request, params }) => {
    if (request.method !== "POST") throw new HttpError(405, "errors.methodNotAllowed");
    const user = await requireApiUser(request);
    const id = storyIdOr404(params.id);
    const body = await readJson(request);
    const content =
      body && typeof body === "object" ? (body as { content?: unknown }).content : undefined;
    const comment = await addComment(id, user, { content });
    return apiJson(comment, { status: 201 });
  });
