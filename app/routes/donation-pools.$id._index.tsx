import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link, useLoaderData, useRouteError } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { errorStatus } from "~/components/error-page";
import { FollowButton, type FollowView } from "~/components/follow/follow-button";
import { ArrowLeftIcon } from "~/components/icons";
import { CalendarIcon } from "~/components/page-icons";
import { FundingCard } from "~/components/pools/funding-card";
import { PhotoGallery } from "~/components/pools/photo-gallery";
import { PoolError, poolErrorTitle } from "~/components/pools/pool-error";
import { PoolMoneySparkline } from "~/components/pools/pool-money-chart";
import { PoolVideo } from "~/components/pools/pool-video";
import { RecentDonors } from "~/components/pools/recent-donors";
import { UpdateTimeline } from "~/components/pools/update-timeline";
import { ShareLinks } from "~/components/share-links";
import { TextParagraphs } from "~/components/story/text-paragraphs";
import { siteOrigin } from "~/http/origin.server";
import { idParam } from "~/http/params.server";
import { getT } from "~/i18next.server";
import { formatDate } from "~/lib/format";
import { metaFrom } from "~/lib/meta";
import { followState } from "~/models/follows.server";
import { poolPreview } from "~/models/og-cards.server";
import { poolSeries, sparklineSeries } from "~/models/pool-series.server";
import { listUpdates } from "~/models/pool-updates.server";
import { getPoolDetail, recentDonations } from "~/models/pools.server";
import { getUser } from "~/web/auth.server";
import { sameForMembers } from "~/web/member-pages.server";

/**
 * Pool detail (spec 02 §2): photos with a lightbox, video, money raised against the goal with
 * pledges kept apart, recent donors, the account and the donate link. Named `._index` so the
 * donate form (`donation-pools.$id.donate`) is a sibling page, not a child in an <Outlet />.
 */

const DESCRIPTION_CHARS = 150;
const RECENT_DONORS = 10;

const notFound = () => new Response(null, { status: 404, statusText: "Not Found" });

async function load({ request, params }: LoaderFunctionArgs) {
  const id = idParam(params.id);
  const pool = id ? await getPoolDetail(id) : null;
  if (!pool) throw notFound();
  const [recent, t, updates, series] = await Promise.all([
    recentDonations(pool.id, RECENT_DONORS),
    getT(request, ["common", "pools"]),
    listUpdates(pool.id),
    poolSeries(pool.id),
  ]);
  const origin = siteOrigin(request);
  const user = await getUser(request);
  const follow = await followState({ poolId: pool.id }, user?.id ?? null);
  // An archived campaign posts no more updates: no one starts following it, a follower may leave.
  const mode: FollowView["mode"] =
    pool.status === "archived" && !follow.following ? "closed" : user ? "toggle" : "anonymous";
  return {
    pool,
    follow: {
      view: { ...follow, mode },
      action: `/follow/donation-pools/${pool.id}`,
    },
    recent,
    updates,
    series: series ? sparklineSeries(series) : null,
    siteName: t("brand.name"),
    canonical: `${origin}/donation-pools/${pool.id}`,
    meta: {
      image: await poolPreview(request, pool.id),
      title: t("meta.titleTemplate", { title: pool.name }),
      description: pool.description.replace(/\s+/g, " ").trim().slice(0, DESCRIPTION_CHARS),
    },
  };
}

/** Members' copies (decision 039) differ by the Follow button (issue 42). */
export function loader(args: LoaderFunctionArgs) {
  return sameForMembers(args, load, async (userId) => {
    const id = idParam(args.params.id);
    if (!id) return null;
    return (await followState({ poolId: id }, userId)).following ? "following" : "not following";
  });
}

export default function PoolPage() {
  const { t, i18n } = useTranslation("pools");
  const { pool, recent, updates, canonical, follow, series } = useLoaderData<typeof loader>();
  return (
    <article className="container py-6 sm:py-10" data-testid="pool" data-status={pool.status}>
      <Link to="/donation-pools" className="btn-ghost -ml-3 mb-4 text-muted-foreground">
        <ArrowLeftIcon width={18} height={18} />
        {t("detail.back")}
      </Link>

      <div className="grid grid-cols-1 gap-8 lg:grid-cols-[minmax(0,1fr)_380px] lg:grid-rows-[auto_1fr] lg:gap-x-10">
        <div className="min-w-0">
          <header className="mb-6">
            {pool.status === "active" ? null : (
              <span
                className="mb-3 inline-block rounded-full bg-success px-2.5 py-0.5 text-xs font-semibold text-success-foreground"
                data-testid="pool-status"
              >
                {t(`status.${pool.status}`)}
              </span>
            )}
            <h1 className="text-balance break-words text-3xl font-extrabold leading-tight tracking-tight sm:text-4xl">
              {pool.name}
            </h1>
            <p className="mt-3 inline-flex items-center gap-2 text-sm text-muted-foreground">
              <CalendarIcon width={16} height={16} />
              <time dateTime={pool.created_at} data-testid="pool-created">
                {t("detail.started", {
                  date: formatDate(pool.created_at, i18n.language, t("common:na")),
                })}
              </time>
            </p>
            <div className="mt-3">
              <FollowButton
                view={follow.view}
                action={follow.action}
                redirectTo={`/donation-pools/${pool.id}`}
                name={pool.name}
                testId="follow-pool"
              />
            </div>
          </header>
          <PhotoGallery photos={pool.photos} name={pool.name} />
        </div>

        {/* Beside the story on wide screens; right under the photos on phones. */}
        <div className="lg:sticky lg:top-24 lg:col-start-2 lg:row-span-2 lg:row-start-1 lg:self-start">
          <FundingCard pool={pool} trend={series ? <PoolMoneySparkline series={series} /> : null} />
        </div>

        <div className="min-w-0 space-y-10">
          <section aria-labelledby="about-title">
            <h2 id="about-title" className="text-xl font-bold tracking-tight">
              {t("detail.about")}
            </h2>
            <TextParagraphs
              text={pool.description}
              className="mt-4 space-y-4 break-words text-base leading-7 text-foreground/90 sm:text-lg sm:leading-8"
            />
          </section>
          {pool.video_url ? <PoolVideo src={pool.video_url} name={pool.name} /> : null}
          <UpdateTimeline updates={updates} />
          <RecentDonors donations={recent} poolId={pool.id} />
          <ShareLinks url={canonical} title={pool.name} />
        </div>
      </div>
    </article>
  );
}

export const meta: MetaFunction<typeof loader> = ({ data }) => {
  if (!data) return [];
  return [
    ...metaFrom(data),
    { property: "og:type", content: "website" },
    { property: "og:site_name", content: data.siteName },
    { property: "og:url", content: data.canonical },
    { tagName: "link", rel: "canonical", href: data.canonical },
  ];
};

export const handle = {
  i18n: ["common", "pools", "plans", "follow"],
  sharedCache: true,
  absoluteLinks: true,
  errorTitle: poolErrorTitle,
};

export function ErrorBoundary() {
  const error = useRouteError();
  return <PoolError status={errorStatus(error)} />;
}
