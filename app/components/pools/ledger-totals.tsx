import { useTranslation } from "react-i18next";
import { CheckCircleIcon, InfoIcon } from "~/components/icons";
import { formatMoney, formatNumber } from "~/lib/format";
import type { LedgerTotals } from "~/models/ledger.server";

/** The ledger's totals: verified, waiting, turned down and spent, and the statement that the
 * campaign's total is the sum of the verified lines (decision 034). */
export function LedgerTotalsCard({ totals }: { totals: LedgerTotals }) {
  const { t } = useTranslation("pools");
  const equal = totals.pool_total === totals.verified_amount;
  const figures = [
    {
      key: "verified",
      label: t("ledger.totals.verified"),
      value: formatMoney(totals.verified_amount),
      detail: t("ledger.totals.verifiedCount", { count: totals.verified_count }),
      tone: "text-success",
    },
    {
      key: "pending",
      label: t("ledger.totals.pending"),
      value: formatMoney(totals.pending_amount),
      detail: t("ledger.totals.pendingCount", { count: totals.pending_count }),
      tone: "",
    },
    {
      key: "rejected",
      label: t("ledger.totals.rejected"),
      value: formatNumber(totals.rejected_count),
      detail: t("ledger.totals.rejectedNote", { count: totals.rejected_count }),
      tone: "",
    },
    {
      key: "spent",
      label: t("ledger.totals.spent"),
      value: formatMoney(totals.spent_amount),
      detail: t("ledger.totals.left", {
        amount: formatMoney(totals.verified_amount - totals.spent_amount),
      }),
      tone: "",
    },
  ];
  return (
    <section aria-label={t("ledger.totals.label")} className="card p-5 sm:p-6">
      <dl className="grid grid-cols-2 gap-x-4 gap-y-5 sm:grid-cols-4">
        {figures.map((f) => (
          <div key={f.key} data-testid={`ledger-${f.key}`}>
            <dt className="text-sm text-muted-foreground">{f.label}</dt>
            <dd className={`mt-1 text-xl font-extrabold tracking-tight ${f.tone}`}>{f.value}</dd>
            {f.detail ? <dd className="text-sm text-muted-foreground">{f.detail}</dd> : null}
          </div>
        ))}
      </dl>
      <p
        className={`mt-5 flex gap-2 rounded-lg p-3 text-sm leading-relaxed ${
          equal ? "bg-success/10 text-foreground" : "bg-destructive/10 text-destructive"
        }`}
        data-testid="ledger-equal"
        data-equal={equal}
      >
        {equal ? (
          <CheckCircleIcon width={18} height={18} className="mt-px shrink-0 text-success" />
        ) : (
          <InfoIcon width={18} height={18} className="mt-px shrink-0" />
        )}
        {equal
          ? t("ledger.equal", { total: formatMoney(totals.pool_total) })
          : t("ledger.differ", {
              total: formatMoney(totals.pool_total),
              sum: formatMoney(totals.verified_amount),
            })}
      </p>
      <p className="mt-3 text-xs leading-relaxed text-muted-foreground">
        {t("ledger.pendingNote")}
      </p>
    </section>
  );
}
