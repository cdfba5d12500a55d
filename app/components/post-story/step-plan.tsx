import { Form, useNavigation } from "@remix-run/react";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { ErrorList, StatusButton } from "~/components/forms";
import { PlanCard } from "~/components/plan-card";
import { HiddenValues } from "~/components/post-story/hidden-values";
import type { WizardErrors, WizardValues } from "~/routes/post-story";
import type { Plan } from "~/utils/plans";

/** Step 2: the four plan cards as radio buttons; free submits at once, paid goes to payment. */
export function StepPlan({
  values,
  errors,
  plans,
}: {
  values: WizardValues;
  errors: WizardErrors;
  plans: Plan[];
}) {
  const { t } = useTranslation("post");
  const navigation = useNavigation();
  const [tier, setTier] = useState(values.pricing_tier);
  const pending =
    navigation.state === "submitting" && navigation.formData?.get("intent") === "plan";
  return (
    <Form method="post" encType="multipart/form-data" className="flex flex-col gap-6" noValidate>
      <button
        type="submit"
        name="intent"
        value="plan"
        className="hidden"
        tabIndex={-1}
        aria-hidden="true"
      />
      <input type="hidden" name="step" value="2" />
      <HiddenValues values={values} except={["pricing_tier"]} />
      <fieldset>
        <legend className="mb-2 text-xl font-semibold">{t("plan.title")}</legend>
        <p className="mb-8 text-muted-foreground">{t("plan.subtitle")}</p>
        <div className="grid gap-6 pt-3 sm:grid-cols-2">
          {plans.map((plan) => (
            <PlanCard
              key={plan.tier}
              plan={plan}
              selected={tier === plan.tier}
              idPrefix={`choose-${plan.tier}`}
              action={
                <label className="btn-outline w-full cursor-pointer has-[:checked]:border-primary has-[:checked]:bg-secondary has-[:checked]:text-secondary-foreground">
                  <input
                    type="radio"
                    name="pricing_tier"
                    value={plan.tier}
                    defaultChecked={values.pricing_tier === plan.tier}
                    onChange={() => setTier(plan.tier)}
                    aria-labelledby={`choose-${plan.tier}-name`}
                    aria-describedby={`choose-${plan.tier}-details`}
                    className="h-4 w-4 accent-[rgb(var(--primary))]"
                  />
                  {t("plan.choose")}
                </label>
              }
            />
          ))}
        </div>
        <ErrorList errors={errors.pricing_tier} />
      </fieldset>
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
        <StatusButton pending={pending} name="intent" value="plan" className="btn-primary px-6">
          {tier === "free"
            ? t("actions.submitFree")
            : tier
              ? t("actions.toPayment")
              : t("actions.continue")}
        </StatusButton>
      </div>
    </Form>
  );
}
