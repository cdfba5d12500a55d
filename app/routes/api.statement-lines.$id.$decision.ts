import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { requireApiAdmin } from "~/auth.server";
import { setLineAside } from "~/models/reconcile-match.server";
import { apiJson, HttpError } from "~/utils/http.server";
import { idOr404 } from "~/utils/params.server";
import { apiAction, type Methods, methodNotAllowed } from "~/utils/route.server";

export const ALLOW = ["POST", "PATCH"] as const satisfies Methods;

/**
 * PATCH /api/statement-lines/{id}/dismiss | reopen (admin): set a statement line aside as not a
 * donation, or put it back among the open ones. 409 when it is not in the state to change.
 */
export const action = (args: ActionFunctionArgs) =>
  apiAction(args, ALLOW, async ({ request, params }) => {
    const admin = await requireApiAdmin(request);
    const id = idOr404(params.id, "admin:reconcile.errors.lineNotFound");
    if (!["dismiss", "reopen"].includes(params.decision ?? ""))
      throw new HttpError(404, "admin:reconcile.errors.lineNotFound");
    return apiJson(await setLineAside(id, admin, params.decision === "reopen"));
  });

export const loader = (args: LoaderFunctionArgs) => methodNotAllowed(args, ALLOW);
