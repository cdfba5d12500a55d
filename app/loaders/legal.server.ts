import type { LoaderFunctionArgs } from "@remix-run/node";
import { DEFAULT_LANGUAGE } from "~/constants";
import { getT, i18next, isLanguage } from "~/i18next.server";
import { getLegalPage, type LegalSlug } from "~/models/legal-pages.server";

/** The loader of /privacy, /terms and /cookies: the page in the reader's language. */
export async function legalLoader(slug: LegalSlug, { request }: LoaderFunctionArgs) {
  const locale = await i18next.getLocale(request);
  const [t, page] = await Promise.all([
    getT(request),
    getLegalPage(slug, isLanguage(locale) ? locale : DEFAULT_LANGUAGE),
  ]);
  const firstParagraph = page.body.split(/\n\s*\n/)[0] ?? "";
  return {
    meta: {
      title: t("meta.titleTemplate", { title: page.title }),
      description: firstParagraph.replace(/\s+/g, " ").slice(0, 160),
    },
    page,
  };
}
