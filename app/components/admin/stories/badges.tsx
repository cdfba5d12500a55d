import { useTranslation } from "react-i18next";
import { StarIcon } from "./star-icon";

const pill =
  "inline-flex items-center gap-1 whitespace-nowrap rounded-full border px-2 py-0.5 text-xs font-semibold";

/** The story's plan by name; paid plans in gold with a star, as on the public cards. */
export function TierBadge({ tier }: { tier: string }) {
  const { t } = useTranslation("plans");
  const paid = tier !== "free";
  return (
    <span
      className={`${pill} ${
        paid
          ? "border-gold bg-gold text-gold-foreground"
          : "border-border bg-secondary text-secondary-foreground"
      }`}
      data-testid="tier-badge"
    >
      {paid ? <StarIcon /> : null}
      {t(`tiers.${tier}.name`)}
    </span>
  );
}

const STATUS_STYLE: Record<string, string> = {
  approved: "border-success/40 bg-success/15 text-success",
  pending: "border-primary/30 bg-secondary text-secondary-foreground",
  rejected: "border-destructive/40 bg-destructive/10 text-destructive",
};

/** Review state: approved / pending / rejected. */
export function StoryStatusBadge({ status }: { status: string }) {
  const { t } = useTranslation("admin");
  return (
    <span className={`${pill} ${STATUS_STYLE[status] ?? STATUS_STYLE.pending}`}>
      {t(`stories.status.${status}`)}
    </span>
  );
}

/** Payment state of a premium story: pending (gold, needs a look) or verified. */
export function PaymentStatusBadge({ status }: { status: string }) {
  const { t } = useTranslation("admin");
  return (
    <span
      className={`${pill} ${
        status === "verified"
          ? "border-success/40 bg-success/15 text-success"
          : "border-gold/60 bg-gold-soft text-foreground"
      }`}
      data-testid="payment-status"
      data-status={status}
    >
      {t(`payments.status.${status}`)}
    </span>
  );
}
