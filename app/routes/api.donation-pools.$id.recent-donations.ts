import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { poolExists, recentDonations } from "~/models/pools.server";
import { apiJson, HttpError } from "~/utils/http.server";
import { idOr404 } from "~/utils/params.server";
import { apiLoader, type Methods, methodNotAllowed } from "~/utils/route.server";

export const ALLOW = ["GET"] as const satisfies Methods;

const DEFAULT_LIMIT = 10;
const MAX_LIMIT = 50;

/**
 * GET /api/donation-pools/{id}/recent-donations (spec 02 §7): the pool's recent donors —
 * verified, not hidden, newest first — as { id, donor_name, amount, message, donation_date }.
 * `limit` defaults to 10 and is capped at 50.
 */
export const loader = (args: LoaderFunctionArgs) =>
  apiLoader(args, async ({ request, params }) => {
    const id = idOr404(params.id, "pools:errors.notFound");
    const asked = Number(new URL(request.url).searchParams.get("limit") ?? DEFAULT_LIMIT);
    const limit =
      Number.isInteger(asked) && asked >= 1 ? Math.min(asked, MAX_LIMIT) : DEFAULT_LIMIT;
    if (!(await poolExists(id))) throw new HttpError(404, "pools:errors.notFound");
    return apiJson(await recentDonations(id, limit));
  });

export const action = (args: ActionFunctionArgs) => methodNotAllowed(args, ALLOW);
