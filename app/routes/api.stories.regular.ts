import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { LIMITS } from "~/constants";
import { listRegularStories, parseFilter, storyPageJson } from "~/models/stories.server";
import { apiJson } from "~/utils/http.server";
import { pagingParams, totalHeaders } from "~/utils/paging";
import { apiLoader, type Methods, methodNotAllowed } from "~/utils/route.server";

export const ALLOW = ["GET"] as const satisfies Methods;

/** GET /api/stories/regular[?filter=all|loved|newest&page&pageSize]: approved stories not currently featured. */
export const loader = (args: LoaderFunctionArgs) =>
  apiLoader(
    args,
    async ({ request }) => {
      const url = new URL(request.url);
      const { page, pageSize } = pagingParams(url, LIMITS.storiesPageSize);
      const result = await listRegularStories({
        filter: parseFilter(url.searchParams.get("filter")),
        page,
        pageSize,
      });
      // Past the last page the list is empty (the screens clamp; a script should see the end).
      const items = page > result.pageCount ? [] : await storyPageJson(result);
      return apiJson(items, { headers: totalHeaders(result.total, result.pageCount) });
    },
    { sharedCache: true },
  );

export const action = (args: ActionFunctionArgs) => methodNotAllowed(args, ALLOW);
