import type { LoaderFunctionArgs } from "@remix-run/node";
import { listFeaturedStories, storyPageJson } from "~/models/stories.server";
import { apiJson } from "~/utils/http.server";
import { pagingParams, totalHeaders } from "~/utils/paging";
import { apiLoader } from "~/utils/route.server";

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
