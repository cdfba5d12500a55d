import type { LoaderFunctionArgs } from "@remix-run/node";
import { getPremiumSettings } from "~/models/settings.server";
import { apiJson } from "~/utils/http.server";
import { apiLoader } from "~/utils/route.server";

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
