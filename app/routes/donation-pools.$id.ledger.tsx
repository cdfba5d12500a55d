import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link, useLoaderData, useRouteError } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { errorStatus } from "~/components/error-page";
import { ArrowLeftIcon } from "~/components/icons";
import { Pagination } from "~/components/pagination";
import { LedgerLines } from "~/components/pools/ledger-lines";
import { LedgerTotalsCard } from "~/components/pools/ledger-totals";
import { PoolError, poolErrorTitle } from "~/components/pools/pool-error";
import { PoolMoneyChart } from "~/components/pools/pool-money-chart";
import { idParam } from "~/http/params.server";
import { getT } from "~/i18next.server";
import { logger } from "~/lib/logger.server";
import { metaFrom } from "~/lib/meta";
import { poolLedger } from "~/models/ledger.server";
import { poolSeries } from "~/models/pool-series.server";
import { parsePage } from "~/models/stories.server";
import { sameForMembers } from "~/web/member-pages.server";

/**
 * A campaign's public ledger (issue 20, decision 034): the totals, the money over time against the
 * goal (issue 42, decision 060), then every verified gift and every expense, newest first, 25 a
 * page, and the same lines as a CSV file.
 */
async function load({ request, params }: LoaderFunctionArgs) {
  const id = idParam(params.id);
  const page = parsePage(new URL(request.url).searchParams.get("page"));
  const [ledger, series] = id ? await Promise.all([poolLedger(id, page), poolSeries(id)]) : [];
  if (!ledger || !series) throw new Response(null, { status: 404, statusText: "Not Found" });
  if (ledger.totals.pool_total !== ledger.totals.verified_amount) {
    logger.error("ledger.mismatch", { pool_id: ledger.pool.id, ...ledger.totals });
  }
  const t = await getT(request, ["common", "pools"]);
  return {
    ledger,
    series,
    meta: {
      title: t("meta.titleTemplate", {
        title: t("pools:ledger.metaTitle", { name: ledger.pool.name }),
      }),
      description: t("pools:ledger.metaDescription"),
    },
  };
}

export function loader(args: LoaderFunctionArgs) {
  return sameForMembers(args, load);
}

export const meta: MetaFunction<typeof loader> = ({ data }) => metaFrom(data);

export const handle = {
  i18n: ["common", "pools", "stories", "charts"],
  sharedCache: true,
  errorTitle: poolErrorTitle,
};

export default function PoolLedger() {
  const { t } = useTranslation("pools");
  const { ledger, series } = useLoaderData<typeof loader>();
  const { pool } = ledger;
  const base = `/donation-pools/${pool.id}/ledger`;
  return (
    <div className="container max-w-4xl py-6 sm:py-10" data-testid="ledger">
      <Link
        to={`/donation-pools/${pool.id}`}
        className="btn-ghost -ml-3 mb-4 text-muted-foreground"
      >
        <ArrowLeftIcon width={18} height={18} />
        {t("ledger.back")}
      </Link>
      <header className="mb-6">
        <p className="break-words text-sm font-semibold text-primary">{pool.name}</p>
        <h1 className="mt-1 text-3xl font-extrabold tracking-tight sm:text-4xl">
          {t("ledger.title")}
        </h1>
        <p className="mt-3 max-w-2xl leading-relaxed text-muted-foreground">{t("ledger.lead")}</p>
      </header>

      <LedgerTotalsCard totals={ledger.totals} />

      <div className="mt-6">
        <PoolMoneyChart series={series} />
      </div>

      <section aria-labelledby="ledger-lines-title" className="mt-10">
        <div className="flex flex-wrap items-end justify-between gap-3">
          <h2 id="ledger-lines-title" className="text-xl font-bold tracking-tight">
            {t("ledger.lines")}
          </h2>
          <div className="sm:text-right">
            {/* A file, not a page: the browser downloads it with or without JavaScript. */}
            <a href={`${base}.csv`} download className="btn-outline" data-testid="ledger-csv">
              {t("ledger.csv")}
            </a>
            <p className="mt-1 text-xs text-muted-foreground">{t("ledger.csvNote")}</p>
          </div>
        </div>
        <LedgerLines lines={ledger.lines} />
        <Pagination
          page={ledger.page}
          pageCount={ledger.pageCount}
          hrefFor={(p) => (p > 1 ? `${base}?page=${p}` : base)}
        />
      </section>
    </div>
  );
}

export function ErrorBoundary() {
  const error = useRouteError();
  return <PoolError status={errorStatus(error)} />;
}
