import { useTranslation } from "react-i18next";
import { Sparkline } from "~/components/charts/sparkline";
import { TimeChart } from "~/components/charts/time-chart";
import { formatMoney } from "~/lib/format";
import type { PoolSeries } from "~/models/pool-series.server";

/**
 * A campaign's money over time (issue 42 item 4), in the ledger's words: verified gifts filled,
 * the same plus pledges still waiting dashed (promises, not money), the goal, and each update's
 * spending as a numbered mark. The page lists `charts` and `pools` in its handle.
 */
export function PoolMoneyChart({ series }: { series: PoolSeries }) {
  const { t, i18n } = useTranslation("pools");
  const spentOn = (s: PoolSeries["spending"][number]) =>
    (i18n.language === "en" && s.spent_on_en) || s.spent_on_mn;
  const pending = series.totals.pending_amount > 0;
  return (
    <section
      aria-labelledby="pool-chart-title"
      className="card p-5 sm:p-6"
      data-testid="pool-chart"
    >
      <h2 id="pool-chart-title" className="text-xl font-bold tracking-tight">
        {t("chart.title")}
      </h2>
      <p className="mt-1 text-sm leading-relaxed text-muted-foreground">
        {[
          t("chart.lead"),
          pending ? t("chart.pendingNote") : null,
          series.spending.length > 0 ? t("chart.marksNote") : null,
        ]
          .filter(Boolean)
          .join(" ")}
      </p>
      <div className="mt-4">
        <TimeChart
          label={t("chart.label", {
            verified: formatMoney(series.totals.verified_amount),
            goal: formatMoney(series.pool.goal_amount),
          })}
          unit="money"
          series={[
            {
              key: "verified",
              label: t("chart.verified"),
              kind: "area",
              curve: "step",
              tone: "success",
              points: series.days.map((d) => ({ day: d.day, value: d.verified })),
            },
            ...(pending
              ? [
                  {
                    key: "with_pending",
                    label: t("chart.withPending"),
                    curve: "step" as const,
                    tone: "success" as const,
                    dashed: true,
                    points: series.days.map((d) => ({ day: d.day, value: d.with_pending })),
                  },
                ]
              : []),
          ]}
          goal={{ value: series.pool.goal_amount, label: t("chart.goal") }}
          markers={series.spending.map((s) => ({
            day: s.day,
            label: t("chart.spent", { amount: formatMoney(s.amount), what: spentOn(s) }),
          }))}
        />
      </div>
    </section>
  );
}

/** The small version on the campaign page: verified money against the goal, no words inside. */
export function PoolMoneySparkline({ series }: { series: PoolSeries }) {
  const { t } = useTranslation("pools");
  if (series.days.length < 2) return null;
  return (
    <Sparkline
      testId="pool-sparkline"
      label={t("chart.label", {
        verified: formatMoney(series.totals.verified_amount),
        goal: formatMoney(series.pool.goal_amount),
      })}
      tone="success"
      curve="step"
      goal={series.pool.goal_amount}
      points={series.days.map((d) => ({ day: d.day, value: d.verified }))}
    />
  );
}
