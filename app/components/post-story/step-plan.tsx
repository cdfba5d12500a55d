import { Form, useNavigation } from "@remix-run/react";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { ErrorList, StatusButton } from "~/components/forms";
import { PlanCard } from "~/components/plan-card";
import { HiddenValues, POST_STORY_FORM } from "~/components/post-story/hidden-values";
import type { Plan } from "~/lib/plans";
import type { WizardErrors, WizardValues } from "~/routes/post-story";

/**
 * Step 2: the four plan cards as radio cards; free submits at once, paid goes to payment. The
 * whole card is the radio's hit area, and what shows the choice (outline, the "Selected" mark,
 * the button's wording) is CSS on `:checked`, so it is right without JavaScript too.
 */
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
    <Form
      id={POST_STORY_FORM}
      method="post"
      encType="multipart/form-data"
      className="group/wizard flex flex-col gap-6"
      noValidate
    >
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
      <fieldset aria-describedby={errors.pricing_tier ? "pricing-tier-error" : undefined}>
        <legend className="text-xl font-semibold">{t("plan.title")}</legend>
        <p className="mb-8 mt-2 max-w-2xl text-muted-foreground">{t("plan.subtitle")}</p>
        <div className="grid grid-cols-1 gap-6 pt-3 sm:grid-cols-2">
          {plans.map((plan) => (
            <div
              key={plan.tier}
              className="group/plan [&:has(:checked)>article]:border-primary [&:has(:checked)>article]:ring-2 [&:has(:checked)>article]:ring-primary"
            >
              <PlanCard
                plan={plan}
                selected={tier === plan.tier}
                idPrefix={`choose-${plan.tier}`}
                headingLevel={2}
                action={
                  <>
                    <input
                      type="radio"
                      name="pricing_tier"
                      value={plan.tier}
                      defaultChecked={values.pricing_tier === plan.tier}
                      onChange={() => setTier(plan.tier)}
                      aria-labelledby={`choose-${plan.tier}-name`}
                      aria-describedby={`choose-${plan.tier}-details`}
                      className="absolute inset-0 z-10 h-full w-full cursor-pointer appearance-none rounded-2xl opacity-0"
                    />
                    <span
                      aria-hidden="true"
                      className="btn-outline w-full group-hover/plan:border-primary/60 group-has-[:checked]/plan:border-primary group-has-[:checked]/plan:bg-secondary group-has-[:checked]/plan:text-secondary-foreground"
                    >
                      <span className="grid h-4 w-4 place-items-center rounded-full border-2 border-input bg-card group-has-[:checked]/plan:border-primary">
                        <span className="h-2 w-2 rounded-full bg-primary opacity-0 group-has-[:checked]/plan:opacity-100" />
                      </span>
                      <span className="group-has-[:checked]/plan:hidden">{t("plan.choose")}</span>
                      <span className="hidden group-has-[:checked]/plan:inline">
                        {t("plan.chosen")}
                      </span>
                    </span>
                  </>
                }
              />
            </div>
          ))}
        </div>
        <ErrorList id="pricing-tier-error" errors={errors.pricing_tier} />
      </fieldset>
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
          value="plan"
          className="btn-primary px-8 py-3"
        >
          <span className="group-has-[[type=radio]:checked]/wizard:hidden">
            {t("actions.continue")}
          </span>
          <span className="hidden group-has-[[type=radio][value=free]:checked]/wizard:inline">
            {t("actions.submitFree")}
          </span>
          <span className="hidden group-has-[[type=radio]:checked:not([value=free])]/wizard:inline">
            {t("actions.toPayment")}
          </span>
        </StatusButton>
      </div>
    </Form>
  );
}
