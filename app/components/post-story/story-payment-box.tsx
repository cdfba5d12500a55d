import { useState } from "react";
import { useTranslation } from "react-i18next";
import { CopyButton } from "~/components/copy-button";
import { InfoIcon } from "~/components/icons";
import { PaymentRows, storyPaymentRows } from "~/components/post-story/payment-rows";
import { type StoryInvoice, StoryQpay } from "~/components/post-story/story-qpay";
import { Toaster } from "~/components/toaster";
import { formatMoney } from "~/lib/format";
import type { ToastMessage } from "~/lib/toast";

/** What the loaders of /profile and the story page give (story-payment.server.ts). */
export interface StoryPayment {
  bank: string;
  account: string;
  holder: string;
  amount: number;
  reference: string;
  qpay: StoryInvoice | null;
  qpayUnavailable: boolean;
}

/**
 * Where to pay for a featured story after sending it (issue 41 item 1): QPay when it is set up,
 * then the transfer step 3 showed — bank, account, holder, amount and the story's own code, each
 * with a copy button. On /profile's card and the story's own page, for its author.
 */
export function StoryPaymentBox({
  payment,
  id,
  Heading = "h2",
}: {
  payment: StoryPayment;
  /** Unique on the page: /profile shows one box per story. */
  id: string;
  Heading?: "h2" | "h4";
}) {
  const { t } = useTranslation("plans");
  const [toast, setToast] = useState<ToastMessage | null>(null);
  const copyFailed = () => setToast({ type: "error", title: "plans:paymentBox.labels.copyFailed" });
  const rows = storyPaymentRows(
    t,
    { bank_name: payment.bank, bank_account: payment.account, account_name: payment.holder },
    payment.amount,
    "plans:paymentBox.labels",
  );
  // One box on the story page is a region of its own; /profile's several boxes are not
  // landmarks, which would all share one name.
  const Box = Heading === "h2" ? "section" : "div";
  return (
    <Box
      className="rounded-2xl border border-gold/50 bg-gold-soft/30 p-4 sm:p-5"
      aria-labelledby={Heading === "h2" ? `${id}-title` : undefined}
      data-testid="payment-box"
    >
      <Heading id={`${id}-title`} className="text-lg font-semibold">
        {t("paymentBox.title")}
      </Heading>
      <p className="mt-1 text-sm leading-relaxed text-muted-foreground">
        {t("paymentBox.lead", { amount: formatMoney(payment.amount) })}
      </p>
      <div className="mt-4 space-y-4">
        {payment.qpay ? <StoryQpay invoice={payment.qpay} amount={payment.amount} /> : null}
        {payment.qpayUnavailable ? (
          <p
            className="flex gap-2 rounded-xl border border-border bg-card p-3 text-sm"
            data-testid="story-qpay-unavailable"
          >
            <InfoIcon width={18} height={18} className="mt-0.5 shrink-0 text-muted-foreground" />
            {t("paymentBox.qpay.unavailable")}
          </p>
        ) : null}
        {payment.qpay ? (
          <p className="text-sm font-semibold">{t("paymentBox.orTransfer")}</p>
        ) : null}
        <div className="rounded-xl bg-card">
          <PaymentRows rows={rows} onCopyFail={copyFailed}>
            <div className="bg-gold-soft/50 px-4 py-3 sm:flex sm:items-center sm:gap-4">
              <dt className="text-sm font-semibold sm:w-44 sm:shrink-0">
                {t("paymentBox.labels.reference")}
              </dt>
              <dd className="mt-0.5 flex min-w-0 flex-1 items-center justify-between gap-3 sm:mt-0">
                <span
                  className="font-mono text-lg font-bold tracking-widest"
                  data-testid="payment-box-code"
                >
                  {payment.reference}
                </span>
                <CopyButton
                  value={payment.reference}
                  label={t("paymentBox.labels.reference")}
                  onFail={copyFailed}
                />
              </dd>
            </div>
          </PaymentRows>
        </div>
        <p className="text-xs leading-relaxed text-muted-foreground">{t("paymentBox.codeHint")}</p>
      </div>
      <Toaster toast={toast} />
    </Box>
  );
}
