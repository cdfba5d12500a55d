import { Link } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { ConfirmAction } from "~/components/admin/confirm-action";
import { ErrorList } from "~/components/forms";
import { PenIcon } from "~/components/icons";
import { TrashIcon } from "~/components/page-icons";

export const SAVE_FORM_ID = "faq-save-all";

export interface FaqItemData {
  key: string;
  question: string;
  answer: string;
}

/**
 * One FAQ item: read mode (question, answer, Edit, Delete), or edit mode with its two fields.
 * The fields belong to the page's one save-all form through the `form` attribute (the item's
 * own delete form sits in between, and forms cannot nest); that works without JavaScript too.
 */
export function FaqItemCard({
  item,
  language,
  editing,
  editHref,
  cancelHref,
  errors,
  values,
}: {
  item: FaqItemData;
  language: string;
  editing: boolean;
  editHref: string;
  cancelHref: string;
  errors?: Record<string, string[] | null> | null;
  values?: { question?: string; answer?: string };
}) {
  const { t } = useTranslation("admin");
  const answerKey = `a${item.key.slice(1)}`;
  const qField = `questions.${item.key}`;
  const aField = `answers.${answerKey}`;
  const qId = `faq-${language}-${item.key}-question`;
  const aId = `faq-${language}-${item.key}-answer`;
  const qErrors = errors?.[qField];
  const aErrors = errors?.[aField];

  return (
    <li
      id={`faq-item-${item.key}`}
      className={`card scroll-mt-24 p-4 sm:p-5 ${editing ? "ring-2 ring-primary/40" : ""}`}
      data-testid="faq-admin-item"
      data-key={item.key}
    >
      <div className="flex items-start gap-3">
        <span className="mt-0.5 shrink-0 rounded-md bg-secondary px-2 py-0.5 font-mono text-xs font-semibold text-secondary-foreground">
          {item.key}
        </span>
        {editing ? (
          <div className="min-w-0 flex-1 space-y-3">
            <div>
              <label htmlFor={qId} className="label">
                {t("faq.question")}
              </label>
              <input
                id={qId}
                name={qField}
                form={SAVE_FORM_ID}
                className="input"
                defaultValue={values?.question ?? item.question}
                maxLength={300}
                aria-required="true"
                aria-invalid={qErrors?.length ? true : undefined}
                aria-describedby={qErrors?.length ? `${qId}-error` : undefined}
              />
              <ErrorList id={`${qId}-error`} errors={qErrors} />
            </div>
            <div>
              <label htmlFor={aId} className="label">
                {t("faq.answer")}
              </label>
              <textarea
                id={aId}
                name={aField}
                form={SAVE_FORM_ID}
                className="input min-h-32 leading-relaxed"
                rows={5}
                defaultValue={values?.answer ?? item.answer}
                maxLength={4000}
                aria-required="true"
                aria-invalid={aErrors?.length ? true : undefined}
                aria-describedby={[aErrors?.length ? `${aId}-error` : null, `${aId}-hint`]
                  .filter(Boolean)
                  .join(" ")}
              />
              <p id={`${aId}-hint`} className="mt-1.5 text-xs text-muted-foreground">
                {t("faq.answerHint")}
              </p>
              <ErrorList id={`${aId}-error`} errors={aErrors} />
            </div>
          </div>
        ) : (
          <div className="min-w-0 flex-1">
            <p className="break-words font-semibold">{item.question}</p>
            <p className="mt-1 line-clamp-3 whitespace-pre-line break-words text-sm leading-relaxed text-muted-foreground">
              {item.answer}
            </p>
          </div>
        )}
      </div>
      <div className="mt-3 flex flex-wrap justify-end gap-2">
        {editing ? (
          <Link to={cancelHref} className="btn-ghost" preventScrollReset>
            {t("faq.cancelEdit")}
          </Link>
        ) : (
          <Link
            to={editHref}
            className="btn-outline"
            preventScrollReset
            aria-label={t("faq.editItem", { key: item.key })}
          >
            <PenIcon width={16} height={16} />
            {t("faq.edit")}
          </Link>
        )}
        <ConfirmAction
          intent="delete"
          id={item.key}
          fields={{ language }}
          label={t("faq.delete")}
          question={t("faq.deleteQuestion")}
          confirmLabel={t("faq.deleteConfirm")}
          icon={<TrashIcon width={16} height={16} />}
        />
      </div>
    </li>
  );
}
