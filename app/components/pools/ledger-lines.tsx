import { useTranslation } from "react-i18next";
import { EmptyState } from "~/components/section-error";
import { formatDate, formatMoney } from "~/lib/format";
import type { LedgerLine } from "~/models/ledger.server";

/** The ledger's lines: gifts (+) and expenses (−), each with its date and how it is known. */
export function LedgerLines({ lines }: { lines: LedgerLine[] }) {
  const { t, i18n } = useTranslation("pools");
  if (lines.length === 0) {
    return (
      <div className="mt-4">
        <EmptyState>{t("ledger.empty")}</EmptyState>
      </div>
    );
  }
  const date = (value: string | null) => formatDate(value, i18n.language, t("common:na"));
  return (
    <ol className="mt-4 divide-y divide-border rounded-2xl border border-border bg-card">
      {lines.map((line) => {
        const gift = line.kind === "gift";
        const spentOn = (i18n.language === "en" && line.spent_on_en) || line.spent_on_mn;
        return (
          <li
            key={`${line.kind}:${line.id}`}
            className="grid grid-cols-[1fr_auto] gap-x-4 gap-y-1 p-4"
            data-testid="ledger-line"
            data-kind={line.kind}
          >
            <div className="min-w-0">
              <p className="text-xs font-semibold uppercase tracking-wide text-muted-foreground">
                {gift ? t("ledger.gift") : t("ledger.spending")} ·{" "}
                <time dateTime={line.date}>{date(line.date)}</time>
                {line.gift_month ? (
                  <span
                    className="ml-2 inline-flex whitespace-nowrap rounded-full border border-primary/30 bg-secondary px-2 py-0.5 normal-case tracking-normal text-secondary-foreground"
                    data-testid="ledger-monthly"
                  >
                    {t("ledger.monthly")}
                  </span>
                ) : null}
              </p>
              <p className="mt-0.5 break-words font-semibold" data-testid="ledger-who">
                {gift ? (line.donor_name ?? t("ledger.anonymous")) : spentOn}
              </p>
              {gift ? (
                <p className="text-sm text-muted-foreground" data-testid="ledger-how">
                  {line.qpay_paid_at
                    ? t("ledger.paidQpay", { date: date(line.qpay_paid_at) })
                    : line.statement_date
                      ? t("ledger.matched", { date: date(line.statement_date) })
                      : t("ledger.byAdmin")}
                </p>
              ) : null}
            </div>
            <p
              className={`self-center whitespace-nowrap text-right font-bold ${
                gift ? "text-success" : "text-foreground"
              }`}
              data-testid="ledger-amount"
            >
              {gift ? "+" : "−"}
              {formatMoney(line.amount)}
            </p>
          </li>
        );
      })}
    </ol>
  );
}
