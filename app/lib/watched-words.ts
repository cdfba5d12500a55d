/**
 * Watched words (issue 18, decision 029): a story or comment that contains one waits for an
 * administrator. Spammers write around a list — Latin letters that look Cyrillic («кaзинo» with a
 * Latin a and o), digits for letters («3»), dots or zero-width spaces inside a word, capitals — so
 * the text and the words are both folded to one spelling before they are compared.
 */

/** Latin letters and digits that look like a Cyrillic letter (in either case), and its letter. */
const LOOK_ALIKES: Record<string, string> = {
  a: "а",
  b: "в",
  c: "с",
  e: "е",
  h: "н",
  k: "к",
  m: "м",
  o: "о",
  p: "р",
  t: "т",
  x: "х",
  y: "у",
  "0": "о",
  "3": "з",
  // Mongolian letters typed without their marks on a phone, or with look-alikes.
  ö: "о",
  ө: "о",
  ü: "у",
  ү: "у",
  ё: "е",
  θ: "о",
};

const INVISIBLE = /[\u00AD\u200B-\u200F\u2060\uFEFF]/g;

/** One spelling for comparing: lower case, look-alikes folded, words separated by single spaces. */
export function foldForWatch(text: string): string {
  const lower = text.normalize("NFKC").replace(INVISIBLE, "").toLowerCase();
  let folded = "";
  for (const ch of lower) folded += LOOK_ALIKES[ch] ?? ch;
  // Letters split by dots, dashes or underscores («к.а.з.и.н.о») are joined again.
  return folded
    .replace(/(?<=\p{L})[._\-*]+(?=\p{L})/gu, "")
    .replace(/[^\p{L}\p{N}]+/gu, " ")
    .trim();
}

/**
 * The first watched word found in the texts, as the administrator wrote it, or null. A word
 * matches at the start of a word of the text, so Mongolian endings are caught too («казиногийн»
 * for «казино»); a phrase matches as a phrase.
 */
export function findWatchedWord(texts: string[], words: readonly string[]): string | null {
  if (!words.length) return null;
  const haystack = ` ${texts.map(foldForWatch).join(" ")}`;
  for (const word of words) {
    const needle = foldForWatch(word);
    if (needle && haystack.includes(` ${needle}`)) return word;
  }
  return null;
}

/** The admin's list as typed (one per line or comma): trimmed, without blanks or repeats. */
export function parseWatchedWords(input: string): string[] {
  const seen = new Set<string>();
  const words: string[] = [];
  for (const raw of input.split(/[\n,]/)) {
    const word = raw.trim().replace(/\s+/g, " ");
    const key = foldForWatch(word);
    if (!key || seen.has(key)) continue;
    seen.add(key);
    words.push(word);
  }
  return words;
}
