import { and, eq, inArray } from "drizzle-orm";
import { db } from "#db/client";
import { faqEntries } from "#db/schema";
import { LANGUAGES, type Language } from "~/constants";
import { HttpError } from "~/http/http.server";
import { type Actor, auditEntry } from "~/models/audit.server";
import { type FaqItem, listFaq } from "~/models/faq.server";
import { z } from "~/schemas/zod";

/**
 * Editing the FAQ (spec 02 §2 FAQ tab, §7 POST /api/translations/faq). Each language has its own
 * set of items q1…qN (the answer of qN is the spec's aN); the admin tab and the /api both write
 * through here, so "question and answer required after trimming" is enforced once.
 */

export const FAQ_LIMITS = { maxItems: 30, questionMax: 300, answerMax: 4000 } as const;

const REQUIRED = "admin:faq.errors.required";
const KEY = /^q([1-9]\d{0,2})$/;

export function isFaqLanguage(value: unknown): value is Language {
  return (LANGUAGES as readonly unknown[]).includes(value);
}

export const faqKeyNumber = (key: string) => Number(KEY.exec(key)?.[1] ?? Number.NaN);
export const answerKey = (key: string) => `a${key.slice(1)}`;

export type FaqFieldErrors = Record<string, string[]>;

/**
 * Checks one item's texts. Field errors are keyed `questions.qN` / `answers.aN`, the names of
 * the form's fields and of the /api payload alike.
 */
function checkTexts(key: string, question: unknown, answer: unknown, errors: FaqFieldErrors) {
  const q = typeof question === "string" ? question.trim() : "";
  const a = typeof answer === "string" ? answer.trim() : "";
  const qField = `questions.${key}`;
  const aField = `answers.${answerKey(key)}`;
  if (!q) errors[qField] = [REQUIRED];
  else if (q.length > FAQ_LIMITS.questionMax) errors[qField] = ["admin:faq.errors.questionTooLong"];
  if (!a) errors[aField] = [REQUIRED];
  else if (a.length > FAQ_LIMITS.answerMax) errors[aField] = ["admin:faq.errors.answerTooLong"];
  return { key, question: q, answer: a };
}

function refuse(errors: FaqFieldErrors) {
  if (Object.keys(errors).length === 0) return;
  const onlyRequired = Object.values(errors).every((list) => list.every((m) => m === REQUIRED));
  throw new HttpError(
    400,
    onlyRequired ? "admin:faq.errors.requiredFields" : "admin:faq.errors.invalid",
    errors,
  );
}

function language(value: unknown): Language {
  if (!isFaqLanguage(value))
    throw new HttpError(400, "admin:faq.errors.language", {
      language: ["admin:faq.errors.language"],
    });
  return value;
}

const summary = (items: FaqItem[]) => items.map((i) => ({ key: i.key, question: i.question }));

/** Adds an item at the end (saved at once): the next free number, never one used before in the list. */
export async function addFaqItem(
  actor: Actor,
  lang: unknown,
  input: { question: unknown; answer: unknown },
): Promise<FaqItem> {
  const lng = language(lang);
  const current = await listFaq(lng);
  const nextNumber = Math.max(0, ...current.map((i) => faqKeyNumber(i.key) || 0)) + 1;
  const key = `q${nextNumber}`;
  const errors: FaqFieldErrors = {};
  const item = checkTexts(key, input.question, input.answer, errors);
  // The form's add fields are not numbered: report them under their own names.
  const renamed: FaqFieldErrors = {};
  for (const [field, messages] of Object.entries(errors))
    renamed[field.startsWith("questions.") ? "question" : "answer"] = messages;
  refuse(renamed);
  if (current.length >= FAQ_LIMITS.maxItems || nextNumber > 999)
    throw new HttpError(409, "admin:faq.errors.tooMany");
  const position = current.length;
  try {
    await db.batch([
      db.insert(faqEntries).values({ language: lng, item_key: key, ...item, position }),
      auditEntry(actor, "faq.add", "faq", `${lng}:${key}`, {
        language: lng,
        key,
        question: item.question,
      }),
    ]);
  } catch (error) {
    // Two administrators adding at the same moment: the unique (language, key) index refuses one.
    if (String(error).includes("UNIQUE")) throw new HttpError(409, "admin:faq.errors.conflict");
    throw error;
  }
  return item;
}

/** Deletes an item (after the screen's confirmation), audited with what it said. */
export async function deleteFaqItem(actor: Actor, lang: unknown, key: unknown) {
  const lng = language(lang);
  const item =
    typeof key === "string"
      ? await db.query.faqEntries.findFirst({
          where: and(eq(faqEntries.language, lng), eq(faqEntries.item_key, key)),
        })
      : undefined;
  if (!item) throw new HttpError(404, "admin:faq.errors.notFound");
  await db.batch([
    db.delete(faqEntries).where(eq(faqEntries.id, item.id)),
    auditEntry(actor, "faq.delete", "faq", `${lng}:${item.item_key}`, {
      language: lng,
      key: item.item_key,
      question: item.question,
      answer: item.answer,
    }),
  ]);
}

export interface FaqTranslations {
  questions: Record<string, unknown>;
  answers: Record<string, unknown>;
}

/**
 * Saves the edited items of one language (the tab's save-all button): only the items sent, each
 * of which must still exist. Nothing is saved unless every edited item is valid.
 */
export async function saveFaqEdits(actor: Actor, lang: unknown, edits: FaqTranslations) {
  const lng = language(lang);
  const keys = Object.keys(edits.questions);
  if (keys.length === 0) return [];
  const errors: FaqFieldErrors = {};
  const items = keys.map((key) =>
    checkTexts(key, edits.questions[key], edits.answers[answerKey(key)], errors),
  );
  refuse(errors);
  const existing = await db.query.faqEntries.findMany({
    where: and(eq(faqEntries.language, lng), inArray(faqEntries.item_key, keys)),
  });
  if (existing.length !== keys.length) throw new HttpError(404, "admin:faq.errors.notFound");
  const byKey = new Map(existing.map((row) => [row.item_key, row]));
  const changed = items.filter((item) => {
    const row = byKey.get(item.key);
    return row && (row.question !== item.question || row.answer !== item.answer);
  });
  if (changed.length === 0) return [];
  const now = new Date().toISOString();
  await db.batch([
    auditEntry(actor, "faq.update", "faq", lng, {
      language: lng,
      before: changed.map((item) => {
        const row = byKey.get(item.key)!;
        return { key: item.key, question: row.question, answer: row.answer };
      }),
      after: changed,
    }),
    ...changed.map((item) =>
      db
        .update(faqEntries)
        .set({ question: item.question, answer: item.answer, updated_at: now })
        .where(and(eq(faqEntries.language, lng), eq(faqEntries.item_key, item.key))),
    ),
  ]);
  return changed;
}

const TranslationsPayload = z.object({
  language: z.unknown(),
  translations: z.object(
    {
      questions: z.record(z.unknown(), { invalid_type_error: "admin:faq.errors.payload" }),
      answers: z.record(z.unknown(), { invalid_type_error: "admin:faq.errors.payload" }),
    },
    {
      required_error: "admin:faq.errors.payload",
      invalid_type_error: "admin:faq.errors.payload",
    },
  ),
});

/**
 * POST /api/translations/faq: replaces one language's whole set with `{ questions: {q1…},
 * answers: {a1…} }`, ordered by number, in one transaction with its audit row. Every question
 * needs its answer and every answer its question.
 */
export async function replaceFaq(actor: Actor, body: unknown) {
  const parsed = TranslationsPayload.safeParse(body);
  if (!parsed.success)
    throw new HttpError(400, "admin:faq.errors.payload", {
      translations: ["admin:faq.errors.payload"],
    });
  const lng = language(parsed.data.language);
  const { questions, answers } = parsed.data.translations;
  const errors: FaqFieldErrors = {};
  const keys = Object.keys(questions);
  for (const key of keys) if (!KEY.test(key)) errors[`questions.${key}`] = ["admin:faq.errors.key"];
  for (const key of Object.keys(answers)) {
    if (!/^a[1-9]\d{0,2}$/.test(key)) errors[`answers.${key}`] = ["admin:faq.errors.key"];
    else if (!(`q${key.slice(1)}` in questions)) errors[`questions.q${key.slice(1)}`] = [REQUIRED];
  }
  refuse(errors);
  if (keys.length > FAQ_LIMITS.maxItems)
    throw new HttpError(400, "admin:faq.errors.tooMany", {
      translations: ["admin:faq.errors.tooMany"],
    });
  const items = keys
    .sort((a, b) => faqKeyNumber(a) - faqKeyNumber(b))
    .map((key) => checkTexts(key, questions[key], answers[answerKey(key)], errors));
  refuse(errors);
  const before = await listFaq(lng);
  await db.batch([
    db.delete(faqEntries).where(eq(faqEntries.language, lng)),
    ...items.map((item, position) =>
      db.insert(faqEntries).values({ language: lng, item_key: item.key, ...item, position }),
    ),
    auditEntry(actor, "faq.replace", "faq", lng, {
      language: lng,
      before: summary(before),
      after: summary(items),
    }),
  ]);
  return { language: lng, translations: faqTranslations(items) };
}

/** The /api shape of a language's FAQ: `{ questions: {q1…}, answers: {a1…} }`. */
export function faqTranslations(items: FaqItem[]) {
  return {
    questions: Object.fromEntries(items.map((i) => [i.key, i.question])),
    answers: Object.fromEntries(items.map((i) => [answerKey(i.key), i.answer])),
  };
}
