import { Link, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { LegalText } from "~/components/legal-text";
import { LEGAL_SLUGS } from "~/constants";
import { formatDate } from "~/lib/format";
import type { legalLoader } from "~/loaders/legal.server";

/** /privacy, /terms and /cookies: the page's text, when it last changed, and the other two. */
export function LegalPageView() {
  const { t, i18n } = useTranslation();
  const { page } = useLoaderData<typeof legalLoader>();
  return (
    <div className="container max-w-3xl py-10 sm:py-14">
      <article aria-labelledby="legal-title">
        <h1 id="legal-title" className="text-3xl font-bold tracking-tight sm:text-4xl">
          {page.title}
        </h1>
        <p className="mt-2 text-sm text-muted-foreground" data-testid="legal-updated">
          {t("legal.updated", { date: formatDate(page.updated_at, i18n.language) })}
        </p>
        <div className="card mt-8 p-6 sm:p-8">
          <LegalText body={page.body} />
        </div>
      </article>
      <nav aria-label={t("legal.others")} className="mt-8 flex flex-wrap gap-3 text-sm">
        {LEGAL_SLUGS.filter((slug) => slug !== page.slug).map((slug) => (
          <Link key={slug} to={`/${slug}`} className="btn-outline">
            {t(`footer.legal.${slug}`)}
          </Link>
        ))}
      </nav>
    </div>
  );
}
