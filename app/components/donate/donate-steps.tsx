import type { SubmissionResult } from "@conform-to/react";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { ShieldIcon } from "~/components/page-icons";
import { type BankAccount, BankDetails } from "./bank-details";
import { DonationForm, type DonationKind } from "./donation-form";

/**
 * The two steps of giving by bank transfer, in the order people do them: send the money to the
 * account shown, then tell us about the transfer so an administrator can match it.
 */
export function DonateSteps({
  kind,
  account,
  paymentCode,
  botTrap,
  lastResult,
}: {
  kind: DonationKind;
  account: BankAccount;
  /** Offered by the page; after a refused submit, the one the donor has already seen and used. */
  paymentCode: string;
  /** The signed time the form was served (the bot check). */
  botTrap: string;
  lastResult: SubmissionResult<string[]> | undefined;
}) {
  const { t } = useTranslation("donate");
  const shown = lastResult?.initialValue?.payment_code;
  const code = typeof shown === "string" && shown ? shown : paymentCode;
  return (
    <>
      <Step number={1} title={t("steps.transferTitle")} id="step-transfer">
        <p className="mb-4 text-sm leading-relaxed text-muted-foreground">
          {t(kind === "pool" ? "steps.transferTextPool" : "steps.transferTextGeneral")}
        </p>
        <BankDetails account={account} reference={code} />
      </Step>
      <Step number={2} title={t("steps.detailsTitle")} id="step-details">
        <p className="mb-5 text-sm leading-relaxed text-muted-foreground">
          {t("steps.detailsText")}
        </p>
        <DonationForm kind={kind} lastResult={lastResult} paymentCode={code} botTrap={botTrap} />
      </Step>
    </>
  );
}

function Step({
  number,
  title,
  id,
  children,
}: {
  number: number;
  title: string;
  id: string;
  children: ReactNode;
}) {
  return (
    <section className="card p-5 sm:p-7" aria-labelledby={id}>
      <h2 id={id} className="mb-2 flex items-center gap-3 text-lg font-semibold sm:text-xl">
        <span
          className="flex h-8 w-8 shrink-0 items-center justify-center rounded-full bg-primary text-sm font-bold text-primary-foreground"
          aria-hidden="true"
        >
          {number}
        </span>
        {title}
      </h2>
      {children}
    </section>
  );
}

/** What happens after the form: verification by a person, and the status link. */
export function HowItWorks() {
  const { t } = useTranslation("donate");
  const steps = ["how.transfer", "how.form", "how.verify", "how.follow"];
  return (
    <aside className="space-y-4">
      <section className="card p-5" aria-labelledby="how-title">
        <h2 id="how-title" className="font-semibold">
          {t("how.title")}
        </h2>
        <ol className="mt-3 space-y-3 text-sm">
          {steps.map((key, i) => (
            <li key={key} className="flex gap-3">
              <span
                className="flex h-6 w-6 shrink-0 items-center justify-center rounded-full bg-secondary text-xs font-bold text-secondary-foreground"
                aria-hidden="true"
              >
                {i + 1}
              </span>
              <span className="leading-relaxed text-muted-foreground">{t(key)}</span>
            </li>
          ))}
        </ol>
      </section>
      <section
        className="rounded-2xl border border-success/30 bg-success/5 p-5"
        aria-labelledby="safety-title"
      >
        <h2 id="safety-title" className="flex items-center gap-2 font-semibold">
          <ShieldIcon width={18} height={18} className="text-success" />
          {t("safety.title")}
        </h2>
        <p className="mt-2 text-sm leading-relaxed text-muted-foreground">{t("safety.text")}</p>
      </section>
    </aside>
  );
}
