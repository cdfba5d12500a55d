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
import { ErrorList, StatusButton } from "~/components/forms";
import { BANKS } from "~/constants";
import { formatMoney } from "~/lib/format";
import { bankDisplayName } from "~/lib/plans";
import { PHOTO_SLOTS, POOL_LIMITS, PoolSchema } from "~/schemas/pool";
import { z } from "~/schemas/zod";
import { MediaSlot } from "./media-slot";

export const POOL_FORM_FIELDS = [
  "name",
  "description",
  "goal_amount",
  "bank_name",
  "bank_account",
  "account_name",
  "ends_on",
  "photo_1_id",
  "photo_2_id",
  "photo_3_id",
  "video_id",
] as const;
export type PoolFormValues = Record<(typeof POOL_FORM_FIELDS)[number], string>;
export type PoolFormErrors = Partial<
  Record<
    (typeof POOL_FORM_FIELDS)[number] | "photo_1" | "photo_2" | "photo_3" | "video",
    string[] | null
  >
>;

const anything = z.object({}).passthrough();

/** The new-pool form (spec 02 §2, §5): text, bank details (defaults: the site's payee), media. */
export function NewPoolForm({
  values,
  errors,
  mode = "create",
}: {
  values: PoolFormValues;
  errors: PoolFormErrors;
  /** `edit`: the same form for an existing pool (issue 16), sent with the intent "save". */
  mode?: "create" | "edit";
}) {
  const intent = mode === "edit" ? "save" : "create";
  const { t } = useTranslation("admin");
  const { t: tPlans } = useTranslation("plans");
  const navigation = useNavigation();
  const [form, fields] = useForm({
    id: mode === "edit" ? "edit-pool" : "new-pool",
    defaultValue: values,
    // Only "create" checks the fields; removing a stored photo never blocks.
    onValidate: ({ formData }) =>
      parseWithZod(formData, {
        schema: formData.get("intent") === intent ? PoolSchema : anything,
      }),
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
  });
  type Name =
    | "name"
    | "description"
    | "goal_amount"
    | "bank_name"
    | "bank_account"
    | "account_name"
    | "ends_on";
  const errorsOf = (name: Name) =>
    (fields[name].errors as string[] | undefined) ?? errors[name] ?? undefined;
  const described = (name: Name, ...more: (string | undefined)[]) =>
    [errorsOf(name) ? fields[name].errorId : undefined, ...more].filter(Boolean).join(" ") ||
    undefined;
  const invalid = (name: Name) => (errorsOf(name) ? true : undefined);
  const pending =
    navigation.state === "submitting" && navigation.formData?.get("intent") === intent;

  return (
    <Form
      method="post"
      encType="multipart/form-data"
      {...getFormProps(form)}
      noValidate
      className="card grid gap-6 p-5 sm:p-8"
    >
      {/* Enter in a text field means "create", not the first button (a photo's remove). */}
      <button
        type="submit"
        name="intent"
        value={intent}
        className="hidden"
        tabIndex={-1}
        aria-hidden="true"
      />
      <div className="grid gap-5">
        <div>
          <label htmlFor={fields.name.id} className="label">
            {t("newPool.fields.name")}
          </label>
          <input
            className="input"
            {...getInputProps(fields.name, { type: "text" })}
            required={undefined}
            aria-required
            aria-invalid={invalid("name")}
            aria-describedby={described("name")}
            maxLength={POOL_LIMITS.nameMax + 20}
            autoComplete="off"
          />
          <ErrorList id={fields.name.errorId} errors={errorsOf("name")} />
        </div>
        <div>
          <label htmlFor={fields.description.id} className="label">
            {t("newPool.fields.description")}
          </label>
          <textarea
            className="input min-h-[9rem] leading-relaxed"
            {...getTextareaProps(fields.description)}
            required={undefined}
            aria-required
            aria-invalid={invalid("description")}
            aria-describedby={described("description")}
            rows={6}
          />
          <ErrorList id={fields.description.errorId} errors={errorsOf("description")} />
        </div>
        <div className="max-w-xs">
          <label htmlFor={fields.goal_amount.id} className="label">
            {t("newPool.fields.goal")}
          </label>
          <div className="relative">
            <input
              className="input pr-8 tabular-nums [appearance:textfield] [&::-webkit-inner-spin-button]:appearance-none [&::-webkit-outer-spin-button]:appearance-none"
              {...getInputProps(fields.goal_amount, { type: "number" })}
              required={undefined}
              min={undefined}
              max={undefined}
              aria-required
              aria-invalid={invalid("goal_amount")}
              aria-describedby={described("goal_amount", "goal-hint")}
              inputMode="numeric"
              step={POOL_LIMITS.goalStep}
            />
            <span
              aria-hidden="true"
              className="pointer-events-none absolute inset-y-0 right-3 grid place-items-center text-muted-foreground"
            >
              ₮
            </span>
          </div>
          <p id="goal-hint" className="mt-1.5 text-xs text-muted-foreground">
            {t("newPool.fields.goalHint", { min: formatMoney(POOL_LIMITS.goalMin) })}
          </p>
          <ErrorList id={fields.goal_amount.errorId} errors={errorsOf("goal_amount")} />
        </div>
        <div className="max-w-xs">
          <label htmlFor={fields.ends_on.id} className="label">
            {t("newPool.fields.endsOn")}{" "}
            <span className="font-normal text-muted-foreground">({t("newPool.optional")})</span>
          </label>
          <input
            className="input"
            {...getInputProps(fields.ends_on, { type: "date" })}
            aria-invalid={invalid("ends_on")}
            aria-describedby={described("ends_on", "ends-on-hint")}
          />
          <p id="ends-on-hint" className="mt-1.5 text-xs text-muted-foreground">
            {t("newPool.fields.endsOnHint")}
          </p>
          <ErrorList id={fields.ends_on.errorId} errors={errorsOf("ends_on")} />
        </div>
      </div>

      <fieldset className="min-w-0 rounded-xl border border-border bg-muted/40 p-4 sm:p-5">
        <legend className="float-left w-full p-0 text-base font-semibold leading-snug">
          {t("newPool.fields.bankLegend")}
        </legend>
        <p className="clear-left mb-4 pt-1 text-sm text-muted-foreground">
          {t("newPool.fields.bankHint")}
        </p>
        <div className="grid grid-cols-1 gap-4 sm:grid-cols-3">
          <div>
            <label htmlFor={fields.bank_name.id} className="label">
              {t("newPool.fields.bankName")}
            </label>
            <select
              className="input"
              {...getSelectProps(fields.bank_name)}
              required={undefined}
              aria-required
              aria-invalid={invalid("bank_name")}
              aria-describedby={described("bank_name")}
            >
              {BANKS.map((bank) => (
                <option key={bank} value={bank}>
                  {bankDisplayName(tPlans, bank)}
                </option>
              ))}
            </select>
            <ErrorList id={fields.bank_name.errorId} errors={errorsOf("bank_name")} />
          </div>
          <div>
            <label htmlFor={fields.bank_account.id} className="label">
              {t("newPool.fields.bankAccount")}
            </label>
            <input
              className="input font-mono tracking-wide"
              {...getInputProps(fields.bank_account, { type: "text" })}
              required={undefined}
              aria-required
              aria-invalid={invalid("bank_account")}
              aria-describedby={described("bank_account")}
              inputMode="numeric"
              autoComplete="off"
            />
            <ErrorList id={fields.bank_account.errorId} errors={errorsOf("bank_account")} />
          </div>
          <div>
            <label htmlFor={fields.account_name.id} className="label">
              {t("newPool.fields.accountName")}
            </label>
            <input
              className="input"
              {...getInputProps(fields.account_name, { type: "text" })}
              required={undefined}
              aria-required
              aria-invalid={invalid("account_name")}
              aria-describedby={described("account_name")}
              autoComplete="off"
            />
            <ErrorList id={fields.account_name.errorId} errors={errorsOf("account_name")} />
          </div>
        </div>
      </fieldset>

      <fieldset className="min-w-0">
        <legend className="text-base font-semibold">{t("newPool.media.legend")}</legend>
        <p className="mt-1 text-sm text-muted-foreground">{t("newPool.media.hint")}</p>
        <div className="mt-4 grid grid-cols-1 gap-4 sm:grid-cols-2 lg:grid-cols-4">
          {PHOTO_SLOTS.map((slot, i) => (
            <MediaSlot
              key={`${slot}-${values[`${slot}_id`]}`}
              slot={slot}
              kind="photo"
              label={t("newPool.media.photo", { n: i + 1 })}
              storedId={values[`${slot}_id`]}
              errors={errors[slot] ?? errors[`${slot}_id`] ?? undefined}
            />
          ))}
          <MediaSlot
            key={`video-${values.video_id}`}
            slot="video"
            kind="video"
            label={t("newPool.media.video")}
            storedId={values.video_id}
            errors={errors.video ?? errors.video_id ?? undefined}
          />
        </div>
      </fieldset>

      <div className="flex flex-col-reverse gap-3 border-t border-border pt-5 sm:flex-row sm:items-center sm:justify-between">
        <p className="text-xs text-muted-foreground">{t("newPool.submitHint")}</p>
        <StatusButton pending={pending} name="intent" value={intent} className="btn-primary">
          {t(mode === "edit" ? "editPool.submit" : "newPool.submit")}
        </StatusButton>
      </div>
    </Form>
  );
}
