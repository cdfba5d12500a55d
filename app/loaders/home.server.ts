import type { LoaderFunctionArgs } from "@remix-run/node";
import type { PoolCardView } from "~/components/pool-card";
import { CARD_EXCERPT, type StoryCardView } from "~/components/story-card";
import { LIMITS } from "~/constants";
import { getT } from "~/i18next.server";
import { pageMeta } from "~/lib/meta";
import { settle } from "~/lib/settle.server";
import { givingTotals } from "~/models/giving-totals.server";
import { sitePreview } from "~/models/og-cards.server";
import { listPoolSummaries, type PoolSummary } from "~/models/pools.server";
import {
  listFeaturedStories,
  listRegularStories,
  parseFilter,
  parsePage,
  type StoryCardData,
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
    featured: featured.ok
      ? { ok: true as const, data: { items: featured.data.items.map(cardView) } }
      : featured,
    regular: regular.ok
      ? {
          ok: true as const,
          data: {
            items: regular.data.items.map(cardView),
            page: regular.data.page,
            pageCount: regular.data.pageCount,
          },
        }
      : regular,
    pools: pools.ok ? { ok: true as const, data: pools.data.map(poolView) } : pools,
    giving,
  };
}

/**
 * The page's data is written into it for the browser (and encoded on every render), so it carries
 * only what the cards draw (decision 070). The excerpt is cut to what the card's own cut to 120
 * characters keeps: two more characters, so that it still knows the text goes on.
 */
export function cardView(card: StoryCardData): StoryCardView {
  return {
    id: card.id,
    title: card.title,
    preview: card.preview
      .replace(/\s+/g, " ")
      .trim()
      .slice(0, CARD_EXCERPT + 2),
    author: card.author,
    author_avatar_url: card.author_avatar_url,
    pricing_tier: card.pricing_tier,
    is_featured: card.is_featured,
    hearts_count: card.hearts_count,
    image: card.image
      ? {
          thumbnail_url: card.image.thumbnail_url,
          width: card.image.width,
          height: card.image.height,
        }
      : null,
  };
}

function poolView(pool: PoolSummary): PoolCardView {
  return {
    id: pool.id,
    name: pool.name,
    description: pool.description,
    goal_amount: pool.goal_amount,
    current_amount: pool.current_amount,
    progress: pool.progress,
    created_at: pool.created_at,
    status: pool.status,
    photo_1_thumbnail: pool.photo_1_thumbnail,
    has_video: pool.has_video,
  };
}

export const homeLoader = (args: LoaderFunctionArgs) =>
  sameForMembers(args, ({ request }) => homeData(request));
