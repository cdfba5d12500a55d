import { asc, eq } from "drizzle-orm";
import { db } from "#db/client";
import { faqEntries } from "#db/schema";
import type { Language } from "~/constants";

export interface FaqItem {
  key: string;
  question: string;
  answer: string;
}

/** The FAQ in one language, in the administrator's order. */
export async function listFaq(language: Language): Promise<FaqItem[]> {
  const rows = await db
    .select({ key: faqEntries.item_key, question: faqEntries.question, answer: faqEntries.answer })
    .from(faqEntries)
    .where(eq(faqEntries.language, language))
    .orderBy(asc(faqEntries.position), asc(faqEntries.item_key));
  return rows;
}
