import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { getPoolDetail, recentDonations } from "~/models/pools.server";
import { apiJson, HttpError } from "~/utils/http.server";
import { idOr404 } from "~/utils/params.server";
import { apiLoader, type Methods, methodNotAllowed } from "~/utils/route.server";

export const ALLOW = ["GET"] as const satisfies Methods;

const RECENT_ON_DETAIL = 10;

/**
 * GET /api/donation-pools/{id} (spec 02 §7): the pool with the spec's fields (01 §3).
 * `?detailed=true` (the detail page's call) adds the photos with their sizes, the money pledged
 * but not yet verified, the count of verified gifts and the recent donations.
 */
export const loader = (args: LoaderFunctionArgs) =>
  apiLoader(args, async ({ request, params }) => {
    const id = idOr404(params.id, "pools:errors.notFound");
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

export const action = (args: ActionFunctionArgs) => methodNotAllowed(args, ALLOW);
