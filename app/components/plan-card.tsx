import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { CheckCircleIcon, CloseIcon } from "~/components/icons";
import { formatMoney } from "~/lib/format";
import type { Plan } from "~/lib/plans";

/** The days a plan's name promises; when the configured days differ the card says so. */
const NAMED_DAYS: Partial<Record<Plan["tier"], number>> = { daily: 1, weekly: 7, monthly: 30 };

export interface PlanCardProps {
  plan: Plan;
  /**
   * What the reader does with the card, shown at its foot: a "Choose" link on /faq; in the
   * post-story wizard a radio input (it may cover the card with `absolute inset-0 opacity-0`,
   * and use `aria-labelledby={`${idPrefix}-name`}` / `aria-describedby={`${idPrefix}-details`}`).
   */
  action?: ReactNode;
  /** The wizard's chosen plan: outlined and ticked. */
  selected?: boolean;
  /** Prefix of the ids of the name and details (default `plan-{tier}`); unique on the page. */
  idPrefix?: string;
  headingLevel?: 2 | 3 | 4;
}

/**
 * One pricing plan (spec 01 §9, 02 §2): name and description, price, featured days, the
 * feature list with included / not-included marks, the "best for" line. Presentational only:
 * the page decides what choosing means through `action`.
 */
export function PlanCard({
  plan,
  action,
  selected = false,
  idPrefix = `plan-${plan.tier}`,
  headingLevel = 3,
}: PlanCardProps) {
  const { t } = useTranslation("plans");
  const Heading = `h${headingLevel}` as const;
  const paid = plan.tier !== "free";
  const frame = selected
    ? "border-primary ring-2 ring-primary"
    : plan.popular
      ? "border-primary/70 shadow-md"
      : paid
        ? "border-gold/50"
        : "border-border";
  return (
    <article
      aria-labelledby={`${idPrefix}-name`}
      data-testid="plan-card"
      data-tier={plan.tier}
      className={`relative flex h-full flex-col rounded-2xl border bg-card p-6 text-card-foreground shadow-sm transition-shadow has-[input:focus-visible]:ring-2 has-[input:focus-visible]:ring-ring has-[input:focus-visible]:ring-offset-2 has-[input:focus-visible]:ring-offset-background ${frame}`}
    >
      {plan.popular ? (
        <span className="absolute -top-3 left-1/2 -translate-x-1/2 whitespace-nowrap rounded-full bg-primary px-3 py-1 text-xs font-bold uppercase tracking-wide text-primary-foreground shadow-sm">
          {t("popular")}
        </span>
      ) : null}
      {selected ? (
        <CheckCircleIcon
          width={24}
          height={24}
          className="absolute right-4 top-4 rounded-full bg-primary text-primary-foreground"
        />
      ) : null}

      <div id={`${idPrefix}-details`} className="flex flex-1 flex-col">
        <Heading id={`${idPrefix}-name`} className={`text-lg font-bold ${selected ? "pr-8" : ""}`}>
          {t(`tiers.${plan.tier}.name`)}
        </Heading>
        {/* At least three lines, so that the prices line up across a row of cards. */}
        <p className="mt-1.5 text-sm leading-relaxed text-muted-foreground sm:min-h-[3lh]">
          {t(`tiers.${plan.tier}.description`)}
        </p>

        <p className="mt-5 text-4xl font-extrabold tracking-tight tabular-nums">
          {formatMoney(plan.price)}
        </p>
        <p className="mt-1 text-sm text-muted-foreground">
          {paid ? t("price.oneTime") : t("price.free")}
        </p>
        <p
          className={`mt-4 self-start rounded-full px-3 py-1 text-sm font-semibold text-foreground ${
            paid ? "bg-gold-soft" : "bg-muted"
          }`}
          data-testid="plan-duration"
        >
          {plan.days === null
            ? t("duration.standard")
            : t("duration.featured", { count: plan.days })}
        </p>
        {plan.days !== null && NAMED_DAYS[plan.tier] !== plan.days ? (
          <p className="mt-2 text-xs text-muted-foreground" data-testid="plan-duration-note">
            {t("duration.notAsNamed", {
              name: t(`tiers.${plan.tier}.name`),
              count: plan.days,
            })}
          </p>
        ) : null}

        <ul aria-label={t("featuresLabel")} className="mt-6 flex-1 space-y-3">
          {plan.features.map((feature) => (
            <li key={feature.key} className="flex items-start gap-2.5 text-sm leading-snug">
              {feature.included ? (
                <CheckCircleIcon width={18} height={18} className="mt-px shrink-0 text-success" />
              ) : (
                <CloseIcon
                  width={18}
                  height={18}
                  className="mt-px shrink-0 rounded-full bg-muted p-0.5 text-muted-foreground"
                />
              )}
              <span className={feature.included ? undefined : "text-muted-foreground"}>
                <span className="sr-only">
                  {feature.included ? t("marks.included") : t("marks.notIncluded")}:{" "}
                </span>
                {t(`features.${feature.key}`)}
              </span>
            </li>
          ))}
        </ul>

        <p className="mt-6 border-t border-border pt-4 text-sm font-medium">
          {t(`tiers.${plan.tier}.bestFor`)}
        </p>
      </div>

      {action ? <div className="mt-5">{action}</div> : null}
    </article>
  );
}
