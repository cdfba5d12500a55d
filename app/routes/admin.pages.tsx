import { getFormProps, getInputProps, getTextareaProps, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod";
import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { FilterLinks } from "~/components/admin/stories/filter-links";
import { ErrorList, StatusButton } from "~/components/forms";
import { Toaster } from "~/components/toaster";
import {
  DEFAULT_LANGUAGE,
  LANGUAGES,
  type Language,
  LEGAL_SLUGS,
  type LegalSlug,
} from "~/constants";
import { HttpError } from "~/http/http.server";
import { isLanguage } from "~/i18next.server";
import type { FormReply } from "~/lib/form-reply";
import { formatDateTime } from "~/lib/format";
import { getLegalPage, isLegalSlug, updateLegalPage } from "~/models/legal-pages.server";
import { redirectWithToast } from "~/models/sessions.server";
import { LEGAL_LIMITS, LegalPageSchema } from "~/schemas/legal";
import { adminAction } from "~/web/admin.server";
import { requireAdmin } from "~/web/auth.server";

/**
 * The pages tab (issue 16): the privacy policy, terms of use and cookie policy, one page and one
 * language at a time (?page=privacy&language=mn, independent of the interface language), edited
 * as plain text like the FAQ. Saving goes through legal-pages.server.ts, which keeps the old text
 * in the activity log.
 */
const pageOf = (value: unknown): LegalSlug => (isLegalSlug(value) ? value : "privacy");
const languageOf = (value: unknown): Language =>
  isLanguage(value) ? (value as Language) : DEFAULT_LANGUAGE;

export async function loader({ request }: LoaderFunctionArgs) {
  await requireAdmin(request);
  const url = new URL(request.url);
  const slug = pageOf(url.searchParams.get("page"));
  const language = languageOf(url.searchParams.get("language"));
  return { slug, language, page: await getLegalPage(slug, language) };
}

export const handle = { i18n: ["common", "admin"] };

export const action = (args: ActionFunctionArgs) =>
  adminAction(
    args,
    async ({ request, form, admin }) => {
      const slug = pageOf(form.get("page"));
      const language = languageOf(form.get("language"));
      const submission = parseWithZod(form, { schema: LegalPageSchema });
      try {
        await updateLegalPage(admin, slug, language, submission.payload);
      } catch (error) {
        if (!(error instanceof HttpError) || error.status !== 400) throw error;
        // A plain Response: adminAction hands it back as it is (400, what was typed kept).
        return Response.json(
          {
            result: submission.reply({ fieldErrors: error.fieldErrors ?? {} }),
            toast: {
              type: "error" as const,
              title: "admin:pages.toast.invalid",
              description: error.message,
            },
          },
          { status: 400 },
        );
      }
      return redirectWithToast(request, `/admin/pages?page=${slug}&language=${language}`, {
        type: "success",
        title: "admin:pages.toast.saved",
      });
    },
    "admin:pages.toast.failed",
  );

export default function AdminPages() {
  const { t, i18n } = useTranslation("admin");
  const { slug, language, page } = useLoaderData<typeof loader>();
  const refusal = useActionData<typeof action>() as FormReply | undefined;
  const navigation = useNavigation();
  const [form, fields] = useForm({
    id: `legal-${slug}-${language}`,
    lastResult: refusal?.result,
    defaultValue: { title: page.title, body: page.body },
    onValidate: ({ formData }) => parseWithZod(formData, { schema: LegalPageSchema }),
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
  });
  const href = (to: { page?: LegalSlug; language?: Language }) =>
    `?${new URLSearchParams({ page: to.page ?? slug, language: to.language ?? language })}`;
  const pending = navigation.state === "submitting";

  return (
    <section aria-labelledby="pages-admin-title" className="space-y-6">
      <Toaster toast={refusal?.toast} />
      <div className="flex flex-wrap items-end justify-between gap-4">
        <div className="max-w-2xl">
          <h2 id="pages-admin-title" className="text-xl font-semibold">
            {t("pages.title")}
          </h2>
          <p className="mt-1 text-sm text-muted-foreground">{t("pages.description")}</p>
        </div>
        <Link
          to={`/${slug}?lng=${language}`}
          className="text-sm font-medium text-primary hover:underline"
        >
          {t("pages.viewPublic")}
        </Link>
      </div>

      <div className="flex flex-wrap items-center gap-3">
        <FilterLinks
          label={t("pages.pageLabel")}
          options={LEGAL_SLUGS.map((s) => ({
            value: s,
            label: t(`common:footer.legal.${s}`),
            href: href({ page: s }),
            active: s === slug,
          }))}
        />
        <FilterLinks
          label={t("faq.languageLabel")}
          options={LANGUAGES.map((lang) => ({
            value: lang,
            label: t(`faq.languages.${lang}`),
            href: href({ language: lang }),
            active: lang === language,
          }))}
        />
      </div>

      <Form
        method="post"
        {...getFormProps(form)}
        noValidate
        className="card space-y-5 p-5 sm:p-6"
        lang={language}
      >
        <input type="hidden" name="page" value={slug} />
        <input type="hidden" name="language" value={language} />
        <div>
          <label htmlFor={fields.title.id} className="label">
            {t("pages.fields.title")}
          </label>
          <input
            {...getInputProps(fields.title, { type: "text" })}
            key={fields.title.key}
            maxLength={LEGAL_LIMITS.titleMax}
            className="input"
          />
          <ErrorList id={fields.title.errorId} errors={fields.title.errors} />
        </div>
        <div>
          <label htmlFor={fields.body.id} className="label">
            {t("pages.fields.body")}
          </label>
          <textarea
            {...getTextareaProps(fields.body, { ariaDescribedBy: `${fields.body.id}-hint` })}
            key={fields.body.key}
            rows={22}
            maxLength={LEGAL_LIMITS.bodyMax}
            className="input min-h-[24rem] resize-y font-mono text-sm leading-relaxed"
          />
          <p id={`${fields.body.id}-hint`} className="mt-1.5 text-xs text-muted-foreground">
            {t("pages.fields.bodyHint")}
          </p>
          <ErrorList id={fields.body.errorId} errors={fields.body.errors} />
        </div>
        <div className="flex flex-wrap items-center justify-between gap-3">
          <p className="text-xs text-muted-foreground">
            {t("pages.updated", { date: formatDateTime(page.updated_at, i18n.language) })}
          </p>
          <StatusButton pending={pending} className="btn-primary">
            {t("pages.save")}
          </StatusButton>
        </div>
      </Form>
    </section>
  );
}
