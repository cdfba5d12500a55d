import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { Breadcrumb } from "~/components/breadcrumb";
import { Pagination } from "~/components/pagination";
import { EmptyState } from "~/components/section-error";
import { StoryCard } from "~/components/story-card";
import { getT } from "~/i18next.server";
import { metaFrom, pageMeta } from "~/lib/meta";
import { sitePreview } from "~/models/og-cards.server";
import { listFeaturedStories, parsePage } from "~/models/stories.server";
import { sameForMembers } from "~/web/member-pages.server";

const PAGE_SIZE = 24;

/** Featured stories (spec 01 §2): breadcrumb and a grid of the stories currently featured. */
async function load({ request }: LoaderFunctionArgs) {
  const page = parsePage(new URL(request.url).searchParams.get("page"));
  const t = await getT(request, ["common", "stories"]);
  const stories = await listFeaturedStories({ page, pageSize: PAGE_SIZE });
  return {
    meta: {
      ...pageMeta(t, "stories:featuredPage.metaTitle", "stories:featuredPage.metaDescription"),
      image: await sitePreview(request),
    },
    stories,
  };
}

export function loader(args: LoaderFunctionArgs) {
  return sameForMembers(args, load);
}

export const meta: MetaFunction<typeof loader> = ({ data }) => metaFrom(data);
export const handle = { i18n: ["common", "stories"], sharedCache: true };

export default function FeaturedStories() {
  const { t } = useTranslation("stories");
  const { stories } = useLoaderData<typeof loader>();
  return (
    <div className="container py-10">
      <Breadcrumb current={t("featuredPage.title")} />
      <h1 className="mt-4 text-3xl font-bold tracking-tight sm:text-4xl">
        {t("featuredPage.title")}
      </h1>
      <p className="mb-8 mt-2 text-muted-foreground">{t("featuredPage.subtitle")}</p>
      {stories.items.length === 0 ? (
        <EmptyState>{t("featured.empty")}</EmptyState>
      ) : (
        <ul className="grid grid-cols-1 gap-6 sm:grid-cols-2 lg:grid-cols-3">
          {stories.items.map((story, i) => (
            <li key={story.id}>
              <StoryCard story={story} featured priority={i < 3} headingLevel={2} />
            </li>
          ))}
        </ul>
      )}
      <Pagination
        page={stories.page}
        pageCount={stories.pageCount}
        hrefFor={(p) => (p > 1 ? `/stories/featured?page=${p}` : "/stories/featured")}
      />
    </div>
  );
}
