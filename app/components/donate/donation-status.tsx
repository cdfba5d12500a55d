import { Link } from "@remix-run/react";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { CopyButton } from "~/components/copy-button";
import { AlertCircleIcon, CheckCircleIcon, MailIcon, PhoneIcon } from "~/components/icons";
import { ClockIcon } from "~/components/page-icons";
import { Toaster } from "~/components/toaster";
import { formatMoney } from "~/lib/format";
import type { ToastMessage } from "~/lib/toast";

export type DonationStatus = "pending" | "verified" | "rejected";

export interface DonationView {
  kind: "pool" | "general";
  pool_id: number | null;
  pool_name: string | null;
  donor_name: string;
  amount: number;
  transaction_reference: string | null;
  payment_code: string | null;
  status: DonationStatus;
  submitted_on: string;
  decided_on: string | null;
  /** A verified pledge's campaign: what it has raised now, of its goal. */
  pool_raised?: { raised: number; goal: number };
  /** "qpay" when QPay confirmed the payment by itself (issue 39), null for a bank transfer. */
  paid_via?: "qpay" | null;
}

const LOOK = {
  pending: {
    Icon: ClockIcon,
    ring: "border-gold/50 bg-gold-soft/50",
    icon: "bg-gold text-gold-foreground",
    badge: "bg-gold text-gold-foreground",
  },
  verified: {
    Icon: CheckCircleIcon,
    ring: "border-success/40 bg-success/10",
    icon: "bg-success text-success-foreground",
    badge: "bg-success text-success-foreground",
  },
  rejected: {
    Icon: AlertCircleIcon,
    ring: "border-destructive/40 bg-destructive/10",
    icon: "bg-destructive text-destructive-foreground",
    badge: "bg-destructive text-destructive-foreground",
  },
} as const;

/** The state of the donation in words, with what it means for the donor. */
export function StatusHero({
  donation,
  qpayOpen = false,
}: {
  donation: DonationView;
  /** A QPay invoice waits below: paying there is confirmed in seconds, not by an administrator. */
  qpayOpen?: boolean;
}) {
  const { t } = useTranslation("donate");
  const look = LOOK[donation.status];
  const viaQpay = donation.status === "verified" && donation.paid_via === "qpay";
  const text =
    donation.status === "verified" && donation.kind === "pool"
      ? viaQpay
        ? "qpay.verified.textPool"
        : "status.verified.textPool"
      : viaQpay
        ? "qpay.verified.text"
        : donation.status === "pending" && qpayOpen
          ? "qpay.pending.text"
          : `status.${donation.status}.text`;
  return (
    <section
      className={`rounded-2xl border p-5 sm:p-7 ${look.ring}`}
      aria-labelledby="status-title"
    >
      <div className="flex flex-col gap-4 sm:flex-row sm:items-start">
        <span
          className={`flex h-12 w-12 shrink-0 items-center justify-center rounded-full ${look.icon}`}
        >
          <look.Icon width={26} height={26} />
        </span>
        <div className="min-w-0">
          <p>
            <span className="sr-only">{t("status.label")}: </span>
            <span
              className={`inline-flex rounded-full px-2.5 py-0.5 text-xs font-bold uppercase tracking-wide ${look.badge}`}
              data-testid="donation-status"
              data-status={donation.status}
            >
              {t(`status.badge.${donation.status}`)}
            </span>
          </p>
          <h1
            id="status-title"
            className="mt-2 text-balance text-2xl font-extrabold leading-tight tracking-tight sm:text-3xl"
          >
            {t(`status.${donation.status}.title`)}
          </h1>
          <p className="mt-2 max-w-xl leading-relaxed text-foreground/80">{t(text)}</p>
          {viaQpay ? (
            <p
              className="mt-2 inline-flex items-center gap-1.5 text-sm font-semibold text-success"
              data-testid="paid-via-qpay"
            >
              <CheckCircleIcon width={16} height={16} />
              {t("qpay.paidVia")}
            </p>
          ) : null}
          {donation.pool_raised ? (
            <p className="mt-2 max-w-xl leading-relaxed" data-testid="pool-raised">
              {t("status.verified.raised", {
                raised: formatMoney(donation.pool_raised.raised),
                goal: formatMoney(donation.pool_raised.goal),
              })}
            </p>
          ) : null}
        </div>
      </div>
    </section>
  );
}

/** What was pledged: the record the donor can compare with their bank statement. */
export function DonationFacts({ donation }: { donation: DonationView }) {
  const { t } = useTranslation("donate");
  const rows = [
    {
      key: "for",
      label: t("status.for"),
      value:
        donation.kind === "pool" && donation.pool_id ? (
          <Link to={`/donation-pools/${donation.pool_id}`} className="text-primary hover:underline">
            {donation.pool_name}
          </Link>
        ) : (
          t("status.forSite")
        ),
    },
    { key: "name", label: t("status.donor"), value: donation.donor_name },
    {
      key: "amount",
      label: t("status.amount"),
      value: <span className="text-lg font-bold">{formatMoney(donation.amount)}</span>,
    },
    ...(donation.payment_code
      ? [
          {
            key: "code",
            label: t("status.code"),
            value: (
              <span className="font-mono text-lg font-bold tracking-wider">
                {donation.payment_code}
              </span>
            ),
          },
        ]
      : []),
    {
      key: "reference",
      label: t("status.reference"),
      value: (
        <span className="break-all font-mono tracking-wide">
          {donation.transaction_reference ?? t("common:na")}
        </span>
      ),
    },
    { key: "submitted", label: t("status.submittedOn"), value: donation.submitted_on },
  ];
  if (donation.decided_on) {
    rows.push({
      key: "decided",
      label: t(`status.decidedOn.${donation.status === "verified" ? "verified" : "rejected"}`),
      value: donation.decided_on,
    });
  }
  return (
    <section className="card p-5 sm:p-7" aria-labelledby="facts-title">
      <h2 id="facts-title" className="text-lg font-semibold">
        {t("status.factsTitle")}
      </h2>
      <dl className="mt-4 divide-y divide-border">
        {rows.map((row) => (
          <div
            key={row.key}
            className="flex flex-col gap-0.5 py-3 sm:flex-row sm:items-baseline sm:gap-4"
            data-testid={`donation-${row.key}`}
          >
            <dt className="text-sm text-muted-foreground sm:w-44 sm:shrink-0">{row.label}</dt>
            <dd className="min-w-0 font-medium">{row.value}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}

/**
 * The page's own address: nobody needs an account, so this link is the donor's only way back.
 * Shown as text in a read-only field (selectable without JavaScript) with a copy button.
 */
export function KeepLink({ url }: { url: string }) {
  const { t } = useTranslation("donate");
  const [toast, setToast] = useState<ToastMessage | null>(null);
  return (
    <section className="card p-5 sm:p-7" aria-labelledby="keep-title">
      <h2 id="keep-title" className="text-lg font-semibold">
        {t("status.keep.title")}
      </h2>
      <p className="mt-1 text-sm leading-relaxed text-muted-foreground">{t("status.keep.text")}</p>
      <label htmlFor="status-link" className="label mt-4">
        {t("status.keep.label")}
      </label>
      <div className="flex flex-wrap items-center gap-2">
        <input
          id="status-link"
          readOnly
          value={url}
          className="input min-w-0 flex-1 font-mono text-sm"
          data-testid="status-link"
        />
        <CopyButton
          value={url}
          label={t("status.keep.label")}
          onFail={() => setToast({ type: "error", title: "donate:toast.copyFailed" })}
        />
      </div>
      <a href={url} className="mt-3 inline-block text-sm font-medium text-primary hover:underline">
        {t("status.keep.open")}
      </a>
      <Toaster toast={toast} />
    </section>
  );
}

/** For a rejected donation: how to reach a person. */
export function ContactUs({ email, phone }: { email: string; phone: string }) {
  const { t } = useTranslation("donate");
  return (
    <section className="card p-5 sm:p-7" aria-labelledby="contact-title">
      <h2 id="contact-title" className="text-lg font-semibold">
        {t("status.contact.title")}
      </h2>
      <p className="mt-1 text-sm leading-relaxed text-muted-foreground">
        {t("status.contact.text")}
      </p>
      <ul className="mt-4 flex flex-wrap gap-3">
        <li>
          <a href={`mailto:${email}`} className="btn-outline">
            <MailIcon width={16} height={16} />
            {email}
          </a>
        </li>
        <li>
          <a href={`tel:${phone.replace(/[^\d+]/g, "")}`} className="btn-outline">
            <PhoneIcon width={16} height={16} />
            {phone}
          </a>
        </li>
      </ul>
    </section>
  );
}
