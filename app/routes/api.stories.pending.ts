import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { requireApiAdmin } from "~/auth.server";
import { APPROVAL_FILTERS, listPendingStories, oneOf } from "~/models/admin-stories.server";
import { adminStoryJson } from "~/utils/admin-json.server";
import { apiJson } from "~/utils/http.server";
import { pagingParams, totalHeaders } from "~/utils/paging";
import { apiLoader, type Methods, methodNotAllowed } from "~/utils/route.server";

export const ALLOW = ["GET"] as const satisfies Methods;

/** GET /api/stories/pending[?filter=all|premium&page&pageSize] (admin): stories awaiting a decision. */
export const loader = (args: LoaderFunctionArgs) =>
  apiLoader(args, async ({ request }) => {
    await requireApiAdmin(request);
    const url = new URL(request.url);
    const { page, pageSize } = pagingParams(url, 50);
    const result = await listPendingStories(
      oneOf(APPROVAL_FILTERS, url.searchParams.get("filter"), "all"),
      page,
      pageSize,
    );
    const items = page > result.pageCount ? [] : result.items.map(adminStoryJson);
    return apiJson(items, { headers: totalHeaders(result.total, result.pageCount) });
  });

export const action = (args: ActionFunctionArgs) => methodNotAllowed(args, ALLOW);
