import type { LoaderFunctionArgs } from "@remix-run/node";
import { getPoolDetail, recentDonations } from "~/models/pools.server";
import { apiJson, HttpError } from "~/utils/http.server";
import { apiLoader } from "~/utils/route.server";

/** The pool id of an /api path, or a 404 for anything that cannot be one. */
export function poolIdOr404(param: string | undefined): number {
  if (!param || !/^\d{1,15}$/.test(param)) throw new HttpError(404, "pools:errors.notFound");
  return Number(param);
}

const RECENT_ON_DETAIL = 10;

/**
 * GET /api/donation-pools/{id} (spec 02 §7): the pool with the spec's fields (01 §3).
 * `?detailed=true` (the detail page's call) adds the photos with their sizes, the money pledged
 * but not yet verified, the count of verified gifts and the recent donations.
 */
export const loader = (args: LoaderFunctionArgs) =>
  apiLoader(args, async ({ request, params }) => {
    const id = poolIdOr404(params.id);
    const detailed = new URL(request.url).searchParams.get("detailed") === "true";
    const [pool, recent] = await Promise.all([
      getPoolDetail(id),
      detailed ? recentDonations(id, RECENT_ON_DETAIL) : Promise.resolve(null),
    ]);
    if (!pool) throw new HttpError(404, "pools:errors.notFound");
    const { photos, pledged_amount, pledged_progress, donors_count, ...fields } = pool;
    if (!detailed) return apiJson(fields);
    return apiJson({
      ...fields,
      pledged_amount,
      pledged_progress,
      donors_count,
      photos,
      recent_donations: recent,
    });
  });
