import { Form, Link } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { ConfirmAction } from "~/components/admin/confirm-action";
import { PendingButton } from "~/components/admin/pending-button";
import { ImageIcon } from "~/components/icons";
import { BookIcon, ClockIcon } from "~/components/page-icons";
import { RejectionFields } from "~/components/story/rejection";
import { authorLabel } from "~/lib/author";
import { formatDateTime, formatMoney } from "~/lib/format";
import { PaymentStatusBadge, TierBadge } from "./badges";
import { AuthorBankAccount } from "./bank-account";
import { HeldWord } from "./held-word";
import { VerifyPaymentAction } from "./verify-payment";

/** A pending story as the approvals tab shows it (shaped by the loader). */
export interface ApprovalStory {
  id: number;
  title: string;
  excerpt: string;
  author: string;
  pricing_tier: string;
  payment_status: string;
  payment_reference: string | null;
  /** What the author was asked to pay (the plan's price on the day of submission). */
  price: number;
  bank_name: string;
  bank_account: string;
  account_name: string | null;
  submitted_at: string;
  read_minutes: number;
  thumbnail_url: string | null;
  /** A watched word its text contains (why a free story waits). */
  held_word: string | null;
  /** Published, then taken back to review by readers' reports (decision 030). */
  held?: boolean;
}

/**
 * One story waiting for a decision (spec 02 §2 Approvals): what it is, who wrote it, where the
 * author is paid, and the decisions. Approve stays disabled, with the reason beside it, while a
 * premium story's payment is pending; the server refuses it anyway (409).
 */
export function ApprovalCard({ story }: { story: ApprovalStory }) {
  const { t, i18n } = useTranslation("admin");
  const premium = story.pricing_tier !== "free";
  const paymentPending = premium && story.payment_status === "pending";
  const titleId = `approval-${story.id}-title`;
  const blockedId = `approval-${story.id}-blocked`;
  return (
    <article
      aria-labelledby={titleId}
      data-testid="approval-card"
      data-story-id={story.id}
      className={`card ${premium ? "border-gold/60 ring-1 ring-gold/25" : ""}`}
    >
      <div className="flex gap-4 p-4 sm:p-5">
        <div className="h-20 w-20 shrink-0 overflow-hidden rounded-xl bg-muted sm:h-28 sm:w-40">
          {story.thumbnail_url ? (
            <img
              src={story.thumbnail_url}
              alt=""
              loading="lazy"
              decoding="async"
              className="h-full w-full object-cover"
            />
          ) : (
            <div className="flex h-full w-full flex-col items-center justify-center gap-1 text-center text-muted-foreground">
              <ImageIcon width={22} height={22} />
              <span className="px-1 text-[11px] leading-tight">{t("approvals.noImage")}</span>
            </div>
          )}
        </div>
        <div className="min-w-0 flex-1">
          <div className="flex flex-wrap items-center gap-1.5">
            <TierBadge tier={story.pricing_tier} />
            {story.held ? (
              <Link
                to="/admin/reports"
                className="rounded-full bg-destructive/10 px-2 py-0.5 text-xs font-semibold text-destructive hover:underline"
                data-testid="held-badge"
              >
                {t("reports.heldBadge")}
              </Link>
            ) : null}
            {premium ? (
              <PaymentStatusBadge
                story={{
                  payment_status: story.payment_status,
                  status: "pending",
                  refunded_at: null,
                }}
              />
            ) : null}
          </div>
          <h3 id={titleId} className="mt-1.5 break-words text-lg font-semibold leading-snug">
            {story.title}
          </h3>
          <p className="mt-1 flex flex-wrap items-center gap-x-3 gap-y-1 text-xs text-muted-foreground">
            <span className="inline-flex items-center gap-1">
              <ClockIcon width={14} height={14} />
              <span className="sr-only">{t("approvals.submitted")}</span>
              <time dateTime={story.submitted_at}>
                {formatDateTime(story.submitted_at, i18n.language, t("common.na"))}
              </time>
            </span>
            <span className="inline-flex items-center gap-1">
              <BookIcon width={14} height={14} />
              {t("approvals.readTime", { count: story.read_minutes })}
            </span>
          </p>
          <p className="mt-1 text-sm">
            <span className="text-muted-foreground">{t("approvals.author")}: </span>
            <span className="break-words font-medium">{authorLabel(t, story.author)}</span>
          </p>
          {story.held_word ? <HeldWord word={story.held_word} /> : null}
        </div>
      </div>

      <p className="break-words px-4 text-sm leading-relaxed text-muted-foreground sm:px-5">
        {story.excerpt}
      </p>

      {premium ? (
        <div className="mx-4 mt-4 grid gap-3 sm:mx-5 sm:grid-cols-2">
          {/* What the site is owed, and the code its transfer carries: the site's, not the author's. */}
          <dl
            className="grid content-start gap-y-2 rounded-xl border border-gold/40 bg-gold-soft/40 p-3 text-sm"
            data-testid="payment-due"
          >
            <div>
              <dt className="text-xs font-semibold uppercase tracking-wide text-muted-foreground">
                {t("approvals.amountDue")}
              </dt>
              <dd className="text-lg font-bold tabular-nums">{formatMoney(story.price)}</dd>
            </div>
            <div>
              <dt className="text-xs font-semibold uppercase tracking-wide text-muted-foreground">
                {t("approvals.paymentCode")}
              </dt>
              <dd className="font-mono text-base font-semibold tracking-wider">
                {story.payment_reference || t("common.na")}
              </dd>
            </div>
          </dl>
          <AuthorBankAccount
            bankName={story.bank_name}
            bankAccount={story.bank_account}
            accountName={story.account_name}
          />
        </div>
      ) : null}

      <div className="mt-4 flex flex-wrap items-center gap-2 border-t border-border px-4 py-3 sm:px-5">
        <Link
          to={`/stories/${story.id}`}
          className="btn-outline px-3 py-2"
          aria-label={t("approvals.previewStory", { title: story.title })}
        >
          {t("approvals.preview")}
        </Link>
        {paymentPending ? (
          <VerifyPaymentAction id={story.id} title={story.title} price={story.price} />
        ) : null}
        <Form method="post" preventScrollReset>
          <input type="hidden" name="id" value={story.id} />
          <PendingButton
            intent="approve"
            pendingId={story.id}
            className="btn-primary px-3 py-2"
            disabled={paymentPending}
            aria-describedby={paymentPending ? blockedId : undefined}
          >
            {t("approvals.approve")}
          </PendingButton>
        </Form>
        <div className="ml-auto">
          <ConfirmAction
            intent="reject"
            id={story.id}
            label={t("approvals.reject")}
            question={t("approvals.rejectQuestion", { title: story.title })}
            confirmLabel={t("approvals.rejectConfirm")}
          >
            <RejectionFields id={story.id} />
          </ConfirmAction>
        </div>
      </div>
      {paymentPending ? (
        <p
          id={blockedId}
          className="-mt-1 px-4 pb-3 text-xs text-muted-foreground sm:px-5"
          data-testid="approve-blocked"
        >
          {t("approvals.approveBlocked")}
        </p>
      ) : null}
    </article>
  );
}
