import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { requireApiUser } from "~/auth.server";
import { deleteComment } from "~/models/comments.server";
import { apiJson } from "~/utils/http.server";
import { idOr404 } from "~/utils/params.server";
import { apiAction, type Methods, methodNotAllowed } from "~/utils/route.server";

export const ALLOW = ["DELETE"] as const satisfies Methods;

/**
 * DELETE /api/comments/{id} (spec 02 §7): by the comment's author or any administrator
 * (DESIGN §4). 401 anonymous, 403 someone else's comment, 404 unknown; `{ "success": true }`.
 */
export const action = (args: ActionFunctionArgs) =>
  apiAction(args, ALLOW, async ({ request, params }) => {
    const user = await requireApiUser(request);
    const id = idOr404(params.id, "errors.commentNotFound");
    await deleteComment(id, user);
    return apiJson({ success: true });
  });

export const loader = (args: LoaderFunctionArgs) => methodNotAllowed(args, ALLOW);
