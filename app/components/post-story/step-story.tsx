import {
  getFormProps,
  getInputProps,
  getSelectProps,
  getTextareaProps,
  useForm,
} from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod";
import { Form, useNavigation } from "@remix-run/react";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { ErrorList, StatusButton } from "~/components/forms";
import { HiddenValues, POST_STORY_FORM } from "~/components/post-story/hidden-values";
import { ImageField } from "~/components/post-story/image-field";
import { BANKS, LIMITS } from "~/constants";
import { bankDisplayName } from "~/lib/plans";
import type { WizardErrors, WizardValues } from "~/routes/post-story";
import { StoryStep1Schema } from "~/schemas/story";
import { z } from "~/schemas/zod";

const anything = z.object({}).passthrough();

/**
 * Step 1: title, story, optional image, the bank account readers can send support to. The edit
 * page of a rejected story uses it too, with its own button and a way back.
 */
export function StepStory({
  values,
  errors,
  submitLabel,
  back,
}: {
  values: WizardValues;
  errors: WizardErrors;
  submitLabel?: string;
  back?: ReactNode;
}) {
  const { t } = useTranslation("post");
  const navigation = useNavigation();
  const [form, fields] = useForm({
    id: POST_STORY_FORM,
    defaultValue: values,
    // "Next" and typing check the fields (typing carries no intent); removing the image or
    // going back never blocks.
    onValidate: ({ formData }) =>
      parseWithZod(formData, {
        schema: (formData.get("intent") ?? "next") === "next" ? StoryStep1Schema : anything,
      }),
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
  });
  // The server's errors (no JavaScript, or a refused image) stand until the field is changed;
  // from then on the field is checked as it is typed.
  const fieldErrors = (name: keyof WizardErrors) => {
    const field = fields[name as keyof typeof fields];
    return (field?.errors as string[] | undefined) ?? (field?.dirty ? undefined : errors[name]);
  };
  const pending = navigation.state === "submitting" && navigation.formData?.get("step") === "1";
  // Server errors (no JavaScript) and client errors alike point the field at its message.
  const describedBy = (name: keyof typeof fields, ...more: string[]) =>
    [fieldErrors(name as keyof WizardErrors) ? fields[name]?.errorId : null, ...more]
      .filter(Boolean)
      .join(" ") || undefined;

  return (
    <Form
      method="post"
      encType="multipart/form-data"
      {...getFormProps(form)}
      noValidate
      className="card flex flex-col gap-6 p-5 sm:p-8"
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
          aria-describedby={describedBy("title")}
          maxLength={LIMITS.titleMax}
          autoComplete="off"
        />
        <ErrorList errors={fieldErrors("title")} id={fields.title.errorId} />
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
          aria-describedby={describedBy("story", fields.story.descriptionId)}
          rows={10}
        />
        <p id={fields.story.descriptionId} className="mt-1.5 text-xs text-muted-foreground">
          {t("fields.storyHint")}
        </p>
        <ErrorList errors={fieldErrors("story")} id={fields.story.errorId} />
      </div>

      <ImageField imageId={values.image_id} errors={errors.image} />

      {/* A floated legend sits inside the box instead of breaking its border, however long it wraps. */}
      <fieldset
        className="min-w-0 rounded-xl border border-border bg-muted/40 p-4 sm:p-5"
        aria-describedby="bank-hint"
      >
        <legend className="float-left w-full p-0 text-base font-semibold leading-snug">
          {t("fields.bankLegend")}
        </legend>
        <p id="bank-hint" className="clear-left mb-4 pt-1 text-sm text-muted-foreground">
          {t("fields.bankHint")}
        </p>
        <div className="grid grid-cols-1 gap-4 sm:grid-cols-2">
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
              aria-describedby={describedBy("bank_name")}
            >
              <option value="">{t("fields.bankPlaceholder")}</option>
              {BANKS.map((bank) => (
                <option key={bank} value={bank}>
                  {bankDisplayName(t, bank)}
                </option>
              ))}
            </select>
            <ErrorList errors={fieldErrors("bank_name")} id={fields.bank_name.errorId} />
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
              aria-describedby={describedBy("bank_account")}
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
            <ErrorList errors={fieldErrors("bank_account")} id={fields.bank_account.errorId} />
          </div>
          <div className="sm:col-span-2">
            <label htmlFor={fields.account_name.id} className="label">
              {t("fields.accountName")}{" "}
              <span className="font-normal text-muted-foreground">({t("fields.optional")})</span>
            </label>
            <input
              className="input"
              {...getInputProps(fields.account_name, { type: "text" })}
              aria-invalid={fieldErrors("account_name") ? true : undefined}
              aria-describedby={describedBy("account_name")}
              maxLength={100}
              autoComplete="name"
            />
            <ErrorList errors={fieldErrors("account_name")} id={fields.account_name.errorId} />
          </div>
        </div>
      </fieldset>

      <div className="flex flex-col-reverse gap-3 border-t border-border pt-5 sm:flex-row sm:items-center sm:justify-end sm:pt-6">
        {back}
        <StatusButton
          pending={pending}
          name="intent"
          value="next"
          className="btn-primary w-full px-8 py-3 sm:w-auto"
        >
          {submitLabel ?? t("actions.next")}
        </StatusButton>
      </div>
    </Form>
  );
}
