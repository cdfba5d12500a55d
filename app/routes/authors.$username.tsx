import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useLoaderData, useRouteError } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { Breadcrumb } from "~/components/breadcrumb";
import { ErrorPage, errorStatus } from "~/components/error-page";
import { FollowButton, type FollowView } from "~/components/follow/follow-button";
import { Pagination } from "~/components/pagination";
import { EmptyState } from "~/components/section-error";
import { UserAvatar } from "~/components/story/user-avatar";
import { StoryCard } from "~/components/story-card";
import { LIMITS } from "~/constants";
import { siteOrigin } from "~/http/origin.server";
import { getT } from "~/i18next.server";
import { authorHref } from "~/lib/author";
import { metaFrom } from "~/lib/meta";
import { findAuthor, listAuthorStories } from "~/models/authors.server";
import { followState } from "~/models/follows.server";
import { parsePage } from "~/models/stories.server";
import { getUser } from "~/web/auth.server";
import { sameForMembers } from "~/web/member-pages.server";

/**
 * An author's page (issue 18 item 6): their approved stories, newest first, in pages like the
 * other lists. 404 for a name no account has (a deleted account included).
 */
async function load({ request, params }: LoaderFunctionArgs) {
  const author = await findAuthor(params.username ?? "");
  if (!author) throw new Response(null, { status: 404, statusText: "Not Found" });
  const page = parsePage(new URL(request.url).searchParams.get("page"));
  const [stories, t] = await Promise.all([
    listAuthorStories(author.id, { page, pageSize: LIMITS.storiesPageSize }),
    getT(request, ["common", "stories"]),
  ]);
  const path = authorHref(author.username)!;
  const user = await getUser(request);
  const follow = await followState({ authorId: author.id }, user?.id ?? null);
  const followMode: FollowView["mode"] = !user
    ? "anonymous"
    : user.id === author.id
      ? "own"
      : "toggle";
  const values = { name: author.username, count: stories.total };
  return {
    author: { username: author.username, avatar_url: author.avatar_url, path },
    follow: { view: { ...follow, mode: followMode }, action: `/follow${path}` },
    stories,
    canonical: `${siteOrigin(request)}${path}${stories.page > 1 ? `?page=${stories.page}` : ""}`,
    meta: {
      title: t("meta.titleTemplate", { title: t("stories:authorPage.metaTitle", values) }),
      description: t("stories:authorPage.metaDescription", values),
    },
  };
}

/** Members' copies (decision 039) differ by the Follow button; the author's own page is drawn. */
export function loader(args: LoaderFunctionArgs) {
  return sameForMembers(args, load, async (userId) => {
    const author = await findAuthor(args.params.username ?? "");
    if (!author || author.id === userId) return null;
    return (await followState({ authorId: author.id }, userId)).following
      ? "following"
      : "not following";
  });
}

export const meta: MetaFunction<typeof loader> = ({ data }) =>
  data ? [...metaFrom(data), { tagName: "link", rel: "canonical", href: data.canonical }] : [];

export const handle = {
  i18n: ["common", "stories", "follow"],
  sharedCache: true,
  absoluteLinks: true,
  errorTitle: (status: number) => (status === 404 ? "stories:authorPage.notFound" : undefined),
};

export default function AuthorPage() {
  const { t } = useTranslation("stories");
  const { author, stories, follow } = useLoaderData<typeof loader>();
  return (
    <div className="container py-10">
      <Breadcrumb current={author.username} />
      <div className="mb-8 mt-4 flex items-center gap-4">
        <UserAvatar name={author.username} url={author.avatar_url} />
        <div className="min-w-0">
          <h1 className="break-words text-3xl font-bold tracking-tight sm:text-4xl">
            {author.username}
          </h1>
          <p className="mt-1 text-muted-foreground" data-testid="author-count">
            {t("authorPage.count", { count: stories.total })}
          </p>
          <div className="mt-3">
            <FollowButton
              view={follow.view}
              action={follow.action}
              redirectTo={author.path}
              name={author.username}
            />
          </div>
        </div>
      </div>
      {stories.items.length === 0 ? (
        <EmptyState>{t("authorPage.empty")}</EmptyState>
      ) : (
        <ul className="grid grid-cols-1 gap-6 sm:grid-cols-2 lg:grid-cols-3">
          {stories.items.map((story, i) => (
            <li key={story.id}>
              <StoryCard story={story} priority={i < 3} headingLevel={2} linkAuthor={false} />
            </li>
          ))}
        </ul>
      )}
      <Pagination
        page={stories.page}
        pageCount={stories.pageCount}
        hrefFor={(p) => (p > 1 ? `${author.path}?page=${p}` : author.path)}
      />
    </div>
  );
}

export function ErrorBoundary() {
  const status = errorStatus(useRouteError());
  return (
    <ErrorPage
      status={status}
      {...(status === 404
        ? { titleKey: "stories:authorPage.notFound", messageKey: "stories:authorPage.notFoundText" }
        : {})}
    />
  );
}
