import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { Breadcrumb } from "~/components/breadcrumb";
import { ShieldIcon } from "~/components/page-icons";
import { Pagination } from "~/components/pagination";
import { PoolCard } from "~/components/pool-card";
import { GivingTotalsBar } from "~/components/pools/giving-totals";
import { HowGivingWorks } from "~/components/pools/how-giving-works";
import { Leaderboard } from "~/components/pools/leaderboard";
import { EmptyState, SectionError } from "~/components/section-error";
import { getT } from "~/i18next.server";
import { metaFrom, pageMeta } from "~/lib/meta";
import { settle } from "~/lib/settle.server";
import { topDonors } from "~/models/donation-lists.server";
import { givingTotals } from "~/models/giving-totals.server";
import { sitePreview } from "~/models/og-cards.server";
import { listPoolsPage } from "~/models/pools.server";
import { parsePage } from "~/models/stories.server";
import { sameForMembers } from "~/web/member-pages.server";

const PAGE_SIZE = 9;
const LEADERBOARD_SIZE = 10;

/**
 * /donation-pools (DESIGN §4; the spec does not show it): every pool as a card — active first,
 * completed and archived after, marked — 9 per page, and the top donors who chose to be shown.
 */
async function load({ request }: LoaderFunctionArgs) {
  const page = parsePage(new URL(request.url).searchParams.get("page"));
  const [t, pools, donors, giving] = await Promise.all([
    getT(request, ["common", "pools"]),
    settle("pools", listPoolsPage(page, PAGE_SIZE)),
    settle("leaderboard", topDonors(LEADERBOARD_SIZE)),
    settle("giving", givingTotals()),
  ]);
  return {
    meta: {
      ...pageMeta(t, "pools:meta.listTitle", "pools:meta.listDescription"),
      image: await sitePreview(request),
    },
    pools: pools.ok ? pools.data : null,
    donors: donors.ok ? donors.data : null,
    giving: giving.ok && giving.data.gifts > 0 ? giving.data : null,
  };
}

export function loader(args: LoaderFunctionArgs) {
  return sameForMembers(args, load);
}

export const meta: MetaFunction<typeof loader> = ({ data }) => metaFrom(data);
export const handle = { i18n: ["common", "stories", "pools"], sharedCache: true };

const hrefFor = (page: number) => `/donation-pools${page > 1 ? `?page=${page}` : ""}`;

export default function DonationPools() {
  const { t } = useTranslation("pools");
  const { pools, donors, giving } = useLoaderData<typeof loader>();
  return (
    <div className="container py-10">
      <Breadcrumb current={t("list.title")} />
      <header className="mb-8 mt-4 max-w-3xl">
        <h1 className="text-3xl font-bold tracking-tight sm:text-4xl">{t("list.title")}</h1>
        <p className="mt-3 leading-relaxed text-muted-foreground">{t("list.subtitle")}</p>
        {pools && pools.total > 0 ? (
          <p className="mt-3 inline-flex items-center gap-2 rounded-full bg-secondary px-3 py-1 text-sm font-medium text-secondary-foreground">
            <ShieldIcon width={15} height={15} />
            {t("list.count", { count: pools.total })}
          </p>
        ) : null}
      </header>
      {giving ? (
        <div className="mb-8">
          <GivingTotalsBar totals={giving} />
        </div>
      ) : null}

      <section aria-label={t("list.title")}>
        {pools === null ? (
          <SectionError message={t("list.loadError")} />
        ) : pools.items.length === 0 ? (
          <EmptyState>{t("list.empty")}</EmptyState>
        ) : (
          <ul className="grid grid-cols-1 gap-6 sm:grid-cols-2 lg:grid-cols-3">
            {pools.items.map((pool) => (
              <li key={pool.id}>
                <PoolCard pool={pool} headingLevel={2} />
              </li>
            ))}
          </ul>
        )}
        {pools ? (
          <Pagination page={pools.page} pageCount={pools.pageCount} hrefFor={hrefFor} />
        ) : null}
      </section>

      <div className="mt-14 grid items-start gap-6 lg:grid-cols-[minmax(0,3fr)_minmax(0,2fr)]">
        <Leaderboard donors={donors} />
        <HowGivingWorks />
      </div>
    </div>
  );
}
