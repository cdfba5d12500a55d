import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { requireApiAdmin } from "~/auth.server";
import { getT } from "~/i18next.server";
import { confirmAssignments } from "~/models/reconcile-match.server";
import { apiJson, readJson } from "~/utils/http.server";
import { apiAction, type Methods, methodNotAllowed } from "~/utils/route.server";

export const ALLOW = ["POST"] as const satisfies Methods;

/**
 * POST /api/reconciliation/confirm (admin): `{ "assignments": ["12:pool:7", …] }` — statement
 * line 12 paid for pool pledge 7 (or `general`, `story`). Each through the exactly-once
 * verification; the answer lists what was confirmed and what could not be, and why.
 */
export const action = (args: ActionFunctionArgs) =>
  apiAction(args, ALLOW, async ({ request }) => {
    const admin = await requireApiAdmin(request);
    const body = (await readJson(request)) as { assignments?: unknown } | null;
    const list = Array.isArray(body?.assignments) ? body.assignments : [];
    const summary = await confirmAssignments(list, admin);
    const t = await getT(request, ["common", "admin", "donate"]);
    const failed = summary.failed.map((f) => ({ ...f, message: t(f.message) }));
    return apiJson({ ...summary, failed });
  });

export const loader = (args: LoaderFunctionArgs) => methodNotAllowed(args, ALLOW);
