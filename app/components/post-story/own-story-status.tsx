import { useTranslation } from "react-i18next";
import type { PricingTier } from "#db/schema";
import { VipBadge } from "~/components/badges";
import type { OwnStoryState } from "~/models/story-submission.server";

const STATE_STYLE: Record<OwnStoryState, string> = {
  pending_payment: "bg-gold-soft text-foreground border-gold/50",
  pending_review: "bg-secondary text-secondary-foreground border-primary/30",
  held: "bg-destructive/10 text-destructive border-destructive/40",
  featured: "bg-gold text-gold-foreground border-gold",
  published: "bg-success/15 text-success border-success/40",
  rejected: "bg-destructive/10 text-destructive border-destructive/40",
};

/**
 * An own story's state on /profile, with the VIP badge while its featured period is still to come
 * or running: once the period ended the story is a regular one (state «published»), as it is
 * in the public lists (issue 41 item 16), and a rejected one was never featured.
 */
export function OwnStoryStatus({
  pricingTier,
  state,
}: {
  pricingTier: PricingTier;
  state: OwnStoryState;
}) {
  const { t } = useTranslation("post");
  const vip = pricingTier !== "free" && state !== "rejected" && state !== "published";
  return (
    <div className="flex shrink-0 flex-wrap items-center gap-2">
      {vip ? <VipBadge /> : null}
      <span
        className={`whitespace-nowrap rounded-full border px-3 py-1 text-xs font-semibold ${STATE_STYLE[state]}`}
      >
        {t(`profile.state.${state}`)}
      </span>
    </div>
  );
}
