import { Link } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { monthWord } from "~/lib/ub-months";

export interface MonthsView {
  /** This month in Ulaanbaatar, and whether its gift has come. */
  current: { month: string; paid: boolean; payPath: string | null; qpay: boolean };
  history: { month: string; state: "paid" | "missed" | "paused" }[];
}

const STATE_CLASS = {
  paid: "bg-success/15 text-success",
  missed: "bg-destructive/10 text-destructive",
  paused: "bg-muted text-muted-foreground",
} as const;

/**
 * A monthly gift's months on its page (issue 43): this month's gift, with a way to pay it when
 * the donor pays after a reminder, and the months gone by as paid, missed or paused. A missed
 * month is only shown: it asks nothing of the donor.
 */
export function MonthlyMonths({ months, amount }: { months: MonthsView; amount: string }) {
  const { t, i18n } = useTranslation("donate");
  const lng = i18n.language;
  const { current, history } = months;
  const thisMonth = monthWord(current.month, lng);
  return (
    <section className="card space-y-4 p-5 sm:p-7" aria-labelledby="months-title">
      <h2 id="months-title" className="text-lg font-semibold sm:text-xl">
        {t("monthly.months.title")}
      </h2>
      {current.paid ? (
        <p className="leading-relaxed" data-testid="monthly-this-month" data-state="paid">
          {t("monthly.months.paidThisMonth", { month: thisMonth })}
        </p>
      ) : current.payPath ? (
        <div className="space-y-3" data-testid="monthly-this-month" data-state="open">
          <p className="leading-relaxed text-muted-foreground">
            {t(current.qpay ? "monthly.months.payTextQpay" : "monthly.months.payText", {
              month: thisMonth,
              amount,
            })}
          </p>
          <Link to={current.payPath} className="btn-primary" reloadDocument>
            {t("monthly.months.pay", { month: thisMonth })}
          </Link>
        </div>
      ) : null}
      {history.length > 0 ? (
        <ul className="flex flex-wrap gap-2" data-testid="monthly-history">
          {history.map((m) => (
            <li
              key={m.month}
              data-state={m.state}
              className={`rounded-full px-3 py-1 text-sm font-medium ${STATE_CLASS[m.state]}`}
            >
              {monthWord(m.month, lng)}: {t(`monthly.months.${m.state}`)}
            </li>
          ))}
        </ul>
      ) : (
        <p className="text-sm text-muted-foreground">{t("monthly.months.none")}</p>
      )}
      <p className="text-sm text-muted-foreground">{t("monthly.months.note")}</p>
    </section>
  );
}
