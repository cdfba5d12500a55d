import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { requireApiAdmin } from "~/auth.server";
import { clearAllData } from "~/models/clear-data.server";
import { apiJson, readJson } from "~/utils/http.server";
import { apiAction, type Methods, methodNotAllowed } from "~/utils/route.server";

export const ALLOW = ["POST"] as const satisfies Methods;

/**
 * POST /api/clear-all-data { confirmation: "DELETE" } (admin, spec 02 §7; the Mongolian word
 * "УСТГАХ" is accepted too): the same typed confirmation as the settings tab. Backs up the
 * database, then removes stories, comments, hearts, donations and the stories' media; answers
 * `{ backup, removed, poolsReset }` (backup null on a libSQL server, whose own backups apply).
 */
export const action = (args: ActionFunctionArgs) =>
  apiAction(args, ALLOW, async ({ request }) => {
    const admin = await requireApiAdmin(request);
    const body = (await readJson(request)) as { confirmation?: unknown } | null;
    return apiJson(await clearAllData(admin, body?.confirmation));
  });

export const loader = (args: LoaderFunctionArgs) => methodNotAllowed(args, ALLOW);
