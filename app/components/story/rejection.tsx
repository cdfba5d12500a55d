import { useTranslation } from "react-i18next";
import { REJECTION_NOTE_MAX, REJECTION_REASONS } from "~/constants";

/** Why a story was rejected, in the reader's language: the reason, then the administrator's words. */
export function RejectionText({ reason, note }: { reason: string | null; note: string | null }) {
  const { t } = useTranslation();
  return (
    <span data-testid="rejection-reason">
      {t(`rejection.reasons.${reason ?? "none"}`)}
      {note ? (
        <span className="mt-1 block whitespace-pre-line font-normal text-foreground/80">
          {t("rejection.note", { note })}
        </span>
      ) : null}
    </span>
  );
}

/** The reason list and note an administrator fills in when rejecting (inside the confirm form). */
export function RejectionFields({ id }: { id: number | string }) {
  const { t } = useTranslation();
  return (
    <div className="flex w-full flex-col gap-3 text-left">
      <div>
        <label htmlFor={`reason-${id}`} className="label">
          {t("rejection.reasonLabel")}
        </label>
        <select id={`reason-${id}`} name="reason" className="input" required defaultValue="">
          <option value="" disabled>
            {t("rejection.choose")}
          </option>
          {REJECTION_REASONS.map((reason) => (
            <option key={reason} value={reason}>
              {t(`rejection.reasons.${reason}`)}
            </option>
          ))}
        </select>
      </div>
      <div>
        <label htmlFor={`note-${id}`} className="label">
          {t("rejection.noteLabel")}
        </label>
        <textarea
          id={`note-${id}`}
          name="note"
          className="input min-h-[5rem]"
          maxLength={REJECTION_NOTE_MAX}
          rows={3}
          aria-describedby={`note-hint-${id}`}
        />
        <p id={`note-hint-${id}`} className="mt-1 text-xs text-muted-foreground">
          {t("rejection.noteHint")}
        </p>
      </div>
    </div>
  );
}
