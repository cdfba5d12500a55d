import type { LoaderFunctionArgs } from "@remix-run/node";
import { listPoolSummaries, listPoolsJson } from "~/models/pools.server";
import { apiJson } from "~/utils/http.server";
import { pagingParams, totalHeaders } from "~/utils/paging";
import { apiLoader } from "~/utils/route.server";

const LIST_PAGE_SIZE = 9;

/**
 * GET /api/donation-pools?summary=true&limit=9 (spec 01 §7): pool summaries for cards, active
 * first; archived pools are left out. `limit` defaults to 9 and is capped at 50.
 *
 * GET /api/donation-pools[?page=&pageSize=] (DESIGN §5): every pool with the spec's fields
 * (01 §3), active, then completed, then archived; the total in X-Total-Count.
 */
export const loader = (args: LoaderFunctionArgs) =>
  apiLoader(args, async ({ request }) => {
    const url = new URL(request.url);
    if (url.searchParams.get("summary") === "true") {
      const limit = Number(url.searchParams.get("limit") ?? "9");
      const pools = await listPoolSummaries(Number.isInteger(limit) && limit > 0 ? limit : 9);
      return apiJson(pools, { headers: { "X-Total-Count": String(pools.length) } });
    }
    const { page, pageSize } = pagingParams(url, LIST_PAGE_SIZE);
    const { items, total, pageCount } = await listPoolsJson(page, pageSize);
    return apiJson(items, { headers: totalHeaders(total, pageCount) });
  });
