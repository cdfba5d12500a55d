import { Form } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { PendingButton } from "~/components/admin/pending-button";
import { ErrorList } from "~/components/forms";

/** "Add a question": saved at once (spec 02 §2); both fields required after trimming. */
export function FaqAddForm({
  language,
  errors,
  values,
}: {
  language: string;
  errors?: Record<string, string[] | null> | null;
  values?: { question?: string; answer?: string };
}) {
  const { t } = useTranslation("admin");
  const qErrors = errors?.question;
  const aErrors = errors?.answer;
  return (
    <Form
      method="post"
      noValidate
      className="card space-y-4 p-4 sm:p-6"
      aria-labelledby="faq-add-title"
      preventScrollReset
    >
      <div>
        <h3 id="faq-add-title" className="text-lg font-semibold">
          {t("faq.add.title")}
        </h3>
        <p className="text-sm text-muted-foreground">{t("faq.add.hint")}</p>
      </div>
      <input type="hidden" name="language" value={language} />
      <div>
        <label htmlFor="faq-add-question" className="label">
          {t("faq.question")}
        </label>
        <input
          id="faq-add-question"
          name="question"
          className="input"
          defaultValue={values?.question ?? ""}
          maxLength={300}
          aria-required="true"
          aria-invalid={qErrors?.length ? true : undefined}
          aria-describedby={qErrors?.length ? "faq-add-question-error" : undefined}
        />
        <ErrorList id="faq-add-question-error" errors={qErrors} />
      </div>
      <div>
        <label htmlFor="faq-add-answer" className="label">
          {t("faq.answer")}
        </label>
        <textarea
          id="faq-add-answer"
          name="answer"
          className="input min-h-28 leading-relaxed"
          rows={4}
          defaultValue={values?.answer ?? ""}
          maxLength={4000}
          aria-required="true"
          aria-invalid={aErrors?.length ? true : undefined}
          aria-describedby={aErrors?.length ? "faq-add-answer-error" : undefined}
        />
        <ErrorList id="faq-add-answer-error" errors={aErrors} />
      </div>
      <div className="flex justify-end">
        <PendingButton intent="add">{t("faq.add.submit")}</PendingButton>
      </div>
    </Form>
  );
}
