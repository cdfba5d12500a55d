import {
  getFormProps,
  getInputProps,
  getSelectProps,
  getTextareaProps,
  useForm,
} from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod";
import { Form, useNavigation } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { z } from "zod";
import { ErrorList, StatusButton } from "~/components/forms";
import { HiddenValues } from "~/components/post-story/hidden-values";
import { ImageField } from "~/components/post-story/image-field";
import { BANKS } from "~/constants";
import type { WizardErrors, WizardValues } from "~/routes/post-story";
import { StoryStep1Schema } from "~/schemas/story";
import { bankDisplayName } from "~/utils/plans";

const anything = z.object({}).passthrough();

/** Step 1: title, story, optional image, the bank account readers can send support to. */
export function StepStory({ values, errors }: { values: WizardValues; errors: WizardErrors }) {
  const { t } = useTranslation("post");
  const navigation = useNavigation();
  const [form, fields] = useForm({
    id: "story-step-1",
    defaultValue: values,
    // Only "next" checks the fields; removing the image or going back never blocks.
    onValidate: ({ formData }) =>
      parseWithZod(formData, {
        schema: formData.get("intent") === "next" ? StoryStep1Schema : anything,
      }),
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
  });
  const fieldErrors = (name: keyof WizardErrors) =>
    (fields[name as keyof typeof fields]?.errors as string[] | undefined) ?? errors[name];
  const pending = navigation.state === "submitting" && navigation.formData?.get("step") === "1";

  return (
    <Form
      method="post"
      encType="multipart/form-data"
      {...getFormProps(form)}
      noValidate
      className="card flex flex-col gap-6 p-6 sm:p-8"
    >
      {/* Enter in a field means "next", not the first button in the form (remove image). */}
      <button
        type="submit"
        name="intent"
        value="next"
        className="hidden"
        tabIndex={-1}
        aria-hidden="true"
      />
      <input type="hidden" name="step" value="1" />
      <HiddenValues
        values={values}
        except={["title", "story", "bank_name", "bank_account", "account_name", "image_id"]}
      />
      <input type="hidden" name="image_id" value={values.image_id} />

      <div>
        <label htmlFor={fields.title.id} className="label">
          {t("fields.title")}
        </label>
        <input
          className="input"
          {...getInputProps(fields.title, { type: "text" })}
          required={undefined}
          aria-required
          aria-invalid={fieldErrors("title") ? true : undefined}
          maxLength={120}
          autoComplete="off"
        />
        <ErrorList errors={fieldErrors("title")} id={`${fields.title.id}-error`} />
      </div>

      <div>
        <label htmlFor={fields.story.id} className="label">
          {t("fields.story")}
        </label>
        <textarea
          className="input min-h-[14rem] leading-relaxed"
          {...getTextareaProps(fields.story)}
          required={undefined}
          aria-required
          aria-invalid={fieldErrors("story") ? true : undefined}
          rows={10}
        />
        <p className="mt-1.5 text-xs text-muted-foreground">{t("fields.storyHint")}</p>
        <ErrorList errors={fieldErrors("story")} />
      </div>

      <ImageField imageId={values.image_id} errors={errors.image} />

      <fieldset className="rounded-xl border border-border p-4 sm:p-5">
        <legend className="px-1 text-sm font-semibold">{t("fields.bankLegend")}</legend>
        <p className="mb-4 text-sm text-muted-foreground">{t("fields.bankHint")}</p>
        <div className="grid gap-4 sm:grid-cols-2">
          <div>
            <label htmlFor={fields.bank_name.id} className="label">
              {t("fields.bankName")}
            </label>
            <select
              className="input"
              {...getSelectProps(fields.bank_name)}
              required={undefined}
              aria-required
              aria-invalid={fieldErrors("bank_name") ? true : undefined}
            >
              <option value="">{t("fields.bankPlaceholder")}</option>
              {BANKS.map((bank) => (
                <option key={bank} value={bank}>
                  {bankDisplayName(t, bank)}
                </option>
              ))}
            </select>
            <ErrorList errors={fieldErrors("bank_name")} />
          </div>
          <div>
            <label htmlFor={fields.bank_account.id} className="label">
              {t("fields.bankAccount")}
            </label>
            <input
              className="input font-mono tracking-wide"
              {...getInputProps(fields.bank_account, { type: "text" })}
              required={undefined}
              aria-required
              aria-invalid={fieldErrors("bank_account") ? true : undefined}
              inputMode="numeric"
              autoComplete="off"
              maxLength={30}
              // Spec 02 §5: non-digits are stripped as typed (the server refuses them without JS).
              onInput={(e) => {
                const input = e.currentTarget;
                const digits = input.value.replace(/\D+/g, "");
                if (digits !== input.value) input.value = digits;
              }}
            />
            <ErrorList errors={fieldErrors("bank_account")} />
          </div>
          <div className="sm:col-span-2">
            <label htmlFor={fields.account_name.id} className="label">
              {t("fields.accountName")}{" "}
              <span className="font-normal text-muted-foreground">({t("fields.optional")})</span>
            </label>
            <input
              className="input"
              {...getInputProps(fields.account_name, { type: "text" })}
              maxLength={100}
              autoComplete="name"
            />
            <ErrorList errors={fieldErrors("account_name")} />
          </div>
        </div>
      </fieldset>

      <div className="flex justify-end">
        <StatusButton pending={pending} name="intent" value="next" className="btn-primary px-6">
          {t("actions.next")}
        </StatusButton>
      </div>
    </Form>
  );
}
