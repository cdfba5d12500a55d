import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { updatePremiumSettingsDirect } from "~/models/settings-admin.server";
import { apiJson, readJson } from "~/utils/http.server";
import { apiAction, type Methods, methodNotAllowed } from "~/utils/route.server";

export const ALLOW = ["POST", "PATCH"] as const satisfies Methods;

/**
 * PATCH /api/settings/premium-direct { secretKey, settings: { prices, days } } (spec 02 §7): the
 * hidden page's update, with no sign-in. 404 while PREMIUM_SETTINGS_SECRET is unset (the feature
 * does not exist then), 400 "Secret key required", 429 with Retry-After after too many attempts,
 * 403 for a wrong key, 400 with field errors for invalid settings. Audited with no actor.
 */
export const action = (args: ActionFunctionArgs) =>
  apiAction(args, ALLOW, async ({ request }) => {
    const body = (await readJson(request)) as { secretKey?: unknown; settings?: unknown } | null;
    const { settings, deviceCookie } = await updatePremiumSettingsDirect(
      request,
      body?.secretKey,
      body?.settings,
    );
    return apiJson(settings, { headers: { "Set-Cookie": deviceCookie } });
  });

export const loader = (args: LoaderFunctionArgs) => methodNotAllowed(args, ALLOW);
