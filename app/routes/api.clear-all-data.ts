import type { ActionFunctionArgs } from "@remix-run/node";
import { requireApiAdmin } from "~/auth.server";
import { clearAllData } from "~/models/clear-data.server";
import { apiJson, HttpError, readJson } from "~/utils/http.server";
import { apiAction } from "~/utils/route.server";

/**
 * POST /api/clear-all-data { confirmation: "DELETE" } (admin, spec 02 §7; the Mongolian word
 * "УСТГАХ" is accepted too): the same typed confirmation as the settings tab. Backs up the
 * database, then removes stories, comments, hearts, donations and the stories' media; answers
 * `{ backup, removed, poolsReset }` (backup null on a libSQL server, whose own backups apply).
 */
export const action = (args: ActionFunctionArgs) =>
  apiAction(args, async ({ request }) => {
    if (request.method !== "POST") throw new HttpError(405, "errors.methodNotAllowed");
    const admin = await requireApiAdmin(request);
    const body = (await readJson(request)) as { confirmation?: unknown } | null;
    return apiJson(await clearAllData(admin, body?.confirmation));
  });
