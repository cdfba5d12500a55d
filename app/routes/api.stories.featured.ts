import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { listFeaturedStories, storyPageJson } from "~/models/stories.server";
import { apiJson } from "~/utils/http.server";
import { pagingParams, totalHeaders } from "~/utils/paging";
import { apiLoader, type Methods, methodNotAllowed } from "~/utils/route.server";

export const ALLOW = ["GET"] as const satisfies Methods;

/** GET /api/stories/featured[?page&pageSize]: stories currently featured, newest first. */
export const loader = (args: LoaderFunctionArgs) =>
  apiLoader(
    args,
    async ({ request }) => {
      const { page, pageSize } = pagingParams(new URL(request.url), 50);
      const result = await listFeaturedStories({ page, pageSize });
      return apiJson(await storyPageJson(result), {
        headers: totalHeaders(result.total, result.pageCount),
      });
    },
    { sharedCache: true },
  );

export const action = (args: ActionFunctionArgs) => methodNotAllowed(args, ALLOW);
