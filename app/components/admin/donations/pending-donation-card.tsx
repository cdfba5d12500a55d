import { Link } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { ConfirmAction } from "~/components/admin/confirm-action";
import { QpayFacts } from "~/components/admin/qpay-facts";
import { AmountReceivedField } from "~/components/admin/stories/verify-payment";
import { CheckIcon } from "~/components/page-icons";
import { formatDateTime, formatMoney } from "~/lib/format";
import { bankDisplayName } from "~/lib/plans";
import type { QpayFacts as Facts } from "~/models/admin-qpay.server";
import type { PendingDonation } from "~/models/donation-lists.server";

export const BATCH_FORM_ID = "batch-verify-selected";

/**
 * One donation waiting for review: who, how much, which transfer, for what; Verify with the amount
 * that arrived, and Reject, each after "are you sure?". Its checkbox belongs to the batch form at the top of the list (the
 * `form` attribute), so the two kinds of form never nest and both work without JavaScript.
 */
export function PendingDonationCard({
  donation,
  donationKey,
}: {
  donation: PendingDonation & { qpay?: Facts | null };
  donationKey: string;
}) {
  const { t, i18n } = useTranslation("admin");
  const { t: tPlans } = useTranslation("plans");
  const checkboxId = `select-${donationKey.replace(":", "-")}`;
  return (
    <li
      className="card p-4 sm:p-5"
      data-testid="pending-donation"
      data-key={donationKey}
      data-reference={donation.transaction_reference ?? ""}
    >
      <div className="flex items-start gap-3">
        <input
          id={checkboxId}
          type="checkbox"
          name="selected"
          value={donationKey}
          form={BATCH_FORM_ID}
          className="mt-1 h-5 w-5 shrink-0 rounded border-input accent-primary"
          aria-label={t("donations.pending.select", {
            name: donation.donor_name,
            amount: formatMoney(donation.amount),
          })}
        />
        <div className="min-w-0 flex-1">
          <div className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1">
            <p className="break-words text-base font-semibold">
              <label htmlFor={checkboxId} className="cursor-pointer">
                {donation.donor_name}
              </label>
            </p>
            <p className="text-lg font-bold tabular-nums">{formatMoney(donation.amount)}</p>
          </div>
          <p className="mt-0.5 text-sm text-muted-foreground">
            {donation.kind === "pool" && donation.pool_id ? (
              <>
                {t("donations.pending.forPool")}{" "}
                <Link
                  to={`/donation-pools/${donation.pool_id}`}
                  className="font-medium text-foreground hover:underline"
                >
                  {donation.pool_name}
                </Link>
              </>
            ) : (
              <span className="inline-flex items-center rounded-full bg-gold-soft px-2 py-0.5 text-xs font-semibold text-foreground">
                {t("donations.pending.general")}
              </span>
            )}
          </p>
          <dl className="mt-3 grid grid-cols-1 gap-x-6 gap-y-2 text-sm sm:grid-cols-2 lg:grid-cols-4">
            <div className="min-w-0">
              <dt className="text-xs text-muted-foreground">{t("donations.pending.reference")}</dt>
              <dd className="break-all font-mono font-medium">
                {donation.transaction_reference || t("common.na")}
              </dd>
            </div>
            {donation.payment_code ? (
              <div className="min-w-0">
                <dt className="text-xs text-muted-foreground">{t("donations.pending.code")}</dt>
                <dd className="font-mono font-medium" data-testid="payment-code">
                  {donation.payment_code}
                </dd>
              </div>
            ) : null}
            <div className="min-w-0">
              <dt className="text-xs text-muted-foreground">{t("donations.pending.phone")}</dt>
              <dd>
                <a href={`tel:${donation.phone_number}`} className="font-mono hover:underline">
                  {donation.phone_number}
                </a>
              </dd>
            </div>
            <div className="min-w-0">
              <dt className="text-xs text-muted-foreground">{t("donations.pending.date")}</dt>
              <dd>{formatDateTime(donation.donation_date, i18n.language)}</dd>
            </div>
            {donation.bank_name ? (
              <div className="min-w-0">
                <dt className="text-xs text-muted-foreground">{t("donations.pending.bank")}</dt>
                <dd>{bankDisplayName(tPlans, donation.bank_name)}</dd>
              </div>
            ) : null}
          </dl>
          <QpayFacts facts={donation.qpay} />
          {donation.message ? (
            <blockquote className="mt-3 break-words rounded-lg border-l-4 border-primary/40 bg-muted/50 px-3 py-2 text-sm italic">
              {donation.message}
            </blockquote>
          ) : null}
          <div className="mt-4 flex flex-wrap items-start gap-2">
            {/* Asks first, and asks what arrived, as a story payment does (issue 41 item 3). */}
            <ConfirmAction
              tone="confirm"
              align="left"
              intent="verify"
              id={donationKey}
              icon={<CheckIcon width={16} height={16} />}
              label={t("donations.pending.verify")}
              question={t("donations.pending.verifyQuestion", { name: donation.donor_name })}
              confirmLabel={t("donations.pending.verifyConfirm")}
            >
              <AmountReceivedField
                id={donationKey}
                due={donation.amount}
                hint={t("donations.pending.amountHint", { due: formatMoney(donation.amount) })}
              />
            </ConfirmAction>
            <ConfirmAction
              intent="reject"
              id={donationKey}
              label={t("donations.pending.reject")}
              question={t("donations.pending.rejectQuestion", {
                name: donation.donor_name,
                amount: formatMoney(donation.amount),
              })}
              confirmLabel={t("donations.pending.rejectConfirm")}
            />
          </div>
        </div>
      </div>
    </li>
  );
}
