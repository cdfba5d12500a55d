import { Form } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { PendingButton } from "~/components/admin/pending-button";
import { ErrorList } from "~/components/forms";

/**
 * Spam (issue 18): the watched words, one per line — a story or comment containing one waits for
 * review, look-alike spellings included — and whether an account's first comments wait too.
 */
export function SpamForm({
  watchedWords,
  holdFirstComments,
  errors,
}: {
  /** As saved, or as typed when the list was refused. */
  watchedWords: string;
  holdFirstComments: boolean;
  errors?: Record<string, string[] | null> | null;
}) {
  const { t } = useTranslation("admin");
  const wordErrors = errors?.watchedWords ?? null;
  return (
    <Form
      method="post"
      key={`${watchedWords}|${holdFirstComments}`}
      className="card space-y-4 p-4 sm:p-6"
      aria-labelledby="spam-title"
      preventScrollReset
      data-testid="spam-form"
    >
      <div>
        <h3 id="spam-title" className="text-lg font-semibold">
          {t("spam.title")}
        </h3>
        <p className="mt-1 max-w-3xl text-sm text-muted-foreground">{t("spam.text")}</p>
      </div>
      <div>
        <label htmlFor="watched-words" className="label">
          {t("spam.wordsLabel")}
        </label>
        <textarea
          id="watched-words"
          name="watchedWords"
          rows={6}
          defaultValue={watchedWords}
          aria-describedby={`watched-words-hint${wordErrors?.length ? " watched-words-error" : ""}`}
          aria-invalid={wordErrors?.length ? true : undefined}
          className="input font-mono text-sm"
        />
        <p id="watched-words-hint" className="mt-1 text-xs text-muted-foreground">
          {t("spam.wordsHint")}
        </p>
        <ErrorList id="watched-words-error" errors={wordErrors} />
      </div>
      <label className="flex cursor-pointer items-start gap-3 rounded-xl border border-border p-4 has-[:checked]:border-primary has-[:checked]:bg-primary/5">
        <input
          type="checkbox"
          name="holdFirstComments"
          value="on"
          defaultChecked={holdFirstComments}
          className="mt-1 h-4 w-4 accent-primary"
        />
        <span>
          <span className="block font-medium">{t("spam.holdFirst")}</span>
          <span className="mt-0.5 block text-sm text-muted-foreground">
            {t("spam.holdFirstHint")}
          </span>
        </span>
      </label>
      <div className="flex justify-end">
        <PendingButton intent="spam" className="btn-outline">
          {t("spam.save")}
        </PendingButton>
      </div>
    </Form>
  );
}
