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

export interface PaymentState {
  payment_status: string;
  status: string;
  refunded_at: string | null;
}

/**
 * Where a premium story's money stands: awaited, received, to be returned (received for a story
 * then rejected), returned, or not due (rejected before it was paid).
 */
export function paymentState({ payment_status, status, refunded_at }: PaymentState) {
  if (status !== "rejected") return payment_status === "verified" ? "verified" : "pending";
  if (payment_status !== "verified") return "notDue";
  return refunded_at ? "returned" : "toReturn";
}

const PAYMENT_STYLE: Record<ReturnType<typeof paymentState>, string> = {
  verified: "border-success/40 bg-success/15 text-success",
  pending: "border-gold/60 bg-gold-soft text-foreground",
  toReturn: "border-destructive/40 bg-destructive/10 text-destructive",
  returned: "border-border bg-secondary text-secondary-foreground",
  notDue: "border-border bg-secondary text-secondary-foreground",
};

/** Payment state of a premium story (see paymentState). */
export function PaymentStatusBadge({ story }: { story: PaymentState }) {
  const { t } = useTranslation("admin");
  const state = paymentState(story);
  return (
    <span
      className={`${pill} ${PAYMENT_STYLE[state]}`}
      data-testid="payment-status"
      data-status={state}
    >
      {t(`payments.status.${state}`)}
    </span>
  );
}
