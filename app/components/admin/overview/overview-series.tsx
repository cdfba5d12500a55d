import { Link } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { type ChartTone, TimeChart } from "~/components/charts/time-chart";
import { formatMoney } from "~/lib/format";
import type { OverviewSeries, SeriesKey } from "~/models/admin-overview.server";

/** Gifts are the site's money: green when in, gold while still only promised. */
const TONE: Record<SeriesKey, ChartTone> = {
  giftsConfirmed: "success",
  pledgesWaiting: "gold",
  newStories: "primary",
  newAccounts: "primary",
  reads: "primary",
};

/**
 * One series of the last 90 days: its totals, each a link to the tab where it is looked into,
 * and a chart a day per bar with its table (TimeChart). Money series get a second chart for the
 * sum, as a count and an amount cannot share an axis; then each chart has its own short heading.
 */
export function OverviewSeriesCard({ series }: { series: OverviewSeries }) {
  const { t } = useTranslation("admin");
  const key = series.key;
  const words = (name: string, options?: Record<string, unknown>) =>
    t(`overview.series.${key}.${name}`, options);
  const figure = (text: string, testId: string) =>
    series.href ? (
      <Link to={series.href} data-testid={testId} className="text-primary hover:underline">
        {text}
      </Link>
    ) : (
      <span data-testid={testId}>{text}</span>
    );
  const headingId = `overview-${key}`;
  // Two charts under one title: each says what it draws, or the second reads as the first again.
  const twoCharts = series.amount !== null && key === "giftsConfirmed";
  return (
    <li className="card p-4 sm:p-5" data-series-card={key}>
      <section aria-labelledby={headingId}>
        <h3 id={headingId} className="text-base font-semibold">
          {words("title")}
        </h3>
        <p className="mt-0.5 text-xs text-muted-foreground">{words("lead")}</p>
        <p className="mt-2 flex flex-wrap gap-x-4 gap-y-1 text-xl font-bold tabular-nums">
          {figure(words("count", { count: series.count }), "series-count")}
          {series.amount !== null ? figure(formatMoney(series.amount), "series-amount") : null}
        </p>
        {twoCharts ? (
          <div className="mt-3">
            <h4 className="mb-1 text-xs font-semibold text-foreground">{words("amountHeading")}</h4>
            <TimeChart
              label={words("amountChart")}
              unit="money"
              height="h-28 sm:h-36"
              testId={`chart-${key}-amount`}
              series={[
                {
                  key: "amount",
                  label: words("amountSeries"),
                  kind: "bar",
                  tone: TONE[key],
                  points: series.perDay.map((d) => ({ day: d.day, value: d.amount ?? 0 })),
                },
              ]}
            />
          </div>
        ) : null}
        <div className="mt-3">
          {twoCharts ? (
            <h4 className="mb-1 text-xs font-semibold text-foreground">{words("countHeading")}</h4>
          ) : null}
          <TimeChart
            label={words("chart")}
            height="h-28 sm:h-36"
            testId={`chart-${key}`}
            series={[
              {
                key: "count",
                label: words("series"),
                kind: "bar",
                tone: TONE[key],
                points: series.perDay.map((d) => ({ day: d.day, value: d.count })),
              },
            ]}
          />
        </div>
      </section>
    </li>
  );
}
