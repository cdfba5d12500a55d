import type { LoaderFunctionArgs } from "@remix-run/node";
import { listPoolSummaries } from "~/models/pools.server";
import { apiJson } from "~/utils/http.server";
import { apiLoader } from "~/utils/route.server";

/**
 * GET /api/donation-pools?summary=true&limit=9 (spec 01 §7): pool summaries for cards, active
 * first; archived pools are left out. `limit` defaults to 9 and is capped at 50.
 */
export const loader = (args: LoaderFunctionArgs) =>
  apiLoader(args, async ({ request }) => {
    const limit = Number(new URL(request.url).searchParams.get("limit") ?? "9");
    const pools = await listPoolSummaries(Number.isInteger(limit) && limit > 0 ? limit : 9);
    return apiJson(pools, { headers: { "X-Total-Count": String(pools.length) } });
  });
