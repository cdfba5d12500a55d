import type { ActionFunctionArgs } from "@remix-run/node";
import { requireApiAdmin } from "~/auth.server";
import { setLineAside } from "~/models/reconcile-match.server";
import { apiJson, HttpError } from "~/utils/http.server";
import { apiAction } from "~/utils/route.server";

/**
 * PATCH /api/statement-lines/{id}/dismiss | reopen (admin): set a statement line aside as not a
 * donation, or put it back among the open ones. 409 when it is not in the state to change.
 */
export const action = (args: ActionFunctionArgs) =>
  apiAction(args, async ({ request, params }) => {
    if (request.method !== "PATCH" && request.method !== "POST")
      throw new HttpError(405, "errors.methodNotAllowed");
    const admin = await requireApiAdmin(request);
    const id = Number(params.id);
    if (
      !Number.isSafeInteger(id) ||
      id < 1 ||
      !["dismiss", "reopen"].includes(params.decision ?? "")
    )
      throw new HttpError(404, "admin:reconcile.errors.lineNotFound");
    return apiJson(await setLineAside(id, admin, params.decision === "reopen"));
  });
