import { Form, useNavigation } from "@remix-run/react";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { ErrorList, StatusButton } from "~/components/forms";
import { AlertCircleIcon } from "~/components/icons";
import { CopyButton } from "~/components/post-story/copy-button";
import { HiddenValues } from "~/components/post-story/hidden-values";
import { Toaster } from "~/components/toaster";
import type { WizardErrors, WizardValues } from "~/routes/post-story";
import { formatMoney } from "~/utils/format";
import { bankDisplayName, type Plan } from "~/utils/plans";
import type { ToastMessage } from "~/utils/toast";

interface Payee {
  bank_name: string;
  bank_account: string;
  account_name: string;
}

/** Step 3 (paid plans): how to pay by bank transfer, each value with a copy button (spec 02 §2). */
export function StepPayment({
  values,
  errors,
  plan,
  payee,
}: {
  values: WizardValues;
  errors: WizardErrors;
  plan: Plan;
  payee: Payee;
}) {
  const { t } = useTranslation("post");
  const navigation = useNavigation();
  const [reference, setReference] = useState(values.payment_reference);
  const [toast, setToast] = useState<ToastMessage | null>(null);
  const copyFailed = () => setToast({ type: "error", title: "post:payment.copyFailed" });
  const pending =
    navigation.state === "submitting" && navigation.formData?.get("intent") === "submit";
  const rows = [
    {
      label: t("payment.bank"),
      value: bankDisplayName(t, payee.bank_name),
      copy: bankDisplayName(t, payee.bank_name),
    },
    {
      label: t("payment.account"),
      value: payee.bank_account,
      copy: payee.bank_account,
      mono: true,
    },
    { label: t("payment.accountName"), value: payee.account_name, copy: payee.account_name },
    {
      label: t("payment.amount"),
      value: formatMoney(plan.price),
      copy: String(plan.price),
      strong: true,
    },
  ];
  return (
    <Form method="post" encType="multipart/form-data" className="flex flex-col gap-6" noValidate>
      <button
        type="submit"
        name="intent"
        value="submit"
        className="hidden"
        tabIndex={-1}
        aria-hidden="true"
      />
      <input type="hidden" name="step" value="3" />
      <HiddenValues values={values} except={["payment_reference"]} />
      <section className="card p-6 sm:p-8" aria-labelledby="payment-title">
        <h2 id="payment-title" className="text-xl font-semibold">
          {t("payment.title")}
        </h2>
        <p className="mt-1 text-muted-foreground">
          {t("payment.subtitle", { plan: t(`plans:tiers.${plan.tier}.name`), days: plan.days })}
        </p>
        <dl className="mt-6 divide-y divide-border rounded-xl border border-border">
          {rows.map((row) => (
            <div key={row.label} className="flex flex-wrap items-center gap-x-4 gap-y-1 px-4 py-3">
              <dt className="w-40 shrink-0 text-sm text-muted-foreground">{row.label}</dt>
              <dd
                className={`min-w-0 flex-1 break-all ${row.mono ? "font-mono tracking-wide" : ""} ${row.strong ? "text-lg font-bold" : "font-medium"}`}
              >
                {row.value}
              </dd>
              <CopyButton value={row.copy} label={row.label} onFail={copyFailed} />
            </div>
          ))}
          <div className="flex flex-wrap items-center gap-x-4 gap-y-2 bg-gold-soft/40 px-4 py-3">
            <label htmlFor="payment_reference" className="w-40 shrink-0 text-sm font-medium">
              {t("payment.reference")}
            </label>
            <div className="min-w-0 flex-1">
              <input
                id="payment_reference"
                name="payment_reference"
                value={reference}
                onChange={(e) => setReference(e.currentTarget.value)}
                className="input max-w-xs font-mono text-lg font-bold tracking-widest"
                aria-describedby="reference-hint"
                aria-invalid={errors.payment_reference ? true : undefined}
                maxLength={40}
                autoComplete="off"
              />
              <ErrorList errors={errors.payment_reference} />
            </div>
            <CopyButton value={reference} label={t("payment.reference")} onFail={copyFailed} />
            <p id="reference-hint" className="w-full text-xs text-muted-foreground">
              {t("payment.referenceHint")}
            </p>
          </div>
        </dl>
        <div className="mt-6 flex gap-3 rounded-xl border border-gold/40 bg-gold-soft/40 p-4 text-sm">
          <AlertCircleIcon width={18} height={18} className="mt-0.5 shrink-0 text-gold" />
          <p>{t("payment.disclaimer")}</p>
        </div>
      </section>
      <div className="flex flex-wrap justify-between gap-3">
        <button
          type="submit"
          name="intent"
          value="back"
          className="btn-outline px-6"
          formNoValidate
        >
          {t("actions.back")}
        </button>
        <StatusButton pending={pending} name="intent" value="submit" className="btn-primary px-6">
          {t("actions.submitPaid")}
        </StatusButton>
      </div>
      <Toaster toast={toast} />
    </Form>
  );
}
