import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { requireApiAdmin } from "~/auth.server";
import { setPoolStatus } from "~/models/pool-admin.server";
import { apiJson, readJson } from "~/utils/http.server";
import { idOr404 } from "~/utils/params.server";
import { apiAction, type Methods, methodNotAllowed } from "~/utils/route.server";

export const ALLOW = ["POST", "PATCH"] as const satisfies Methods;

/** PATCH /api/donation-pools/{poolId}/status {status} (admin, spec 02 §7): active, completed or archived. */
export const action = (args: ActionFunctionArgs) =>
  apiAction(args, ALLOW, async ({ request, params }) => {
    const admin = await requireApiAdmin(request);
    const body = (await readJson(request)) as { status?: unknown };
    return apiJson(
      await setPoolStatus(idOr404(params.id, "pools:errors.notFound"), body?.status, admin),
    );
  });

export const loader = (args: LoaderFunctionArgs) => methodNotAllowed(args, ALLOW);
