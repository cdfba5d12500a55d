import { useTranslation } from "react-i18next";
import { useAskedFields } from "~/components/admin/asked-fields";
import { ConfirmAction } from "~/components/admin/confirm-action";
import { ErrorList } from "~/components/forms";
import { formatMoney } from "~/lib/format";

/**
 * "Verify payment" asks first, and asks what arrived (issue 16): the amount field starts at the
 * plan's price; a different amount is allowed and recorded as it is. Without JavaScript the same
 * disclosure opens and posts.
 */
export function VerifyPaymentAction({
  id,
  title,
  price,
}: {
  id: number;
  title?: string;
  price: number;
}) {
  const { t } = useTranslation("admin");
  return (
    <ConfirmAction
      tone="confirm"
      align="left"
      intent="verify"
      id={id}
      label={t("approvals.verify")}
      question={
        title ? t("approvals.verifyQuestion", { title }) : t("approvals.verifyQuestionPlain")
      }
      confirmLabel={t("approvals.verifyConfirm")}
    >
      <AmountReceivedField id={id} due={price} />
    </ConfirmAction>
  );
}

/**
 * The amount that arrived, asked inside a verification's question (story payments and pledges,
 * issue 41 item 3): starts at what was due; after a refusal, as typed and marked.
 */
export function AmountReceivedField({
  id,
  due,
  hint,
}: {
  id: number | string;
  due: number;
  /** What the hint says of `due`; a story's plan price by default. */
  hint?: string;
}) {
  const { t } = useTranslation("admin");
  const { values, errors } = useAskedFields();
  const fieldId = `amount-received-${String(id).replace(":", "-")}`;
  const invalid = Boolean(errors.amount_received?.length);
  return (
    <div className="w-full">
      <label htmlFor={fieldId} className="label">
        {t("approvals.amountReceived")}
      </label>
      <input
        id={fieldId}
        name="amount_received"
        type="number"
        inputMode="numeric"
        min={1}
        step={1}
        defaultValue={values.amount_received ?? due}
        aria-invalid={invalid || undefined}
        aria-describedby={`${invalid ? `${fieldId}-error ` : ""}${fieldId}-hint`}
        className="input tabular-nums"
      />
      <ErrorList id={`${fieldId}-error`} errors={errors.amount_received} />
      <p id={`${fieldId}-hint`} className="mt-1.5 text-xs text-muted-foreground">
        {hint ?? t("approvals.amountReceivedHint", { due: formatMoney(due) })}
      </p>
    </div>
  );
}
