import { useTranslation } from "react-i18next";
import { ErrorList } from "~/components/forms";
import { PAID_TIERS, type PaidTier } from "~/lib/plans";

/** What the fields show: the saved numbers, or what was typed. */
type TierValues = Record<PaidTier, number | string>;
export interface PremiumFormValues {
  prices: TierValues;
  days: TierValues;
}

/**
 * Price and days inputs per paid tier, shared by the settings tab and the hidden secret-key
 * page. Text inputs with a numeric keyboard: what was typed is always sent, so a wrong value
 * comes back with the server's message instead of being dropped by the browser.
 */
export function PremiumFields({
  values,
  errors,
  idPrefix,
}: {
  values: PremiumFormValues;
  errors?: Record<string, string[] | null> | null;
  idPrefix: string;
}) {
  const { t } = useTranslation(["admin", "plans"]);
  return (
    <div className="divide-y divide-border rounded-xl border border-border">
      <div
        aria-hidden="true"
        className="hidden grid-cols-[minmax(0,1fr)_10rem_8rem] gap-4 px-4 py-2 text-xs font-semibold uppercase tracking-wide text-muted-foreground sm:grid"
      >
        <span>{t("settings.premium.tier")}</span>
        <span>{t("settings.premium.price")}</span>
        <span>{t("settings.premium.days")}</span>
      </div>
      {PAID_TIERS.map((tier) => {
        const name = t(`plans:tiers.${tier}.name`);
        const cell = (group: "prices" | "days") => {
          const field = `${group}.${tier}`;
          const id = `${idPrefix}-${group}-${tier}`;
          const fieldErrors = errors?.[field];
          return (
            <div className="min-w-0">
              <label htmlFor={id} className="label sm:sr-only">
                {group === "prices" ? t("settings.premium.price") : t("settings.premium.days")}
              </label>
              <span className="sr-only" id={`${id}-name`}>
                {t(group === "prices" ? "settings.premium.priceOf" : "settings.premium.daysOf", {
                  tier: name,
                })}
              </span>
              <input
                id={id}
                name={field}
                className="input"
                type="text"
                inputMode="numeric"
                autoComplete="off"
                defaultValue={String(values[group][tier])}
                aria-labelledby={`${id}-name`}
                aria-invalid={fieldErrors?.length ? true : undefined}
                aria-describedby={fieldErrors?.length ? `${id}-error` : undefined}
                data-testid={`${group}-${tier}`}
              />
              <ErrorList id={`${id}-error`} errors={fieldErrors} />
            </div>
          );
        };
        return (
          <div
            key={tier}
            className="grid grid-cols-2 gap-3 p-4 sm:grid-cols-[minmax(0,1fr)_10rem_8rem] sm:items-start sm:gap-4"
          >
            <p className="col-span-2 font-semibold sm:col-span-1 sm:pt-2.5">{name}</p>
            {cell("prices")}
            {cell("days")}
          </div>
        );
      })}
    </div>
  );
}
