import { useTranslation } from "react-i18next";

/**
 * Pledged money is drawn striped and paler than received money, and has its own legend entry,
 * so a pledge nobody has checked yet can never be read as money the campaign has.
 */
export const PLEDGED_STRIPES =
  "repeating-linear-gradient(135deg, rgb(var(--success) / 0.45) 0 5px, rgb(var(--success) / 0.18) 5px 10px)";

/** The campaign's progress bar: received (solid) and pledged-not-yet-verified (striped). */
export function FundingProgress({
  percent,
  pledgedPercent,
}: {
  percent: number;
  pledgedPercent: number;
}) {
  const { t } = useTranslation("pools");
  return (
    <div data-testid="funding-progress">
      <div
        className="flex h-3.5 overflow-hidden rounded-full bg-muted"
        role="progressbar"
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={percent}
        aria-label={t("progress.label", { percent })}
      >
        <div className="h-full bg-success" style={{ width: `${percent}%` }} />
        {pledgedPercent > 0 ? (
          <div
            className="h-full"
            data-testid="pledged-segment"
            style={{ width: `${pledgedPercent}%`, backgroundImage: PLEDGED_STRIPES }}
          />
        ) : null}
      </div>
    </div>
  );
}

/** The key under the bar: which colour is received money, which is only pledged. */
export function FundingLegend({ pledged }: { pledged: string | null }) {
  const { t } = useTranslation("pools");
  return (
    <ul className="space-y-1.5 text-xs text-muted-foreground">
      <li className="flex items-center gap-2">
        <span aria-hidden="true" className="h-2.5 w-4 shrink-0 rounded-sm bg-success" />
        {t("progress.received")}
      </li>
      {pledged ? (
        <li className="flex items-start gap-2" data-testid="pledged-legend">
          <span
            aria-hidden="true"
            className="mt-0.5 h-2.5 w-4 shrink-0 rounded-sm ring-1 ring-success/40"
            style={{ backgroundImage: PLEDGED_STRIPES }}
          />
          <span>
            {t("progress.pledged")}:{" "}
            <span className="font-semibold text-foreground">{pledged}</span>
          </span>
        </li>
      ) : null}
    </ul>
  );
}
