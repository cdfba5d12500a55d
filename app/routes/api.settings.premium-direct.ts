import type { ActionFunctionArgs } from "@remix-run/node";
import { updatePremiumSettingsDirect } from "~/models/settings-admin.server";
import { apiJson, HttpError, readJson } from "~/utils/http.server";
import { apiAction } from "~/utils/route.server";

/**
 * PATCH /api/settings/premium-direct { secretKey, settings: { prices, days } } (spec 02 §7): the
 * hidden page's update, with no sign-in. 404 while PREMIUM_SETTINGS_SECRET is unset (the feature
 * does not exist then), 400 "Secret key required", 429 with Retry-After after too many attempts,
 * 403 for a wrong key, 400 with field errors for invalid settings. Audited with no actor.
 */
export const action = (args: ActionFunctionArgs) =>
  apiAction(args, async ({ request }) => {
    if (request.method !== "PATCH" && request.method !== "POST")
      throw new HttpError(405, "errors.methodNotAllowed");
    const body = (await readJson(request)) as { secretKey?: unknown; settings?: unknown } | null;
    return apiJson(await updatePremiumSettingsDirect(request, body?.secretKey, body?.settings));
  });
