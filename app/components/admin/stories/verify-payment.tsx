import { useTranslation } from "react-i18next";
import { ConfirmAction } from "~/components/admin/confirm-action";
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
  const fieldId = `amount-received-${id}`;
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
          defaultValue={price}
          aria-describedby={`${fieldId}-hint`}
          className="input tabular-nums"
        />
        <p id={`${fieldId}-hint`} className="mt-1.5 text-xs text-muted-foreground">
          {t("approvals.amountReceivedHint", { due: formatMoney(price) })}
        </p>
      </div>
    </ConfirmAction>
  );
}
