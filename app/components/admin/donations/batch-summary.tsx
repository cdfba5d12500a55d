import { useTranslation } from "react-i18next";
import { AlertCircleIcon, CheckCircleIcon } from "~/components/icons";
import { formatMoney } from "~/lib/format";
import type { BatchSummary } from "~/models/donation-batch.server";

/** What a batch verification did: verified, already decided, ambiguous, matched nothing. */
export function BatchSummaryPanel({ summary }: { summary: BatchSummary }) {
  const { t } = useTranslation("admin");
  const total = summary.verified.reduce((sum, d) => sum + d.amount, 0);
  const problems =
    summary.alreadyDecided.length + summary.ambiguous.length + summary.unmatched.length;
  const section = "mt-4 border-t border-border pt-3";
  return (
    <section
      role="status"
      aria-labelledby="batch-summary-title"
      data-testid="batch-summary"
      className={`card p-4 sm:p-5 ${problems ? "border-gold/60" : "border-success/50"}`}
    >
      <h3 id="batch-summary-title" className="flex items-center gap-2 text-base font-semibold">
        {problems ? (
          <AlertCircleIcon className="shrink-0 text-gold-foreground dark:text-gold" />
        ) : (
          <CheckCircleIcon className="shrink-0 text-success" />
        )}
        {t("donations.batch.summaryTitle", {
          count: summary.verified.length,
          amount: formatMoney(total),
        })}
      </h3>
      {summary.verified.length ? (
        <div className={section}>
          <h4 className="text-sm font-semibold text-success">
            {t("donations.batch.verified", { count: summary.verified.length })}
          </h4>
          <ul className="mt-1.5 space-y-1 text-sm" data-testid="batch-verified">
            {summary.verified.map((d) => (
              <li key={`${d.kind}:${d.id}`} className="break-words">
                {d.reference ? <span className="font-mono font-medium">{d.reference}</span> : null}
                {d.reference ? " — " : null}
                {d.donor_name}, {formatMoney(d.amount)}
                {" · "}
                <span className="text-muted-foreground">
                  {d.pool_name ?? t("donations.pending.general")}
                </span>
              </li>
            ))}
          </ul>
        </div>
      ) : null}
      {summary.alreadyDecided.length ? (
        <div className={section}>
          <h4 className="text-sm font-semibold">
            {t("donations.batch.alreadyDecided", { count: summary.alreadyDecided.length })}
          </h4>
          <ul className="mt-1.5 space-y-1 text-sm" data-testid="batch-already">
            {summary.alreadyDecided.map((d, i) => (
              <li key={`${d.reference ?? d.key}-${i}`} className="break-words">
                <span className="font-mono">{d.reference ?? d.key}</span>
                {" — "}
                <span className="text-muted-foreground">
                  {t(`donations.batch.state.${d.status}`)}
                </span>
              </li>
            ))}
          </ul>
        </div>
      ) : null}
      {summary.ambiguous.length ? (
        <div className={section}>
          <h4 className="text-sm font-semibold text-destructive">
            {t("donations.batch.ambiguous", { count: summary.ambiguous.length })}
          </h4>
          <ul className="mt-1.5 space-y-1 text-sm" data-testid="batch-ambiguous">
            {summary.ambiguous.map((a) => (
              <li key={a.reference} className="break-words">
                <span className="font-mono">{a.reference}</span>
                {" — "}
                <span className="text-muted-foreground">
                  {a.verified
                    ? t("donations.batch.alreadyCredited")
                    : t("donations.batch.several", { count: a.pending })}
                </span>
              </li>
            ))}
          </ul>
        </div>
      ) : null}
      {summary.unmatched.length ? (
        <div className={section}>
          <h4 className="text-sm font-semibold">
            {t("donations.batch.unmatched", { count: summary.unmatched.length })}
          </h4>
          <p className="mt-1.5 break-words font-mono text-sm" data-testid="batch-unmatched">
            {summary.unmatched.join(", ")}
          </p>
        </div>
      ) : null}
      {summary.skipped ? (
        <p className={`${section} text-sm text-muted-foreground`}>
          {t("donations.batch.skipped", { count: summary.skipped })}
        </p>
      ) : null}
    </section>
  );
}
