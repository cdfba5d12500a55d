import { Form, useNavigation } from "@remix-run/react";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { CopyButton } from "~/components/copy-button";
import { ErrorList, StatusButton } from "~/components/forms";
import { AlertCircleIcon } from "~/components/icons";
import { HiddenValues, POST_STORY_FORM } from "~/components/post-story/hidden-values";
import { PaymentRows, storyPaymentRows } from "~/components/post-story/payment-rows";
import { Toaster } from "~/components/toaster";
import type { Plan } from "~/lib/plans";
import type { ToastMessage } from "~/lib/toast";
import type { WizardErrors, WizardValues } from "~/routes/post-story";

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
  const rows = storyPaymentRows(t, payee, plan.price, "post:payment");
  return (
    <Form
      id={POST_STORY_FORM}
      method="post"
      encType="multipart/form-data"
      className="flex flex-col gap-6"
      noValidate
    >
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
      <section className="card p-5 sm:p-8" aria-labelledby="payment-title">
        <h2 id="payment-title" className="text-xl font-semibold">
          {t("payment.title")}
        </h2>
        <p className="mt-1 text-muted-foreground">
          {t("payment.subtitle", { plan: t(`plans:tiers.${plan.tier}.name`), days: plan.days })}
        </p>
        <div className="mt-6">
          <PaymentRows rows={rows} onCopyFail={copyFailed}>
            <div className="bg-gold-soft/50 px-4 py-4 sm:flex sm:items-start sm:gap-4">
              <dt className="text-sm font-semibold sm:w-44 sm:shrink-0 sm:pt-2.5">
                <label htmlFor="payment_reference">{t("payment.reference")}</label>
              </dt>
              <dd className="mt-1.5 min-w-0 flex-1 sm:mt-0">
                <div className="flex items-center justify-between gap-3">
                  <input
                    id="payment_reference"
                    name="payment_reference"
                    value={reference}
                    onChange={(e) => setReference(e.currentTarget.value)}
                    className="input w-full max-w-[13rem] font-mono text-lg font-bold tracking-widest sm:text-lg"
                    aria-describedby={
                      errors.payment_reference
                        ? "payment-reference-error reference-hint"
                        : "reference-hint"
                    }
                    aria-invalid={errors.payment_reference ? true : undefined}
                    maxLength={40}
                    autoComplete="off"
                    spellCheck={false}
                  />
                  <CopyButton
                    value={reference}
                    label={t("payment.reference")}
                    onFail={copyFailed}
                  />
                </div>
                <ErrorList id="payment-reference-error" errors={errors.payment_reference} />
                <p
                  id="reference-hint"
                  className="mt-2 text-xs leading-relaxed text-muted-foreground"
                >
                  {t("payment.referenceHint")}
                </p>
              </dd>
            </div>
          </PaymentRows>
        </div>
        <div className="mt-6 flex gap-3 rounded-xl border border-gold/40 bg-gold-soft/50 p-4 text-sm leading-relaxed">
          <AlertCircleIcon width={18} height={18} className="mt-0.5 shrink-0 text-gold" />
          <p>{t("payment.disclaimer")}</p>
        </div>
      </section>
      <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-between">
        <button
          type="submit"
          name="intent"
          value="back"
          className="btn-outline px-6 py-3"
          formNoValidate
        >
          {t("actions.back")}
        </button>
        <StatusButton
          pending={pending}
          name="intent"
          value="submit"
          className="btn-primary px-8 py-3"
        >
          {t("actions.submitPaid")}
        </StatusButton>
      </div>
      <Toaster toast={toast} />
    </Form>
  );
}
