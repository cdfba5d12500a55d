import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { getUser, requireApiUser } from "~/auth.server";
import { addComment, listComments } from "~/models/comments.server";
import { getStoryForReader } from "~/models/stories.server";
import { apiJson, HttpError, readJson } from "~/utils/http.server";
import { idOr404 } from "~/utils/params.server";
import { apiAction, apiLoader, type Methods } from "~/utils/route.server";

export const ALLOW = ["GET", "POST"] as const satisfies Methods;

/**
 * GET /api/stories/{id}/comments: the comments, oldest first (404 for a story the caller cannot
 * see). POST {content}: adds one as the signed-in user, 201 with the comment. `author`,
 * `user_id` and `story_id` in the body are ignored: they come from the session and the URL.
 */
export const loader = (args: LoaderFunctionArgs) =>
  apiLoader(args, async ({ request, params }) => {
    const id = idOr404(params.id, "errors.storyNotFound");
    const story = await getStoryForReader(id, await getUser(request));
    if (!story) throw new HttpError(404, "errors.storyNotFound");
    return apiJson(await listComments(id));
  });

export const action = (args: ActionFunctionArgs) =>
  apiAction(args, ALLOW, async ({ request, params }) => {
    const user = await requireApiUser(request);
    const id = idOr404(params.id, "errors.storyNotFound");
    const body = await readJson(request);
    const content =
      body && typeof body === "object" ? (body as { content?: unknown }).content : undefined;
    const comment = await addComment(id, user, { content });
    return apiJson(comment, { status: 201 });
  });
