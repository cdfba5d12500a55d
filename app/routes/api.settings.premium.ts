import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { requireApiAdmin } from "~/auth.server";
import { getPremiumSettings } from "~/models/settings.server";
import { updatePremiumSettings } from "~/models/settings-admin.server";
import { apiJson, readJson } from "~/utils/http.server";
import { apiAction, apiLoader, type Methods } from "~/utils/route.server";

export const ALLOW = ["GET", "POST", "PATCH"] as const satisfies Methods;

/**
 * GET /api/settings/premium (spec 01 §7): `{ prices, days }` per paid tier, the saved settings or
 * the defaults. Public and the same for everyone, so browsers and proxies may keep it a minute:
 * an administrator's change shows everywhere within that minute.
 */
export const loader = (args: LoaderFunctionArgs) =>
  apiLoader(args, async () => {
    const { prices, days } = await getPremiumSettings();
    const response = apiJson({ prices, days });
    response.headers.set("Cache-Control", "public, max-age=60");
    return response;
  });

/**
 * PATCH /api/settings/premium { prices, days } (admin, spec 02 §7): all six values, prices whole
 * tugrik ≥ 0, days whole numbers ≥ 1 (DESIGN §4); anything else is a 400 naming the field
 * ("prices.daily"), nothing saved. Answers the saved settings. Audited with before and after.
 */
export const action = (args: ActionFunctionArgs) =>
  apiAction(args, ALLOW, async ({ request }) => {
    const admin = await requireApiAdmin(request);
    const body = await readJson(request);
    return apiJson(await updatePremiumSettings(admin, body));
  });
