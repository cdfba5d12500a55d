import {
  type FieldMetadata,
  getFormProps,
  getInputProps,
  getSelectProps,
  getTextareaProps,
  type SubmissionResult,
  useForm,
} from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod";
import { Form, useLocation, useNavigation } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { BotTrap } from "~/components/bot-trap";
import { DraftNotice, useDraft } from "~/components/draft";
import { ErrorList, FormErrors, StatusButton } from "~/components/forms";
import { ShieldIcon } from "~/components/page-icons";
import { useHydrated } from "~/components/use-hydrated";
import { BANKS } from "~/constants";
import { formatMoney } from "~/lib/format";
import { bankDisplayName } from "~/lib/plans";
import { GeneralDonationSchema, HONEYPOT_FIELD, PledgeSchema } from "~/schemas/donation";

export type DonationKind = "pool" | "general";

/** The form's id: its draft and the no-JavaScript language and theme switches find it by it. */
export const donationFormId = (kind: DonationKind) => `${kind}-donation-form`;

/**
 * The first quick amount is the form's default (the spec's minimum), so one is always chosen when
 * the form opens.
 */
const SETTINGS = {
  pool: { schema: PledgeSchema, min: 100, quick: [100, 1_000, 5_000, 10_000] },
  general: { schema: GeneralDonationSchema, min: 1_000, quick: [1_000, 5_000, 10_000, 50_000] },
} as const;

const MESSAGE_MAX = 500;
/** The fields in the order the form shows them. */
const FIELD_ORDER = [
  "donor_name",
  "phone_number",
  "email",
  "amount",
  "bank_name",
  "bank_account",
  "transaction_reference",
  "message",
];

/**
 * The pledge form of a pool and the general donation form of the site: one form, the shared
 * schema checking it in the browser (instant messages) and on the server (the truth). It is a
 * plain POST that works without JavaScript; after a refusal every typed value comes back.
 */
export function DonationForm({
  kind,
  lastResult,
  paymentCode,
  botTrap,
}: {
  kind: DonationKind;
  lastResult: SubmissionResult<string[]> | undefined;
  paymentCode: string;
  /** The signed time the form was served (the bot check). */
  botTrap: string;
}) {
  const { t } = useTranslation("donate");
  const navigation = useNavigation();
  const { schema, min, quick } = SETTINGS[kind];
  const [form, fields] = useForm({
    id: donationFormId(kind),
    lastResult,
    // The reference is usually the payment code the donor typed into the transfer: offered as is.
    defaultValue: {
      amount: String(min),
      display_in_leaderboard: "on",
      transaction_reference: paymentCode,
    },
    onValidate: ({ formData }) => parseWithZod(formData, { schema }),
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
  });
  const pending = navigation.state !== "idle" && navigation.formMethod === "POST";
  const draft = useDraft(donationFormId(kind), `pledge:${useLocation().pathname}`);
  const hint = (field: { id: string }) => `${field.id}-hint`;
  // After a refusal by the server (without JavaScript the page reloads at its top), the browser
  // takes the donor straight to the first field to fix, or to the reason when no field is at fault
  // (the fields' scroll margin keeps them clear of the toast).
  const firstInvalid = FIELD_ORDER.find((name) => lastResult?.error?.[name]?.length);
  const focusReason = !firstInvalid && Boolean(lastResult?.error?.[""]?.length);
  // Every field's state is read here, in the component that called useForm: conform re-renders
  // it for the parts it read, so errors shown by a submit appear at once.
  const control = <S, F extends Record<string, unknown>>(
    meta: FieldMetadata<S, F, string[]>,
    type: "text" | "tel" | "number" | "email",
  ): Control => ({
    id: meta.id,
    key: meta.key,
    errorId: meta.errorId,
    errors: meta.errors,
    value: typeof meta.value === "string" ? meta.value : undefined,
    input: {
      ...withoutKey(getInputProps(meta, { type, ariaDescribedBy: hint(meta) })),
      autoFocus: meta.name === firstInvalid || undefined,
    },
  });

  return (
    <Form method="post" {...getFormProps(form)} noValidate className="space-y-6">
      <DraftNotice restored={draft.restored} onDiscard={draft.discard} />
      <input type="hidden" name="payment_code" value={paymentCode} />
      <BotTrap token={botTrap} />
      <fieldset className="space-y-4">
        <legend className="mb-1 text-base font-semibold">{t("form.yourDetails")}</legend>
        <TextField
          control={control(fields.donor_name, "text")}
          label={t("form.name")}
          hint={t("form.nameHint")}
          autoComplete="name"
          maxLength={100}
        />
        <TextField
          control={control(fields.phone_number, "tel")}
          label={t("form.phone")}
          hint={t("form.phoneHint")}
          autoComplete="tel"
          inputMode="tel"
          maxLength={20}
        />
        <TextField
          control={control(fields.email, "email")}
          label={t("form.email")}
          hint={t("form.emailHint")}
          optional
          autoComplete="email"
          maxLength={254}
        />
      </fieldset>

      <fieldset className="space-y-4">
        <legend className="mb-1 text-base font-semibold">{t("form.yourTransfer")}</legend>
        <AmountField
          control={control(fields.amount, "number")}
          min={min}
          quick={quick}
          onPick={(value) => form.update({ name: fields.amount.name, value: String(value) })}
        />
        {kind === "general" ? (
          <>
            <div>
              <label htmlFor={fields.bank_name.id} className="label">
                {t("form.bankName")}
              </label>
              <select
                {...withoutKey(
                  getSelectProps(fields.bank_name, { ariaDescribedBy: hint(fields.bank_name) }),
                )}
                key={fields.bank_name.key}
                // biome-ignore lint/a11y/noAutofocus: only after a refusal, on what must be fixed
                autoFocus={firstInvalid === "bank_name" || undefined}
                aria-required
                className="input scroll-my-40"
              >
                <option value="">{t("form.bankPlaceholder")}</option>
                {BANKS.map((bank) => (
                  <option key={bank} value={bank}>
                    {bankDisplayName(t, bank)}
                  </option>
                ))}
              </select>
              <p id={hint(fields.bank_name)} className="mt-1.5 text-xs text-muted-foreground">
                {t("form.bankNameHint")}
              </p>
              <ErrorList id={fields.bank_name.errorId} errors={fields.bank_name.errors} />
            </div>
            <TextField
              control={control(fields.bank_account, "text")}
              label={t("form.bankAccount")}
              hint={t("form.bankAccountHint")}
              inputMode="numeric"
              autoComplete="off"
              maxLength={30}
              optional
            />
          </>
        ) : null}
        <TextField
          control={control(fields.transaction_reference, "text")}
          label={t("form.reference")}
          hint={t("form.referenceHint")}
          autoComplete="off"
          spellCheck={false}
          maxLength={64}
        />
      </fieldset>

      <fieldset className="space-y-4">
        <legend className="mb-1 text-base font-semibold">{t("form.optionalPart")}</legend>
        <div>
          <label htmlFor={fields.message.id} className="label">
            {t("form.message")}
          </label>
          <textarea
            {...withoutKey(
              getTextareaProps(fields.message, { ariaDescribedBy: hint(fields.message) }),
            )}
            key={fields.message.key}
            // biome-ignore lint/a11y/noAutofocus: only after a refusal, on what must be fixed
            autoFocus={firstInvalid === "message" || undefined}
            rows={3}
            maxLength={MESSAGE_MAX}
            placeholder={t("form.messagePlaceholder")}
            className="input scroll-my-40 min-h-[5rem] resize-y leading-relaxed"
          />
          <p id={hint(fields.message)} className="mt-1.5 text-xs text-muted-foreground">
            {t(kind === "pool" ? "form.messageHintPool" : "form.messageHint", {
              max: MESSAGE_MAX,
            })}
          </p>
          <ErrorList id={fields.message.errorId} errors={fields.message.errors} />
        </div>
        <div className="flex gap-3 rounded-xl border border-border bg-muted/40 p-4">
          <input
            {...withoutKey(
              getInputProps(fields.display_in_leaderboard, {
                type: "checkbox",
                ariaDescribedBy: hint(fields.display_in_leaderboard),
              }),
            )}
            key={fields.display_in_leaderboard.key}
            className="mt-0.5 h-5 w-5 shrink-0 rounded border-input accent-primary"
          />
          <div>
            <label htmlFor={fields.display_in_leaderboard.id} className="font-medium">
              {t("form.leaderboard")}
            </label>
            <p
              id={hint(fields.display_in_leaderboard)}
              className="mt-0.5 text-sm text-muted-foreground"
            >
              {t("form.leaderboardHint")}
            </p>
          </div>
        </div>
      </fieldset>

      <Honeypot />

      <FormErrors id={form.errorId} errors={form.errors} focus={focusReason} />

      <div className="space-y-3">
        <StatusButton pending={pending} className="btn-primary w-full py-3 text-base">
          {t(kind === "pool" ? "form.submitPledge" : "form.submitDonation")}
        </StatusButton>
        <p className="flex items-start gap-2 text-xs leading-relaxed text-muted-foreground">
          <ShieldIcon width={16} height={16} className="mt-px shrink-0 text-success" />
          {t("form.privacy")}
        </p>
      </div>
    </Form>
  );
}

/** conform's props carry the React key, which must be given to JSX on its own, not spread. */
function withoutKey<P extends { key?: unknown }>(props: P): Omit<P, "key"> {
  const { key: _key, ...rest } = props;
  return rest;
}

/** One field as the form read it: props for the input, and what to show around it. */
interface Control {
  id: string;
  key: string | undefined;
  errorId: string;
  errors: string[] | undefined;
  value: string | undefined;
  input: React.InputHTMLAttributes<HTMLInputElement>;
}

function TextField({
  control,
  label,
  hint,
  optional = false,
  ...rest
}: {
  control: Control;
  label: string;
  hint: string;
  optional?: boolean;
} & Pick<
  React.InputHTMLAttributes<HTMLInputElement>,
  "autoComplete" | "inputMode" | "maxLength" | "spellCheck"
>) {
  const hintId = `${control.id}-hint`;
  return (
    <div>
      <label htmlFor={control.id} className="label">
        {label}
      </label>
      <input
        {...control.input}
        key={control.key}
        aria-required={optional ? undefined : true}
        className="input scroll-my-40"
        {...rest}
      />
      <p id={hintId} className="mt-1.5 text-xs text-muted-foreground">
        {hint}
      </p>
      <ErrorList id={control.errorId} errors={control.errors} />
    </div>
  );
}

/**
 * The amount, in whole tugrik. With JavaScript, buttons fill in common amounts; without it the
 * field alone does the job (the buttons are not rendered, so nothing depends on them).
 */
function AmountField({
  control,
  min,
  quick,
  onPick,
}: {
  control: Control;
  min: number;
  quick: readonly number[];
  onPick: (value: number) => void;
}) {
  const { t } = useTranslation("donate");
  const hydrated = useHydrated();
  const hintId = `${control.id}-hint`;
  return (
    <div>
      <label htmlFor={control.id} className="label">
        {t("form.amount")}
      </label>
      <div className="relative">
        <input
          {...control.input}
          key={control.key}
          aria-required
          min={min}
          step={100}
          inputMode="numeric"
          className="input scroll-my-40 pr-10 text-lg font-semibold tabular-nums"
        />
        <span
          className="pointer-events-none absolute inset-y-0 right-3 flex items-center font-semibold text-muted-foreground"
          aria-hidden="true"
        >
          ₮
        </span>
      </div>
      {hydrated ? (
        <fieldset className="mt-2">
          <legend className="sr-only">{t("form.quickAmounts")}</legend>
          <div className="grid grid-cols-4 gap-1.5 sm:flex sm:flex-wrap sm:gap-2">
            {quick.map((value) => {
              const active = control.value === String(value);
              return (
                <button
                  key={value}
                  type="button"
                  aria-pressed={active}
                  onClick={() => onPick(value)}
                  className={`rounded-full border px-1 py-1.5 text-[13px] font-semibold tabular-nums transition-colors sm:px-3 sm:text-sm ${
                    active
                      ? "border-primary bg-primary text-primary-foreground"
                      : "border-border bg-card text-foreground hover:border-primary/60 hover:bg-secondary"
                  }`}
                >
                  {formatMoney(value)}
                </button>
              );
            })}
          </div>
        </fieldset>
      ) : null}
      <p id={hintId} className="mt-1.5 text-xs text-muted-foreground">
        {t("form.amountHint", { min: formatMoney(min), step: formatMoney(100) })}
      </p>
      <ErrorList id={control.errorId} errors={control.errors} />
    </div>
  );
}

/**
 * The bot trap: off-screen and out of the tab order, hidden from assistive technology, its label
 * telling the rare human who finds it to leave it empty. Anything typed in it refuses the form.
 */
function Honeypot() {
  const { t } = useTranslation("donate");
  return (
    <div aria-hidden="true" className="absolute -left-[10000px] top-auto h-px w-px overflow-hidden">
      <label htmlFor={`donation-${HONEYPOT_FIELD}`}>{t("form.honeypot")}</label>
      <input
        id={`donation-${HONEYPOT_FIELD}`}
        type="text"
        name={HONEYPOT_FIELD}
        tabIndex={-1}
        autoComplete="off"
        defaultValue=""
      />
    </div>
  );
}
