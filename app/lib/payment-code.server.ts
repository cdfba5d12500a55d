import { randomInt } from "node:crypto";

/**
 * Payment codes: what a payer writes in the bank transfer's description so the statement line
 * can be matched (docs/decisions/013). One letter and six digits. The letter tells what the money
 * is for and looks the same in Latin and Cyrillic, so a payer typing on either keyboard writes
 * something we read back: X (Хандив) a pledge to a pool, C (Сайт) a donation to the site, T
 * (Түүх) a story payment, M (Сар бүр) a monthly donor's own code for their standing order (issue
 * 43: one per monthly gift, never given again). Story payments keep the spec's bare six-digit
 * reference; "T" before it is accepted too.
 */

export type CodeKind = "pool" | "general" | "story" | "monthly";

export const CODE_PREFIX: Record<CodeKind, string> = {
  pool: "X",
  general: "C",
  story: "T",
  monthly: "M",
};
const KIND_OF_PREFIX: Record<string, CodeKind> = {
  X: "pool",
  C: "general",
  T: "story",
  M: "monthly",
};

/** A fresh random code of a kind, e.g. "X482913". Uniqueness is the database's unique index. */
export function newPaymentCode(kind: "pool" | "general" | "monthly"): string {
  return `${CODE_PREFIX[kind]}${randomInt(100_000, 1_000_000)}`;
}

/** Spec 02 §9: a story's payment reference, six random digits, 100000 to 999999. */
export function newStoryReference(): string {
  return String(randomInt(100_000, 1_000_000));
}

/** Cyrillic letters that look like (or are typed for) the Latin ones in codes. */
const LOOK_ALIKES: Record<string, string> = {
  А: "A",
  В: "B",
  Е: "E",
  К: "K",
  М: "M",
  Н: "H",
  О: "O",
  Р: "P",
  С: "C",
  Т: "T",
  Х: "X",
  У: "Y",
};

/** Upper case, Cyrillic look-alikes as Latin, so "х-482913" and "X482913" read the same. */
export function foldForMatching(text: string): string {
  return [...text.normalize("NFKC").toUpperCase()].map((c) => LOOK_ALIKES[c] ?? c).join("");
}

/** A code the payer may have written, read back in canonical form ("X482913"), or null. */
export function canonicalCode(value: unknown, kind?: CodeKind): string | null {
  if (typeof value !== "string") return null;
  const match = /^\s*([XCTM])[\s\-_.:#№]*(\d{6})\s*$/.exec(foldForMatching(value));
  if (!match) return null;
  if (kind && KIND_OF_PREFIX[match[1]!] !== kind) return null;
  return `${match[1]}${match[2]}`;
}

export interface FoundCode {
  kind: CodeKind;
  code: string;
}

/**
 * The codes in a transfer description: prefixed codes of every kind, and bare six-digit numbers
 * (the spec's story reference), each once. Longer digit runs (accounts, phone numbers) are not
 * read as codes.
 */
export function findCodes(description: string): { codes: FoundCode[]; bare: string[] } {
  const text = foldForMatching(description);
  const codes = new Map<string, FoundCode>();
  const prefixed = /(?<![A-Z0-9])([XCTM])[\s\-_.:#№]*(\d{6})(?!\d)/g;
  for (const m of text.matchAll(prefixed)) {
    const code = `${m[1]}${m[2]}`;
    codes.set(code, { kind: KIND_OF_PREFIX[m[1]!]!, code });
  }
  const bare = new Set<string>();
  const rest = text.replace(prefixed, " ");
  for (const m of rest.matchAll(/(?<![A-Z0-9])(\d{6})(?!\d)/g)) bare.add(m[1]!);
  return { codes: [...codes.values()], bare: [...bare] };
}
