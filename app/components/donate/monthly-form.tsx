import {
  getFormProps,
  getInputProps,
  getSelectProps,
  type SubmissionResult,
  useForm,
} from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod";
import { Form, Link, useLocation, useNavigation } from "@remix-run/react";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { BotTrap } from "~/components/bot-trap";
import { ErrorList, FormErrors, StatusButton } from "~/components/forms";
import { ShieldIcon } from "~/components/page-icons";
import { formatMoney } from "~/lib/format";
import { dayWord } from "~/lib/ub-months";
import { type MonthlyKind, PoolMonthlySchema, SiteMonthlySchema } from "~/schemas/monthly";
import { DAYS } from "./monthly-manage";

/** The query that opens a donate page on its monthly form; without it the one-off form shows. */
export const MONTHLY_QUERY = "every=month";

/** The form's id: the no-JavaScript language and theme switches post it by it (keep-typing.ts). */
export const monthlyFormId = (kind: MonthlyKind) => `${kind}-monthly-form`;

/**
 * «Once / every month» above a donate page's form. Two links, so the choice works without
 * JavaScript (each opens its own whole form); with it, the switch is a client navigation.
 */
export function FrequencyChoice({ monthly }: { monthly: boolean }) {
  const { t } = useTranslation("donate");
  const { pathname } = useLocation();
  const pill = (on: boolean) =>
    `flex-1 rounded-full px-4 py-2 text-center text-sm font-semibold transition-colors ${
      on ? "bg-primary text-primary-foreground" : "text-foreground hover:bg-secondary"
    }`;
  return (
    <nav aria-label={t("monthly.frequency.legend")} className="card p-1.5">
      <div className="flex gap-1.5">
        <Link
          to={pathname}
          replace
          preventScrollReset
          aria-current={monthly ? undefined : "page"}
          className={pill(!monthly)}
          data-testid="frequency-once"
        >
          {t("monthly.frequency.once")}
        </Link>
        <Link
          to={`${pathname}?${MONTHLY_QUERY}`}
          replace
          preventScrollReset
          aria-current={monthly ? "page" : undefined}
          className={pill(monthly)}
          data-testid="frequency-monthly"
        >
          {t("monthly.frequency.monthly")}
        </Link>
      </div>
    </nav>
  );
}

/**
 * A monthly gift's form (issue 43): every field present without JavaScript, the shared schema
 * checking it in the browser and on the server; a refusal keeps everything typed.
 */
export function MonthlyForm({
  kind,
  defaultDay,
  botTrap,
  lastResult,
}: {
  kind: MonthlyKind;
  /** Today's day of the month in Ulaanbaatar. */
  defaultDay: number;
  botTrap: string;
  lastResult: SubmissionResult<string[]> | undefined;
}) {
  const { t, i18n } = useTranslation("donate");
  const navigation = useNavigation();
  const { pathname } = useLocation();
  const schema = kind === "pool" ? PoolMonthlySchema : SiteMonthlySchema;
  const min = kind === "pool" ? 100 : 1_000;
  const [form, fields] = useForm({
    id: monthlyFormId(kind),
    lastResult,
    defaultValue: {
      amount: kind === "pool" ? "20000" : "10000",
      day_of_month: String(defaultDay),
      method: "standing_order",
      remind_by_email: "on",
      // As the one-off form asks it (donation-form.tsx): shown unless the donor says no.
      display_in_leaderboard: "on",
    },
    onValidate: ({ formData }) => parseWithZod(formData, { schema }),
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
  });
  const pending = navigation.state !== "idle" && navigation.formData?.get("intent") === "monthly";
  const input = (
    meta: (typeof fields)["donor_name"],
    type: "text" | "email" | "tel" | "number",
    extra: React.InputHTMLAttributes<HTMLInputElement> = {},
  ) => {
    const { key, ...props } = getInputProps(meta, { type, ariaDescribedBy: `${meta.id}-hint` });
    return <input key={key} {...props} {...extra} className="input scroll-my-40" />;
  };
  return (
    <section className="card p-5 sm:p-7" aria-labelledby="monthly-title">
      <h2 id="monthly-title" className="text-lg font-semibold sm:text-xl">
        {t("monthly.form.title")}
      </h2>
      <p className="mb-5 mt-1 text-sm leading-relaxed text-muted-foreground">
        {t("monthly.form.intro")}
      </p>
      <Form
        method="post"
        action={`${pathname}?${MONTHLY_QUERY}`}
        {...getFormProps(form)}
        noValidate
        className="space-y-5"
      >
        <input type="hidden" name="intent" value="monthly" />
        <BotTrap token={botTrap} />
        <Field id={fields.donor_name.id} label={t("form.name")} hint={t("form.nameHint")}>
          {input(fields.donor_name, "text", { autoComplete: "name", maxLength: 100 })}
          <ErrorList id={fields.donor_name.errorId} errors={fields.donor_name.errors} />
        </Field>
        <Field
          id={fields.amount.id}
          label={t("monthly.form.amount")}
          hint={t("form.amountHint", { min: formatMoney(min), step: formatMoney(100) })}
        >
          {input(fields.amount, "number", { min, step: 100, inputMode: "numeric" })}
          <ErrorList id={fields.amount.errorId} errors={fields.amount.errors} />
        </Field>
        <Field
          id={fields.day_of_month.id}
          label={t("monthly.form.day")}
          hint={t("monthly.form.dayHint")}
        >
          <select
            {...(({ key: _k, ...p }) => p)(
              getSelectProps(fields.day_of_month, {
                ariaDescribedBy: `${fields.day_of_month.id}-hint`,
              }),
            )}
            className="input"
          >
            {DAYS.map((day) => (
              <option key={day} value={day}>
                {t("monthly.form.dayOption", { day: dayWord(day, i18n.language) })}
              </option>
            ))}
          </select>
          <ErrorList id={fields.day_of_month.errorId} errors={fields.day_of_month.errors} />
        </Field>

        <fieldset className="space-y-2">
          <legend className="label">{t("monthly.form.method")}</legend>
          {(["standing_order", "reminder"] as const).map((value) => (
            <Choice
              key={value}
              type="radio"
              name={fields.method.name}
              value={value}
              checked={(fields.method.value ?? "standing_order") === value}
              label={t(
                value === "standing_order" ? "monthly.form.standingOrder" : "monthly.form.reminder",
              )}
              hint={t(
                value === "standing_order"
                  ? "monthly.form.standingOrderHint"
                  : "monthly.form.reminderHint",
              )}
            />
          ))}
          <ErrorList id={fields.method.errorId} errors={fields.method.errors} />
        </fieldset>

        <fieldset className="space-y-3">
          <legend className="label">{t("monthly.form.remind")}</legend>
          <p className="text-xs text-muted-foreground">{t("monthly.form.remindHint")}</p>
          <Choice
            type="checkbox"
            name={fields.remind_by_email.name}
            value="on"
            checked={fields.remind_by_email.value === "on"}
            label={t("monthly.form.byEmail")}
          />
          <Field
            id={fields.email.id}
            label={t("monthly.form.email")}
            hint={t("monthly.form.emailHint")}
          >
            {input(fields.email, "email", { autoComplete: "email", maxLength: 254 })}
            <ErrorList id={fields.email.errorId} errors={fields.email.errors} />
          </Field>
          <Choice
            type="checkbox"
            name={fields.remind_by_sms.name}
            value="on"
            checked={fields.remind_by_sms.value === "on"}
            label={t("monthly.form.bySms")}
          />
          <Field
            id={fields.phone_number.id}
            label={t("monthly.form.phone")}
            hint={t("monthly.form.phoneHint")}
          >
            {input(fields.phone_number, "tel", {
              autoComplete: "tel",
              inputMode: "tel",
              maxLength: 20,
            })}
            <ErrorList id={fields.phone_number.errorId} errors={fields.phone_number.errors} />
          </Field>
          <ErrorList id={fields.remind_by_email.errorId} errors={fields.remind_by_email.errors} />
        </fieldset>

        <div className="flex gap-3 rounded-xl border border-border bg-muted/40 p-4">
          <input
            {...(({ key: _k, ...p }) => p)(
              getInputProps(fields.display_in_leaderboard, {
                type: "checkbox",
                ariaDescribedBy: `${fields.display_in_leaderboard.id}-hint`,
              }),
            )}
            className="mt-0.5 h-5 w-5 shrink-0 rounded border-input accent-primary"
          />
          <div>
            <label htmlFor={fields.display_in_leaderboard.id} className="font-medium">
              {t("form.leaderboard")}
            </label>
            <p
              id={`${fields.display_in_leaderboard.id}-hint`}
              className="mt-0.5 text-sm text-muted-foreground"
            >
              {t("monthly.form.leaderboardHint")}
            </p>
          </div>
        </div>

        <FormErrors id={form.errorId} errors={form.errors} />
        <StatusButton pending={pending} className="btn-primary w-full py-3 text-base">
          {t("monthly.form.submit")}
        </StatusButton>
        <p className="flex items-start gap-2 text-xs leading-relaxed text-muted-foreground">
          <ShieldIcon width={16} height={16} className="mt-px shrink-0 text-success" />
          {t("monthly.form.privacy")}
        </p>
      </Form>
    </section>
  );
}

function Field({
  id,
  label,
  hint,
  children,
}: {
  id: string;
  label: string;
  hint: string;
  children: ReactNode;
}) {
  return (
    <div>
      <label htmlFor={id} className="label">
        {label}
      </label>
      {children}
      <p id={`${id}-hint`} className="mt-1.5 text-xs text-muted-foreground">
        {hint}
      </p>
    </div>
  );
}

/** A radio or checkbox with its label; uncontrolled, so it works before and without scripts. */
function Choice({
  type,
  name,
  value,
  checked,
  label,
  hint,
}: {
  type: "radio" | "checkbox";
  name: string;
  value: string;
  checked: boolean;
  label: string;
  hint?: string;
}) {
  return (
    <label className="flex cursor-pointer gap-3 rounded-xl border border-border p-3 has-[:checked]:border-primary has-[:checked]:bg-primary/5">
      <input
        type={type}
        name={name}
        value={value}
        defaultChecked={checked}
        className="mt-0.5 h-5 w-5 shrink-0 accent-primary"
      />
      <span>
        <span className="font-medium">{label}</span>
        {hint ? <span className="mt-0.5 block text-sm text-muted-foreground">{hint}</span> : null}
      </span>
    </label>
  );
}
