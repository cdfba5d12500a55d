import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useLoaderData, useLocation, useNavigation } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { Breadcrumb } from "~/components/breadcrumb";
import { Pagination } from "~/components/pagination";
import { EmptyState } from "~/components/section-error";
import { StoryCard, StoryCardSkeleton } from "~/components/story-card";
import { StoryFilterForm } from "~/components/story-filter";
import { LIMITS } from "~/constants";
import { getT } from "~/i18next.server";
import { metaFrom, pageMeta } from "~/lib/meta";
import { sitePreview } from "~/models/og-cards.server";
import {
  listRegularStories,
  parseFilter,
  parsePage,
  type StoryFilter,
} from "~/models/stories.server";
import { sameForMembers } from "~/web/member-pages.server";

/** Regular stories (spec 01 §2): breadcrumb, the three filters, 9 per page. */
async function load({ request }: LoaderFunctionArgs) {
  const url = new URL(request.url);
  const filter = parseFilter(url.searchParams.get("filter"));
  const page = parsePage(url.searchParams.get("page"));
  const t = await getT(request, ["common", "stories"]);
  const stories = await listRegularStories({ filter, page, pageSize: LIMITS.storiesPageSize });
  return {
    meta: {
      ...pageMeta(t, "stories:allPage.metaTitle", "stories:allPage.metaDescription"),
      image: await sitePreview(request),
    },
    filter,
    stories,
  };
}

export function loader(args: LoaderFunctionArgs) {
  return sameForMembers(args, load);
}

export const meta: MetaFunction<typeof loader> = ({ data }) => metaFrom(data);
export const handle = { i18n: ["common", "stories"], sharedCache: true };

function hrefFor(filter: StoryFilter, page: number) {
  const params = new URLSearchParams();
  if (filter !== "all") params.set("filter", filter);
  if (page > 1) params.set("page", String(page));
  const query = params.toString();
  return `/stories/all${query ? `?${query}` : ""}`;
}

export default function AllStories() {
  const { t } = useTranslation("stories");
  const { filter, stories } = useLoaderData<typeof loader>();
  const navigation = useNavigation();
  const location = useLocation();
  const loading =
    navigation.state === "loading" && navigation.location.pathname === location.pathname;
  return (
    <div className="container py-10">
      <Breadcrumb current={t("allPage.title")} />
      <div className="mb-8 mt-4 flex flex-wrap items-end justify-between gap-4">
        <div>
          <h1 className="text-3xl font-bold tracking-tight sm:text-4xl">{t("allPage.title")}</h1>
          <p className="mt-2 text-muted-foreground">
            {t("allPage.subtitle", { count: stories.total })}
          </p>
        </div>
        <StoryFilterForm filter={filter} action="/stories/all" />
      </div>
      {loading ? (
        <ul className="grid grid-cols-1 gap-6 sm:grid-cols-2 lg:grid-cols-3" aria-busy="true">
          {Array.from({ length: 6 }, (_, i) => (
            <li key={i}>
              <StoryCardSkeleton />
            </li>
          ))}
        </ul>
      ) : stories.items.length === 0 ? (
        <EmptyState>{t("regular.empty")}</EmptyState>
      ) : (
        <ul className="grid grid-cols-1 gap-6 sm:grid-cols-2 lg:grid-cols-3">
          {stories.items.map((story, i) => (
            <li key={story.id}>
              <StoryCard story={story} priority={i < 3} headingLevel={2} />
            </li>
          ))}
        </ul>
      )}
      <Pagination
        page={stories.page}
        pageCount={stories.pageCount}
        hrefFor={(p) => hrefFor(filter, p)}
      />
    </div>
  );
}
