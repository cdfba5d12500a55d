import type { ActionFunctionArgs } from "@remix-run/node";
import { requireApiAdmin } from "~/auth.server";
import { getT } from "~/i18next.server";
import { confirmAssignments } from "~/models/reconcile-match.server";
import { apiJson, HttpError, readJson } from "~/utils/http.server";
import { apiAction } from "~/utils/route.server";

/**
 * POST /api/reconciliation/confirm (admin): `{ "assignments": ["12:pool:7", …] }` — statement
 * line 12 paid for pool pledge 7 (or `general`, `story`). Each through the exactly-once
 * verification; the answer lists what was confirmed and what could not be, and why.
 */
export const action = (args: ActionFunctionArgs) =>
  apiAction(args, async ({ request }) => {
    if (request.method !== "POST") throw new HttpError(405, "errors.methodNotAllowed");
    const admin = await requireApiAdmin(request);
    const body = (await readJson(request)) as { assignments?: unknown } | null;
    const list = Array.isArray(body?.assignments) ? body.assignments : [];
    const summary = await confirmAssignments(list, admin);
    const t = await getT(request, ["common", "admin", "donate"]);
    const failed = summary.failed.map((f) => ({ ...f, message: t(f.message) }));
    return apiJson({ ...summary, failed });
  });
