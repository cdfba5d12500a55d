import { useTranslation } from "react-i18next";
import { useAskedFields } from "~/components/admin/asked-fields";
import { ErrorList } from "~/components/forms";
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

/**
 * The reason list and note an administrator fills in when rejecting (inside the confirm form).
 * After a refusal they come back as chosen, the wrong one marked (issue 41 item 11).
 */
export function RejectionFields({ id }: { id: number | string }) {
  const { t } = useTranslation();
  const { values, errors } = useAskedFields();
  const invalid = (field: string) => (errors[field]?.length ? true : undefined);
  const describedBy = (field: string, ...others: string[]) =>
    [...(invalid(field) ? [`${field}-error-${id}`] : []), ...others].join(" ") || undefined;
  return (
    <div className="flex w-full flex-col gap-3 text-left">
      <div>
        <label htmlFor={`reason-${id}`} className="label">
          {t("rejection.reasonLabel")}
        </label>
        <select
          id={`reason-${id}`}
          name="reason"
          className="input"
          required
          defaultValue={values.reason ?? ""}
          aria-invalid={invalid("reason")}
          aria-describedby={describedBy("reason")}
        >
          <option value="" disabled>
            {t("rejection.choose")}
          </option>
          {REJECTION_REASONS.map((reason) => (
            <option key={reason} value={reason}>
              {t(`rejection.reasons.${reason}`)}
            </option>
          ))}
        </select>
        <ErrorList id={`reason-error-${id}`} errors={errors.reason} />
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
          defaultValue={values.note ?? ""}
          aria-invalid={invalid("note")}
          aria-describedby={describedBy("note", `note-hint-${id}`)}
        />
        <ErrorList id={`note-error-${id}`} errors={errors.note} />
        <p id={`note-hint-${id}`} className="mt-1 text-xs text-muted-foreground">
          {t("rejection.noteHint")}
        </p>
      </div>
    </div>
  );
}
