import type { ActionFunctionArgs } from "@remix-run/node";
import { HttpError } from "~/http/http.server";
import { getT } from "~/i18next.server";
import { redirectWithToast, toastHeader } from "~/models/sessions.server";
import { importToast, importUploadedStatement } from "~/models/statement-import.server";
import { requireAdmin } from "~/web/auth.server";
import { resourceAction } from "~/web/route.server";

/**
 * POST /admin/donations/reconcile/upload: a bank statement from the reconciliation screen. Its
 * own route because it is the one form there that carries a file (read with a size limit, never
 * whole into memory). Without JavaScript the browser is redirected with a toast; the screen's
 * script (upload progress) asks for JSON instead and then goes to the same place itself.
 */

const RECONCILE_PATH = "/admin/donations/reconcile";

const wantsJson = (request: Request) =>
  (request.headers.get("accept") ?? "").includes("application/json");

export const action = (args: ActionFunctionArgs) =>
  resourceAction(args, async ({ request }) => {
    const admin = await requireAdmin(request);
    try {
      const outcome = await importUploadedStatement(request, admin);
      const to =
        outcome.status === "needs_mapping"
          ? `${RECONCILE_PATH}/map/${outcome.importId}`
          : RECONCILE_PATH;
      const toast = importToast(outcome);
      if (wantsJson(request)) {
        return Response.json(
          { redirectTo: to, outcome },
          { headers: { "Set-Cookie": await toastHeader(request, toast) } },
        );
      }
      return redirectWithToast(request, to, toast);
    } catch (error) {
      if (!(error instanceof HttpError)) throw error;
      if (wantsJson(request)) {
        const t = await getT(request, ["common", "admin"]);
        return Response.json({ message: t(error.message) }, { status: error.status });
      }
      return redirectWithToast(request, RECONCILE_PATH, {
        type: "error",
        title: "admin:reconcile.toast.uploadFailed",
        description: error.message,
      });
    }
  });
