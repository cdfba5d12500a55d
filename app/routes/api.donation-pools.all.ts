import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { requireApiAdmin } from "~/auth.server";
import { listPoolsPage } from "~/models/pools.server";
import { apiJson } from "~/utils/http.server";
import { pagingParams, totalHeaders } from "~/utils/paging";
import { apiLoader, type Methods, methodNotAllowed } from "~/utils/route.server";

export const ALLOW = ["GET"] as const satisfies Methods;

/** GET /api/donation-pools/all (admin, spec 02 §7): every pool, archived included. */
export const loader = (args: LoaderFunctionArgs) =>
  apiLoader(args, async ({ request }) => {
    await requireApiAdmin(request);
    const { page, pageSize } = pagingParams(new URL(request.url), 50, 100);
    const result = await listPoolsPage(page, pageSize);
    return apiJson(result.items, { headers: totalHeaders(result.total, result.pageCount) });
  });

export const action = (args: ActionFunctionArgs) => methodNotAllowed(args, ALLOW);
