import { Link } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { formatDate, formatMoney } from "~/lib/format";
import type { MonthlyDonorRow } from "~/models/monthly-admin.server";

const STATUS_STYLE: Record<MonthlyDonorRow["status"], string> = {
  active: "border-success/40 bg-success/15 text-success",
  paused: "border-primary/30 bg-secondary text-secondary-foreground",
  stopped: "border-border bg-muted text-muted-foreground",
};

/** Months as small chips, or a dash when there are none. */
function Months({ months, tone }: { months: string[]; tone: "paid" | "missed" }) {
  if (months.length === 0) return <span className="text-muted-foreground">—</span>;
  return (
    <span className="flex flex-wrap gap-1">
      {months.map((month) => (
        <span
          key={month}
          className={`rounded px-1.5 py-0.5 font-mono text-xs tabular-nums ${
            tone === "paid" ? "bg-success/15 text-success" : "bg-destructive/10 text-destructive"
          }`}
        >
          {month}
        </span>
      ))}
    </span>
  );
}

/** One monthly donor: who, to what, how much on which day, how, its state, and its months. */
export function MonthlyDonorCard({ row }: { row: MonthlyDonorRow }) {
  const { t, i18n } = useTranslation("admin");
  return (
    <li className="card grid gap-3 p-4" data-testid="monthly-donor" data-status={row.status}>
      <div className="flex flex-wrap items-start justify-between gap-2">
        <div className="min-w-0">
          <p className="break-words font-semibold">{row.donor_name}</p>
          <p className="text-sm text-muted-foreground">
            {row.pool_id === null ? (
              t("donations.monthly.site")
            ) : (
              <Link
                to={`/donation-pools/${row.pool_id}`}
                className="underline-offset-4 hover:underline"
              >
                {row.pool_name}
              </Link>
            )}
          </p>
        </div>
        <span
          className={`inline-flex items-center whitespace-nowrap rounded-full border px-2 py-0.5 text-xs font-semibold ${STATUS_STYLE[row.status]}`}
        >
          {t(`donations.monthly.status.${row.status}`)}
          {row.status === "paused" && row.paused_until
            ? ` · ${t("donations.monthly.until", { month: row.paused_until })}`
            : null}
        </span>
      </div>
      <dl className="grid grid-cols-2 gap-x-4 gap-y-2 text-sm sm:grid-cols-4">
        <div>
          <dt className="text-xs text-muted-foreground">{t("donations.monthly.amount")}</dt>
          <dd className="font-semibold tabular-nums">{formatMoney(row.amount)}</dd>
        </div>
        <div>
          <dt className="text-xs text-muted-foreground">{t("donations.monthly.day")}</dt>
          <dd className="tabular-nums">
            {t("donations.monthly.dayValue", { day: row.day_of_month })}
          </dd>
        </div>
        <div>
          <dt className="text-xs text-muted-foreground">{t("donations.monthly.method")}</dt>
          <dd>{t(`donations.monthly.methods.${row.method}`)}</dd>
        </div>
        <div>
          <dt className="text-xs text-muted-foreground">{t("donations.monthly.code")}</dt>
          <dd className="font-mono">{row.payment_code}</dd>
        </div>
        <div className="col-span-2">
          <dt className="text-xs text-muted-foreground">{t("donations.monthly.paid")}</dt>
          <dd data-testid="months-paid">
            <Months months={row.months_paid} tone="paid" />
          </dd>
        </div>
        <div className="col-span-2">
          <dt className="text-xs text-muted-foreground">{t("donations.monthly.missed")}</dt>
          <dd data-testid="months-missed">
            <Months months={row.months_missed} tone="missed" />
          </dd>
        </div>
      </dl>
      <p className="text-xs text-muted-foreground">
        {t("donations.monthly.created", { date: formatDate(row.created_at, i18n.language) })}
        {row.stopped_at
          ? ` · ${t("donations.monthly.stopped", { date: formatDate(row.stopped_at, i18n.language) })}`
          : null}
      </p>
    </li>
  );
}
