import type { ActionFunctionArgs } from "@remix-run/node";
import { requireApiAdmin } from "~/auth.server";
import { setPoolStatus } from "~/models/pool-admin.server";
import { apiJson, HttpError, readJson } from "~/utils/http.server";
import { apiAction } from "~/utils/route.server";

/** PATCH /api/donation-pools/{poolId}/status {status} (admin, spec 02 §7): active, completed or archived. */
export const action = (args: ActionFunctionArgs) =>
  apiAction(args, async ({ request, params }) => {
    if (request.method !== "PATCH" && request.method !== "POST")
      throw new HttpError(405, "errors.methodNotAllowed");
    const admin = await requireApiAdmin(request);
    const body = (await readJson(request)) as { status?: unknown };
    return apiJson(await setPoolStatus(Number(params.id), body?.status, admin));
  });
