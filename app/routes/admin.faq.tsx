import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { FaqAddForm } from "~/components/admin/faq/faq-add-form";
import { FaqItemCard, SAVE_FORM_ID } from "~/components/admin/faq/faq-item-card";
import { PendingButton } from "~/components/admin/pending-button";
import { EmptyState } from "~/components/section-error";
import { Toaster } from "~/components/toaster";
import { DEFAULT_LANGUAGE, LANGUAGES, type Language } from "~/constants";
import { HttpError } from "~/http/http.server";
import { errorsFor, type FormReply, formResult } from "~/lib/form-reply";
import { listFaq } from "~/models/faq.server";
import { addFaqItem, deleteFaqItem, isFaqLanguage, saveFaqEdits } from "~/models/faq-admin.server";
import { redirectWithToast } from "~/models/sessions.server";
import { adminAction } from "~/web/admin.server";
import { requireAdmin } from "~/web/auth.server";

/**
 * The FAQ tab (spec 02 §2): one language's items at a time (?language=mn|en, independent of the
 * interface language), each in read or edit mode (?edit=q3, repeatable: the same with and
 * without JavaScript). Adding and deleting save at once; edits only with "Save all changes".
 */
const languageOf = (value: string | null): Language =>
  isFaqLanguage(value) ? value : DEFAULT_LANGUAGE;

export async function loader({ request }: LoaderFunctionArgs) {
  await requireAdmin(request);
  const url = new URL(request.url);
  const language = languageOf(url.searchParams.get("language"));
  const items = await listFaq(language);
  const keys = new Set(items.map((i) => i.key));
  const editing = [...new Set(url.searchParams.getAll("edit"))].filter((k) => keys.has(k));
  return { language, items, editing };
}

export const handle = { i18n: ["common", "admin"] };

type Intent = "add" | "save";

/** A validation refusal: the page again with the field messages, the spec's toast and what was typed. */
function refused(intent: Intent, error: HttpError, values: Record<string, string>) {
  const body: FormReply<Intent> = {
    intent,
    result: formResult(values, error.fieldErrors),
    toast: { type: "error", title: "admin:faq.toast.validation", description: error.message },
  };
  // A plain Response: adminAction hands it back as it is (status 400, nothing lost).
  return Response.json(body, { status: 400 });
}

const text = (form: FormData, name: string) => String(form.get(name) ?? "");

export const action = (args: ActionFunctionArgs) =>
  adminAction(
    args,
    async ({ request, form, admin }) => {
      const language = form.get("language");
      switch (form.get("intent")) {
        case "add": {
          const values = { question: text(form, "question"), answer: text(form, "answer") };
          try {
            await addFaqItem(admin, language, values);
          } catch (error) {
            if (error instanceof HttpError && error.status === 400 && error.fieldErrors)
              return refused("add", error, values);
            throw error;
          }
          return { type: "success", title: "admin:faq.toast.added" };
        }
        case "delete":
          await deleteFaqItem(admin, language, form.get("id"));
          return { type: "success", title: "admin:faq.toast.deleted" };
        case "save": {
          const values: Record<string, string> = {};
          const questions: Record<string, string> = {};
          const answers: Record<string, string> = {};
          for (const [name, value] of form) {
            if (typeof value !== "string") continue;
            const [group, key] = name.split(".");
            if (!key) continue;
            if (group === "questions") questions[key] = value;
            else if (group === "answers") answers[key] = value;
            else continue;
            values[name] = value;
          }
          let changed: unknown[];
          try {
            changed = await saveFaqEdits(admin, language, { questions, answers });
          } catch (error) {
            if (error instanceof HttpError && error.status === 400 && error.fieldErrors)
              return refused("save", error, values);
            throw error;
          }
          // Saved: leave edit mode (the language stays).
          return redirectWithToast(request, `/admin/faq?language=${languageOf(String(language))}`, {
            type: changed.length ? "success" : "info",
            title: changed.length ? "admin:faq.toast.saved" : "admin:faq.toast.noChanges",
          });
        }
        default:
          throw new HttpError(400, "errors.validation");
      }
    },
    "admin:faq.toast.failed",
  );

export default function AdminFaq() {
  const { t } = useTranslation("admin");
  const { language, items, editing } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>() as FormReply<Intent> | undefined;
  const refusal = actionData && "intent" in actionData ? actionData : undefined;
  const typedIn = (intent: Intent) =>
    refusal?.intent === intent
      ? (refusal.result.initialValue as Record<string, string> | undefined)
      : undefined;

  const href = (lang: Language, edits: string[], anchor?: string) => {
    const params = new URLSearchParams({ language: lang });
    for (const key of edits) params.append("edit", key);
    return `?${params}${anchor ? `#${anchor}` : ""}`;
  };

  return (
    <section aria-labelledby="faq-admin-title" className="space-y-6">
      <Toaster toast={refusal?.toast} />
      <div className="flex flex-wrap items-end justify-between gap-4">
        <div className="max-w-2xl">
          <h2 id="faq-admin-title" className="text-xl font-semibold">
            {t("faq.title")}
          </h2>
          <p className="mt-1 text-sm text-muted-foreground">{t("faq.description")}</p>
        </div>
        <Link
          to={`/faq?lng=${language}`}
          className="text-sm font-medium text-primary hover:underline"
        >
          {t("faq.viewPublic")}
        </Link>
      </div>

      <nav aria-label={t("faq.languageLabel")} className="flex flex-wrap items-center gap-3">
        <span className="text-sm font-medium text-muted-foreground">{t("faq.languageLabel")}</span>
        <ul className="inline-flex rounded-xl border border-border bg-card p-1">
          {LANGUAGES.map((lang) => (
            <li key={lang}>
              <Link
                to={href(lang, [])}
                lang={lang}
                aria-current={lang === language ? "page" : undefined}
                className={`inline-block rounded-lg px-3 py-1.5 text-sm font-medium transition-colors ${
                  lang === language
                    ? "bg-primary text-primary-foreground"
                    : "text-muted-foreground hover:text-foreground"
                }`}
              >
                {t(`faq.languages.${lang}`)}
              </Link>
            </li>
          ))}
        </ul>
        <span className="text-sm text-muted-foreground">
          {t("faq.count", { count: items.length })}
        </span>
      </nav>

      {items.length === 0 ? (
        <EmptyState>{t("faq.empty")}</EmptyState>
      ) : (
        <ol className="space-y-3" lang={language}>
          {items.map((item) => {
            const isEditing = editing.includes(item.key);
            const a = `a${item.key.slice(1)}`;
            const saved = typedIn("save");
            const typed = saved
              ? { question: saved[`questions.${item.key}`], answer: saved[`answers.${a}`] }
              : undefined;
            return (
              <FaqItemCard
                key={`${language}-${item.key}`}
                item={item}
                language={language}
                editing={isEditing}
                editHref={href(language, [...editing, item.key], `faq-item-${item.key}`)}
                cancelHref={href(
                  language,
                  editing.filter((k) => k !== item.key),
                  `faq-item-${item.key}`,
                )}
                errors={errorsFor(refusal, "save")}
                values={typed}
              />
            );
          })}
        </ol>
      )}

      {editing.length > 0 ? (
        <Form
          id={SAVE_FORM_ID}
          method="post"
          noValidate
          preventScrollReset
          className="sticky bottom-3 z-10 flex flex-col gap-2 rounded-2xl border border-primary/30 bg-card p-3 shadow-lg sm:flex-row sm:items-center sm:justify-between sm:gap-3 sm:p-4"
        >
          <input type="hidden" name="language" value={language} />
          <p className="text-xs sm:text-sm" role="status">
            {t("faq.editing", { count: editing.length })}
          </p>
          <div className="flex items-center justify-end gap-2">
            <Link to={href(language, [])} className="btn-ghost px-3">
              {t("faq.discard")}
            </Link>
            <PendingButton intent="save">{t("faq.saveAll")}</PendingButton>
          </div>
        </Form>
      ) : null}

      <FaqAddForm
        key={`${language}-${items.length}`}
        language={language}
        errors={errorsFor(refusal, "add")}
        values={typedIn("add")}
      />
    </section>
  );
}
