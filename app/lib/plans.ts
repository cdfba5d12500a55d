import type { PricingTier } from "#db/schema";
import { BANK_ALIASES, type Bank } from "~/constants";

/**
 * The four pricing plans (spec 01 §9), defined once for the FAQ page and the post-story wizard.
 * Texts live in the `plans` catalogue under the same keys: `tiers.{tier}.*`, `features.{key}`.
 */

export const PLAN_TIERS = [
  "free",
  "daily",
  "weekly",
  "monthly",
] as const satisfies readonly PricingTier[];
export type PaidTier = Exclude<PricingTier, "free">;
export const PAID_TIERS = ["daily", "weekly", "monthly"] as const satisfies readonly PaidTier[];

/** The saved premium settings, or the defaults (the shape of GET /api/settings/premium). */
export interface PremiumValues {
  prices: Record<PaidTier, number>;
  days: Record<PaidTier, number>;
}

export type PlanFeatureKey =
  | "regularSection"
  | "autoApproval"
  | "priorityReview"
  | "donationEligible"
  | "extendedDonation"
  | "socialPromotion"
  | "maxDonation"
  | "newsletter";

export interface PlanFeature {
  key: PlanFeatureKey;
  included: boolean;
}

export interface Plan {
  tier: PricingTier;
  /** Whole tugrik; 0 for free. */
  price: number;
  /** How long the story stays featured; null for free (it never is). */
  days: number | null;
  popular: boolean;
  features: PlanFeature[];
}

/** What each paid tier adds to the one below it. */
const PAID_LADDER: Record<PaidTier, PlanFeatureKey[]> = {
  daily: ["priorityReview", "donationEligible"],
  weekly: ["extendedDonation", "socialPromotion"],
  monthly: ["maxDonation", "newsletter"],
};

/**
 * Paid tiers are cumulative: each has everything of the tiers below it, and shows what the next
 * tier up would add as not included, so every card answers "what more do I get by going up".
 * Free keeps the spec's own three lines: priority review would read oddly beside automatic
 * approval, and "no donations" is the one thing that makes a writer look at the paid cards.
 */
function featuresOf(tier: PricingTier): PlanFeature[] {
  if (tier === "free") {
    return [
      { key: "regularSection", included: true },
      { key: "autoApproval", included: true },
      { key: "donationEligible", included: false },
    ];
  }
  const rank = PAID_TIERS.indexOf(tier);
  const included = PAID_TIERS.slice(0, rank + 1).flatMap((t) => PAID_LADDER[t]);
  const next = PAID_TIERS[rank + 1];
  const missing = next ? PAID_LADDER[next] : [];
  return [
    ...included.map((key) => ({ key, included: true })),
    ...missing.map((key) => ({ key, included: false })),
  ];
}

/** The four plans in display order, with prices and days from the premium settings. */
export function resolvePlans(settings: PremiumValues): Plan[] {
  return PLAN_TIERS.map((tier) => ({
    tier,
    price: tier === "free" ? 0 : settings.prices[tier],
    days: tier === "free" ? null : settings.days[tier],
    popular: tier === "daily",
    features: featuresOf(tier),
  }));
}

/** Bank names are stored in English (spec 02 §9); Mongolian readers see them in Mongolian. */
const BANK_KEYS: Record<Bank, string> = {
  "Khan Bank": "khan",
  "Golomt Bank": "golomt",
  TDB: "tdb",
  MBank: "mbank",
  "Xac Bank": "xac",
  "Turiin Bank": "turiin",
};

/**
 * The display name of a stored bank name, through the `plans` catalogue (the caller's `t` must
 * have that namespace loaded); a name outside the list (a configured payee) is shown as it is.
 */
export function bankDisplayName(t: (key: string) => string, bankName: string): string {
  const key = BANK_KEYS[(BANK_ALIASES[bankName] ?? bankName) as Bank];
  return key ? t(`plans:banks.${key}`) : bankName;
}

/** The demo payee's account name (the default of PAYEE_ACCOUNT_NAME). */
const DEMO_ACCOUNT_NAME = "StoryShare LLC";

/**
 * An account holder's name as shown: the demo payee's in the page's language («Сторишэйр ХХК»),
 * any other exactly as configured or typed (it must match what the bank shows).
 */
export function accountDisplayName(t: (key: string) => string, accountName: string): string {
  return accountName === DEMO_ACCOUNT_NAME ? t("plans:payee.demoAccountName") : accountName;
}
