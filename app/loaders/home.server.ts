import type { LoaderFunctionArgs } from "@remix-run/node";
import { LIMITS } from "~/constants";
import { getT } from "~/i18next.server";
import { pageMeta } from "~/lib/meta";
import { settle } from "~/lib/settle.server";
import { givingTotals } from "~/models/giving-totals.server";
import { sitePreview } from "~/models/og-cards.server";
import { listPoolSummaries } from "~/models/pools.server";
import {
  listFeaturedStories,
  listRegularStories,
  parseFilter,
  parsePage,
} from "~/models/stories.server";
import { sameForMembers } from "~/web/member-pages.server";

/** The home page's loader (why it lives here: app/loaders/root.server.ts). */
export async function homeData(request: Request) {
  const url = new URL(request.url);
  const filter = parseFilter(url.searchParams.get("filter"));
  const page = parsePage(url.searchParams.get("page"));
  const t = await getT(request);
  const [featured, regular, pools, giving] = await Promise.all([
    settle("featured", listFeaturedStories({ pageSize: LIMITS.homeFeatured })),
    settle("regular", listRegularStories({ filter, page, pageSize: LIMITS.homePageSize })),
    settle("pools", listPoolSummaries(LIMITS.homePools)),
    settle("giving", givingTotals()),
  ]);
  return {
    meta: { ...pageMeta(t, "home.metaTitle"), image: await sitePreview(request) },
    filter,
    featured,
    regular,
    pools,
    giving,
  };
}

export const homeLoader = (args: LoaderFunctionArgs) =>
  sameForMembers(args, ({ request }) => homeData(request));
