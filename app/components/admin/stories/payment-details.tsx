import { Link, useNavigate } from "@remix-run/react";
import { type ReactNode, useEffect, useRef } from "react";
import { useTranslation } from "react-i18next";
import { ConfirmAction } from "~/components/admin/confirm-action";
import { QpayFacts } from "~/components/admin/qpay-facts";
import { AlertCircleIcon, CheckCircleIcon, CloseIcon } from "~/components/icons";
import { RejectionText } from "~/components/story/rejection";
import { authorLabel } from "~/lib/author";
import { formatDateTime, formatMoney } from "~/lib/format";
import type { QpayFacts as Facts } from "~/models/admin-qpay.server";
import { PaymentStatusBadge, paymentState, StoryStatusBadge, TierBadge } from "./badges";
import { AuthorBankAccount } from "./bank-account";
import { VerifyPaymentAction } from "./verify-payment";

export interface PaymentDetails {
  id: number;
  title: string;
  author: string;
  pricing_tier: string;
  status: string;
  payment_status: string;
  payment_reference: string | null;
  bank_name: string;
  bank_account: string;
  account_name: string | null;
  submitted_at: string;
  /** What the author was asked to pay, at the prices of the day of submission. */
  price: number;
  /** The plan's price in today's premium settings. */
  current_price: number | null;
  days: number | null;
  refunded_at: string | null;
  rejection_reason: string | null;
  rejection_note: string | null;
  /** Its QPay invoice, open or paid (issue 39 item 7). */
  qpay?: Facts | null;
}

/**
 * A panel over the payments list: its own URL (/admin/payments/{id}?filter…), so it opens and
 * closes as a link without JavaScript and can be bookmarked; with JavaScript, Escape closes it
 * and focus moves into it.
 */
export function DetailsPanel({
  closeHref,
  title,
  children,
}: {
  closeHref: string;
  title: string;
  children: ReactNode;
}) {
  const { t } = useTranslation("admin");
  const navigate = useNavigate();
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    heading.current?.focus();
    const onKey = (event: KeyboardEvent) => {
      if (event.key === "Escape") navigate(closeHref, { preventScrollReset: true });
    };
    document.addEventListener("keydown", onKey);
    return () => document.removeEventListener("keydown", onKey);
  }, [closeHref, navigate]);

  return (
    <div className="fixed inset-0 z-40 flex items-end justify-center sm:items-center sm:p-4">
      <Link
        to={closeHref}
        preventScrollReset
        tabIndex={-1}
        aria-hidden="true"
        className="absolute inset-0 bg-black/50 backdrop-blur-[1px]"
      />
      <section
        role="dialog"
        aria-labelledby="payment-details-title"
        data-testid="payment-details"
        className="relative max-h-[92vh] w-full max-w-lg overflow-y-auto rounded-t-2xl border border-border bg-card p-5 text-card-foreground shadow-xl sm:rounded-2xl sm:p-6"
      >
        <div className="flex items-start justify-between gap-4">
          <h2
            id="payment-details-title"
            ref={heading}
            tabIndex={-1}
            className="text-lg font-semibold outline-none"
          >
            {title}
          </h2>
          <Link
            to={closeHref}
            preventScrollReset
            className="-m-1 rounded-md p-1 text-muted-foreground hover:bg-muted hover:text-foreground"
            aria-label={t("payments.dialog.close")}
          >
            <CloseIcon width={20} height={20} />
          </Link>
        </div>
        {children}
      </section>
    </div>
  );
}

export function PaymentDetailsBody({ story }: { story: PaymentDetails }) {
  const { t, i18n } = useTranslation("admin");
  const pending = story.payment_status === "pending";
  const state = paymentState(story);
  const price = formatMoney(story.price);
  const row = (label: string, value: ReactNode) => (
    <div className="contents">
      <dt className="text-muted-foreground">{label}</dt>
      <dd className="min-w-0 break-words font-medium">{value}</dd>
    </div>
  );
  return (
    <>
      <dl className="mt-4 grid grid-cols-[auto_minmax(0,1fr)] gap-x-4 gap-y-2 text-sm">
        {row(t("payments.dialog.story"), story.title)}
        {row(t("payments.dialog.author"), authorLabel(t, story.author))}
        {row(
          t("payments.dialog.tier"),
          <span className="flex flex-wrap items-center gap-2">
            <TierBadge tier={story.pricing_tier} />
            <span className="tabular-nums">{price}</span>
            {story.days ? (
              <span className="font-normal text-muted-foreground">
                {t("payments.dialog.days", { count: story.days })}
              </span>
            ) : null}
          </span>,
        )}
        {story.current_price !== null && story.current_price !== story.price
          ? row(
              t("payments.dialog.currentPrice"),
              <span className="tabular-nums">{formatMoney(story.current_price)}</span>,
            )
          : null}
        {row(
          t("payments.dialog.submitted"),
          <time dateTime={story.submitted_at}>
            {formatDateTime(story.submitted_at, i18n.language, t("common.na"))}
          </time>,
        )}
        {row(
          t("payments.dialog.reference"),
          <span className="font-mono tabular-nums">
            {story.payment_reference || t("common.na")}
          </span>,
        )}
        {row(
          t("payments.dialog.paymentStatus"),
          <span className="grid gap-1">
            <PaymentStatusBadge story={story} />
            <QpayFacts facts={story.qpay} />
          </span>,
        )}
        {row(t("payments.dialog.storyStatus"), <StoryStatusBadge status={story.status} />)}
        {story.status === "rejected"
          ? row(
              t("payments.dialog.rejectionReason"),
              <RejectionText reason={story.rejection_reason} note={story.rejection_note} />,
            )
          : null}
      </dl>

      <AuthorBankAccount
        className="mt-4"
        bankName={story.bank_name}
        bankAccount={story.bank_account}
        accountName={story.account_name}
      />

      {state === "toReturn" ? (
        <div
          role="note"
          data-testid="refund-due"
          className="mt-4 flex gap-3 rounded-xl border border-destructive/40 bg-destructive/10 p-3 text-sm text-foreground"
        >
          <AlertCircleIcon width={18} height={18} className="mt-0.5 shrink-0 text-destructive" />
          <p>{t("payments.dialog.refundDue", { price })}</p>
        </div>
      ) : state === "returned" ? (
        <p className="mt-4 flex items-center gap-2 text-sm text-muted-foreground">
          <CheckCircleIcon width={18} height={18} />
          {t("payments.dialog.returnedOn", {
            date: formatDateTime(story.refunded_at, i18n.language, t("common.na")),
          })}
        </p>
      ) : pending ? (
        <div
          role="note"
          data-testid="payment-warning"
          className="mt-4 flex gap-3 rounded-xl border border-gold/60 bg-gold-soft p-3 text-sm text-foreground"
        >
          <AlertCircleIcon width={18} height={18} className="mt-0.5 shrink-0 text-gold" />
          <p>
            {t(
              state === "notDue"
                ? "payments.dialog.rejectedUnpaid"
                : "payments.dialog.pendingWarning",
              {
                price,
                reference: story.payment_reference || t("common.na"),
              },
            )}
          </p>
        </div>
      ) : (
        <p className="mt-4 flex items-center gap-2 text-sm text-success">
          <CheckCircleIcon width={18} height={18} />
          {t("payments.dialog.verifiedNote")}
        </p>
      )}

      <div className="mt-5 flex flex-wrap items-center justify-end gap-2">
        <Link to={`/stories/${story.id}`} className="btn-outline">
          {t("approvals.preview")}
        </Link>
        {state === "toReturn" ? (
          <ConfirmAction
            intent="refund"
            id={story.id}
            label={t("payments.markReturned")}
            question={t("payments.markReturnedQuestion", {
              price,
              account: story.bank_account,
            })}
            confirmLabel={t("payments.markReturnedConfirm")}
          />
        ) : null}
        {pending ? <VerifyPaymentAction id={story.id} price={story.price} /> : null}
      </div>
    </>
  );
}
