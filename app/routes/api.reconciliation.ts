import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { requireApiAdmin } from "~/auth.server";
import { reconciliationView } from "~/models/reconcile-match.server";
import { importUploadedStatement } from "~/models/statement-import.server";
import { apiJson, HttpError } from "~/utils/http.server";
import { apiAction, apiLoader, type Methods } from "~/utils/route.server";

export const ALLOW = ["GET", "POST"] as const satisfies Methods;

/**
 * The reconciliation screen's /api twin (admin, docs/decisions/013).
 * GET /api/reconciliation: open statement lines in three groups (exact, partial, unmatched) with
 * their candidates and totals. POST /api/reconciliation: a statement as multipart (`statement`
 * file, optional `preset`: auto, khan, golomt, tdb, xac) → 201 with what the import added, or
 * 202 when the columns must be mapped on the screen first.
 */
export const loader = (args: LoaderFunctionArgs) =>
  apiLoader(args, async ({ request }) => {
    await requireApiAdmin(request);
    const { exact, partial, unmatched, totals } = await reconciliationView();
    return apiJson({ exact, partial, unmatched, totals });
  });

export const action = (args: ActionFunctionArgs) =>
  apiAction(args, ALLOW, async ({ request }) => {
    const admin = await requireApiAdmin(request);
    if (!(request.headers.get("content-type") ?? "").startsWith("multipart/form-data"))
      throw new HttpError(415, "admin:reconcile.errors.notStatement");
    const outcome = await importUploadedStatement(request, admin);
    return apiJson(outcome, { status: outcome.status === "imported" ? 201 : 202 });
  });
