/**
 * One spelling for search (issue 19; docs/specification.md, design note §10): the text is
 * indexed and the query is read through the same function, so the ways Mongolians type one word
 * meet.
 *
 * - Cyrillic is written in Latin letters ("translit"): улаанбаатар → ulaanbaatar. The table
 *   follows the Mongolian national standard for romanisation (MNS 5217:2012, the one on
 *   passports) where people follow it, and the informal chat spelling where they do not:
 *   х is typed "h" far more than "kh", ж "j", ц "ts" or "c".
 * - ө and ү lose their marks on a phone (о, у), and in Latin they are typed o, u, ö, ü: all four
 *   vowels о, ө, у, ү and their Latin spellings are one letter here ("uvgun", "övgön", "овгон"
 *   and «өвгөн» meet). So are и, й, ы, and е, э.
 * - Long vowels and doubled letters are typed single as often as double: a run of one letter
 *   counts once (bayarlalaa, bayarlala).
 * - Case, accents and invisible characters never matter.
 *
 * Sources: MNS 5217:2012 (Mongolian Agency for Standardization and Metrology); the informal
 * spellings are those of the examples and of Mongolian Facebook and forum posts.
 */

const CYRILLIC: Record<string, string> = {
  а: "a",
  б: "b",
  в: "v",
  г: "g",
  д: "d",
  е: "e",
  ё: "yo",
  ж: "j",
  з: "z",
  и: "i",
  й: "i",
  к: "k",
  л: "l",
  м: "m",
  н: "n",
  о: "u",
  ө: "u",
  п: "p",
  р: "r",
  с: "s",
  т: "t",
  у: "u",
  ү: "u",
  ф: "f",
  х: "h",
  ц: "ts",
  ч: "ch",
  ш: "sh",
  щ: "sh",
  ъ: "",
  ы: "i",
  ь: "",
  э: "e",
  ю: "yu",
  я: "ya",
};

/** Latin spellings of one sound, most specific first. */
const LATIN: [RegExp, string][] = [
  [/kh/g, "h"],
  [/zh/g, "j"],
  [/ts|c(?!h)/g, "ts"],
  [/ye/g, "e"],
  [/[oöü]/g, "u"],
  [/w/g, "v"],
  [/x/g, "h"],
  [/q/g, "k"],
];

const INVISIBLE = /[\u00AD\u200B-\u200F\u2060\uFEFF]/g;

/** The search spelling of a text: words of Latin letters and digits, separated by single spaces. */
export function searchKey(text: string): string {
  const lower = text.normalize("NFKC").replace(INVISIBLE, "").toLowerCase();
  let latin = "";
  for (const ch of lower) latin += CYRILLIC[ch] ?? ch;
  // Accents other than ö and ü (handled above) go: é → e.
  latin = latin.replace(/[öü]/g, "u").normalize("NFD").replace(/\p{M}/gu, "");
  for (const [pattern, to] of LATIN) latin = latin.replace(pattern, to);
  return latin
    .replace(/[^a-z0-9]+/g, " ")
    .replace(/([a-z])\1+/g, "$1")
    .trim();
}

/** The words of a query, in the search spelling, without repeats. */
export function searchTerms(query: string): string[] {
  return [...new Set(searchKey(query).split(" ").filter(Boolean))];
}
