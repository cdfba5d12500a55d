import type { ActionFunctionArgs } from "@remix-run/node";
import { requireApiUser } from "~/auth.server";
import { deleteComment } from "~/models/comments.server";
import { apiJson, HttpError } from "~/utils/http.server";
import { apiAction } from "~/utils/route.server";

/**
 * DELETE /api/comments/{id} (spec 02 §7): by the comment's author or any administrator
 * (DESIGN §4). 401 anonymous, 403 someone else's comment, 404 unknown; `{ "success": true }`.
 */
export const action = (args: ActionFunctionArgs) =>
  apiAction(args, async ({ request, params }) => {
    if (request.method !== "DELETE") throw new HttpError(405, "errors.methodNotAllowed");
    const user = await requireApiUser(request);
    const id = params.id && /^\d{1,15}$/.test(params.id) ? Number(params.id) : null;
    if (!id) throw new HttpError(404, "errors.commentNotFound");
    await deleteComment(id, user);
    return apiJson({ success: true });
  });
