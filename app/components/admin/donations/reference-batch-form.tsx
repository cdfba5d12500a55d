import { Form } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { PendingButton } from "~/components/admin/pending-button";

/**
 * Paste the references from the bank statement; every one that matches exactly one pending
 * donation (trimmed, case-insensitive) is verified. The text stays in the box afterwards.
 */
export function ReferenceBatchForm({ defaultValue }: { defaultValue: string }) {
  const { t } = useTranslation("admin");
  return (
    <Form method="post" className="card p-4 sm:p-5" preventScrollReset>
      <label htmlFor="batch-references" className="label">
        {t("donations.batch.referencesLabel")}
      </label>
      <p id="batch-references-hint" className="mb-2 text-xs text-muted-foreground">
        {t("donations.batch.referencesHint")}
      </p>
      <textarea
        id="batch-references"
        name="references"
        rows={4}
        defaultValue={defaultValue}
        aria-describedby="batch-references-hint"
        className="input font-mono"
        spellCheck={false}
        autoComplete="off"
      />
      <div className="mt-3 flex justify-end">
        <PendingButton intent="verify-references" className="btn-primary">
          {t("donations.batch.verifyReferences")}
        </PendingButton>
      </div>
    </Form>
  );
}
