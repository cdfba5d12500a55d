import { useTranslation } from "react-i18next";
import { formatMoney, formatNumber } from "~/lib/format";
import type { GivingTotals } from "~/models/giving-totals.server";

/**
 * What all the campaigns have raised, from their ledgers (issue 20): verified money only, the
 * number of gifts, and how much of the pledged money has been confirmed.
 */
export function GivingTotalsBar({ totals }: { totals: GivingTotals }) {
  const { t } = useTranslation();
  const figures = [
    ["raised", formatMoney(totals.raised)],
    ["gifts", formatNumber(totals.gifts)],
    ["share", `${totals.confirmed_share}%`],
  ] as const;
  return (
    <div className="rounded-2xl border border-border bg-card p-5" data-testid="giving-totals">
      <dl className="grid grid-cols-2 gap-4 sm:grid-cols-3">
        {figures.map(([key, value], i) => (
          <div
            key={key}
            className={i > 0 ? "sm:border-l sm:border-border sm:pl-4" : "col-span-2 sm:col-span-1"}
          >
            <dt className="text-sm text-muted-foreground">{t(`giving.${key}`)}</dt>
            <dd
              className="mt-1 text-2xl font-extrabold tracking-tight"
              data-testid={`giving-${key}`}
            >
              {value}
            </dd>
          </div>
        ))}
      </dl>
      <p className="mt-3 text-xs leading-relaxed text-muted-foreground">{t("giving.shareHint")}</p>
    </div>
  );
}
