import { and, eq } from "drizzle-orm";
import { db } from "#db/client";
import { LEGAL_SLUGS, type LegalSlug, legalPages } from "#db/schema";
import type { Language } from "~/constants";
import { HttpError, parseOrThrow } from "~/http/http.server";
import { type Actor, auditEntry } from "~/models/audit.server";
import { LegalPageSchema } from "~/schemas/legal";

/**
 * The privacy policy, terms of use and cookie policy (issue 16): one text per page and language,
 * read by the public pages and edited by administrators at /admin/pages, through here only.
 */

export { LEGAL_SLUGS, type LegalSlug };

export const isLegalSlug = (value: unknown): value is LegalSlug =>
  (LEGAL_SLUGS as readonly unknown[]).includes(value);

export interface LegalPage {
  slug: LegalSlug;
  language: Language;
  title: string;
  body: string;
  updated_at: string;
}

export async function getLegalPage(slug: LegalSlug, language: Language): Promise<LegalPage> {
  const page = await db.query.legalPages.findFirst({
    where: and(eq(legalPages.slug, slug), eq(legalPages.language, language)),
    columns: { slug: true, language: true, title: true, body: true, updated_at: true },
  });
  // The seed writes every page in both languages; a missing one is a broken install.
  if (!page) throw new HttpError(404, "errors.pageNotFound");
  return page;
}

/** Saves a page's new title and text; the activity log keeps what it was and what it became. */
export async function updateLegalPage(
  admin: Actor,
  slug: LegalSlug,
  language: Language,
  input: unknown,
): Promise<LegalPage> {
  const { title, body } = parseOrThrow(LegalPageSchema, input);
  const before = await getLegalPage(slug, language);
  if (before.title === title && before.body === body) return before;
  const updated_at = new Date().toISOString();
  await db.batch([
    db
      .update(legalPages)
      .set({ title, body, updated_at, updated_by: admin.id })
      .where(and(eq(legalPages.slug, slug), eq(legalPages.language, language))),
    auditEntry(admin, "legal.update", "legal_page", `${slug}:${language}`, {
      page: slug,
      language,
      before: { title: before.title, body: before.body },
      after: { title, body },
    }),
  ]);
  return { slug, language, title, body, updated_at };
}
