import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Form, Link, useLoaderData, useNavigation } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { AuthorName } from "~/components/author-name";
import { SearchIcon } from "~/components/icons";
import { Pagination } from "~/components/pagination";
import { Marked } from "~/components/search/marked";
import { EmptyState } from "~/components/section-error";
import { SEARCH_QUERY_MAX, SEARCH_TYPES, SEARCH_WINDOW, type SearchType } from "~/constants";
import { getT } from "~/i18next.server";
import { formatDate, formatMoney } from "~/lib/format";
import { metaFrom, pageMeta } from "~/lib/meta";
import { searchCounts, searchPools, searchStories } from "~/models/search.server";
import { parsePage } from "~/models/stories.server";
import { sameForMembers } from "~/web/member-pages.server";

/**
 * Search (issue 19): `/search?q=…&type=stories|pools&page=N`, a plain GET form that works
 * without JavaScript. Both kinds are counted, one is listed; a query that finds nothing says so
 * with ways on.
 */
async function load({ request }: LoaderFunctionArgs) {
  const url = new URL(request.url);
  const q = (url.searchParams.get("q") ?? "").slice(0, SEARCH_QUERY_MAX).trim();
  const asked = url.searchParams.get("type");
  const page = parsePage(url.searchParams.get("page"));
  const [t, counts] = await Promise.all([getT(request, ["common"]), searchCounts(q)]);
  // Without a type, the kind that found something: stories first.
  const type: SearchType = SEARCH_TYPES.includes(asked as SearchType)
    ? (asked as SearchType)
    : counts.stories === 0 && counts.pools > 0
      ? "pools"
      : "stories";
  const [stories, pools] = await Promise.all([
    type === "stories" ? searchStories(q, page) : null,
    type === "pools" ? searchPools(q, page) : null,
  ]);
  return {
    meta: q
      ? {
          title: t("meta.titleTemplate", { title: t("search.metaTitleQuery", { q }) }),
          description: t("search.metaDescription"),
        }
      : pageMeta(t, "search.metaTitle", "search.metaDescription"),
    q,
    type,
    counts,
    stories,
    pools,
  };
}

export function loader(args: LoaderFunctionArgs) {
  return sameForMembers(args, load);
}

// A page of results is for the person who asked: search engines index the stories themselves.
export const meta: MetaFunction<typeof loader> = ({ data }) => [
  ...metaFrom(data),
  ...(data?.q ? [{ name: "robots", content: "noindex" }] : []),
];
// "stories": the pages' links (Pagination) speak from it. A namespace missing here is rendered
// by the server and not by the browser, which then re-renders the page (issue 41 item 10).
export const handle = { i18n: ["common", "stories"], sharedCache: true };

const hrefFor = (q: string, type: SearchType, page = 1) => {
  const params = new URLSearchParams({ q, type });
  if (page > 1) params.set("page", String(page));
  return `/search?${params}`;
};

export default function Search() {
  const { t, i18n } = useTranslation();
  const { q, type, counts, stories, pools } = useLoaderData<typeof loader>();
  const navigation = useNavigation();
  const searching = navigation.state === "loading" && navigation.location.pathname === "/search";
  const result = stories ?? pools;
  return (
    <div className="container max-w-3xl py-8 sm:py-10">
      <h1 className="text-3xl font-bold tracking-tight">{t("search.title")}</h1>
      <Form method="get" action="/search" role="search" className="mt-5 flex gap-2">
        <label htmlFor="search-page-q" className="sr-only">
          {t("search.label")}
        </label>
        <input
          id="search-page-q"
          type="search"
          name="q"
          defaultValue={q}
          key={q}
          maxLength={SEARCH_QUERY_MAX}
          placeholder={t("search.placeholder")}
          className="input flex-1"
        />
        <button type="submit" className="btn-primary px-4" aria-disabled={searching || undefined}>
          <SearchIcon width={18} height={18} />
          <span className="sr-only sm:not-sr-only">{t("search.submit")}</span>
        </button>
      </Form>
      <p className="mt-2 text-sm text-muted-foreground">{t("search.hint")}</p>

      {q ? (
        <nav aria-label={t("search.kinds")} className="mt-6 flex gap-2 border-b border-border">
          {SEARCH_TYPES.map((kind) => (
            <Link
              key={kind}
              to={hrefFor(q, kind)}
              aria-current={kind === type ? "page" : undefined}
              className={`-mb-px border-b-2 px-3 py-2 text-sm font-semibold ${
                kind === type
                  ? "border-primary text-foreground"
                  : "border-transparent text-muted-foreground hover:text-foreground"
              }`}
              data-testid={`search-tab-${kind}`}
            >
              {kind === "stories" && counts.more
                ? t("search.tab.storiesMore", { count: counts.stories })
                : t(`search.tab.${kind}`, { count: counts[kind] })}
            </Link>
          ))}
        </nav>
      ) : null}

      {!q ? null : !result || result.total === 0 ? (
        <div className="mt-8" data-testid="search-empty">
          <EmptyState>
            <p className="font-semibold">{t("search.empty.title", { q })}</p>
            <ul className="mx-auto mt-3 max-w-md list-disc space-y-1 text-left text-sm">
              <li>{t("search.empty.spelling")}</li>
              <li>{t("search.empty.fewer")}</li>
              <li>
                {t("search.empty.browse")}{" "}
                <Link to="/stories/all" className="text-primary underline">
                  {t("search.empty.stories")}
                </Link>
                {" · "}
                <Link to="/donation-pools" className="text-primary underline">
                  {t("search.empty.pools")}
                </Link>
              </li>
            </ul>
          </EmptyState>
        </div>
      ) : (
        <>
          {stories?.more ? (
            <p className="mt-4 text-sm text-muted-foreground" data-testid="search-more">
              {t("search.more", { count: SEARCH_WINDOW })}
            </p>
          ) : null}
          <ol className="mt-6 space-y-4" aria-label={t("search.results")}>
            {stories?.items.map((story) => (
              <li key={story.id} className="card p-4 sm:p-5" data-testid="search-result">
                <h2 className="text-lg font-semibold leading-snug">
                  <Link to={`/stories/${story.id}`} className="hover:text-primary hover:underline">
                    <Marked parts={story.title_parts} />
                  </Link>
                </h2>
                <p className="mt-1 text-xs text-muted-foreground">
                  <span data-testid="search-author">
                    <AuthorName author={story.author}>
                      <Marked parts={story.author_parts} />
                    </AuthorName>
                  </span>
                  <span aria-hidden="true"> · </span>
                  {formatDate(story.submitted_at, i18n.language)}
                </p>
                <p className="mt-2 text-sm leading-relaxed text-foreground/90">
                  <Marked parts={story.snippet} />
                </p>
              </li>
            ))}
            {pools?.items.map((pool) => (
              <li key={pool.id} className="card p-4 sm:p-5" data-testid="search-result">
                <h2 className="text-lg font-semibold leading-snug">
                  <Link
                    to={`/donation-pools/${pool.id}`}
                    className="hover:text-primary hover:underline"
                  >
                    <Marked parts={pool.name_parts} />
                  </Link>
                </h2>
                <p className="mt-1 text-xs text-muted-foreground">
                  {t("search.raised", {
                    raised: formatMoney(pool.current_amount),
                    goal: formatMoney(pool.goal_amount),
                  })}
                </p>
                <p className="mt-2 text-sm leading-relaxed text-foreground/90">
                  <Marked parts={pool.snippet} />
                </p>
              </li>
            ))}
          </ol>
        </>
      )}
      {result ? (
        <Pagination
          page={result.page}
          pageCount={result.pageCount}
          hrefFor={(p) => hrefFor(q, type, p)}
        />
      ) : null}
    </div>
  );
}
