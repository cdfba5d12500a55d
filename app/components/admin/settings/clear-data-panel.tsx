import { Form } from "@remix-run/react";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { PendingButton } from "~/components/admin/pending-button";
import { ErrorList } from "~/components/forms";
import { AlertCircleIcon } from "~/components/icons";
import { TrashIcon } from "~/components/page-icons";
import { useHydrated } from "~/components/use-hydrated";

/**
 * "Clear all data" (spec 02 §2 settings tab): the confirmation is typing a fixed word shown on
 * screen; the server checks it again (the same word is required by POST /api/clear-all-data).
 * With JavaScript the button stays disabled until the word matches.
 */
export function ClearDataPanel({
  backupDir,
  errors,
}: {
  backupDir: string | null;
  errors?: Record<string, string[] | null> | null;
}) {
  const { t } = useTranslation("admin");
  const word = t("clearData.word");
  const [typed, setTyped] = useState("");
  const hydrated = useHydrated();
  const matches = typed.trim().toUpperCase() === word.toUpperCase();
  const fieldErrors = errors?.confirmation;
  return (
    <section
      aria-labelledby="clear-data-title"
      className="rounded-2xl border border-destructive/40 bg-destructive/5 p-4 sm:p-6"
    >
      <div className="flex items-start gap-3">
        <AlertCircleIcon width={22} height={22} className="mt-0.5 shrink-0 text-destructive" />
        <div className="min-w-0 space-y-2">
          <h3 id="clear-data-title" className="text-lg font-semibold text-destructive">
            {t("clearData.title")}
          </h3>
          <p className="text-sm leading-relaxed">{t("clearData.text")}</p>
          <p className="break-words text-sm leading-relaxed text-muted-foreground">
            {backupDir ? (
              <>
                {t("clearData.backupNote")}{" "}
                <code className="break-all rounded bg-muted px-1 py-0.5 text-xs">{backupDir}</code>
              </>
            ) : (
              t("clearData.remoteNote")
            )}
          </p>
        </div>
      </div>
      <Form method="post" noValidate className="mt-4 space-y-3">
        <div>
          <label htmlFor="clear-confirmation" className="label">
            <TypeLabel text={t("clearData.typeLabel", { word })} />
          </label>
          <input
            id="clear-confirmation"
            name="confirmation"
            className="input max-w-xs font-mono uppercase tracking-wider"
            autoComplete="off"
            autoCapitalize="characters"
            spellCheck={false}
            onChange={(event) => setTyped(event.currentTarget.value)}
            aria-invalid={fieldErrors?.length ? true : undefined}
            aria-describedby={fieldErrors?.length ? "clear-confirmation-error" : undefined}
          />
          <ErrorList id="clear-confirmation-error" errors={fieldErrors} />
        </div>
        <PendingButton
          intent="clear"
          disabled={hydrated && !matches}
          className="btn bg-destructive text-destructive-foreground hover:bg-destructive/90 disabled:cursor-not-allowed disabled:opacity-50"
        >
          <TrashIcon width={16} height={16} />
          {t("clearData.submit")}
        </PendingButton>
      </Form>
    </section>
  );
}

/**
 * "type <w>WORD</w>" with the word in bold. Not react-i18next's Trans: importing it puts its HTML
 * parser into the chunk every page loads (issue 21's JS budget), for this one label.
 */
function TypeLabel({ text }: { text: string }) {
  const [before, rest = ""] = text.split("<w>");
  const [word, after = ""] = rest.split("</w>");
  return (
    <>
      {before}
      <strong className="font-mono tracking-wider text-destructive">{word}</strong>
      {after}
    </>
  );
}
