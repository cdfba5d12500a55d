import { Form } from "@remix-run/react";
import { useId } from "react";
import { useTranslation } from "react-i18next";
import { SearchIcon } from "~/components/icons";

/**
 * The receipt number to check: a plain GET form to /receipts, which sends it on to
 * /receipts/{number} (normalised there), so it works without JavaScript.
 */
export function ReceiptCheckForm({ defaultValue = "" }: { defaultValue?: string }) {
  const { t } = useTranslation("receipts");
  const id = useId();
  return (
    <Form method="get" action="/receipts" className="space-y-2" data-testid="receipt-check-form">
      <label htmlFor={id} className="label">
        {t("check.label")}
      </label>
      <div className="flex flex-col gap-2 sm:flex-row">
        <input
          id={id}
          name="number"
          defaultValue={defaultValue}
          required
          maxLength={40}
          autoComplete="off"
          autoCapitalize="characters"
          spellCheck={false}
          placeholder="SS-XXXX-XXXX-X"
          className="input min-w-0 flex-1 font-mono uppercase tracking-wider placeholder:normal-case"
        />
        <button type="submit" className="btn-primary">
          <SearchIcon width={16} height={16} />
          {t("check.submit")}
        </button>
      </div>
    </Form>
  );
}
