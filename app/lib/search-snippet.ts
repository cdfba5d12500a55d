import { searchKey } from "~/lib/search-key";

/** A piece of text, marked when it is a word the search matched. */
export interface TextPart {
  text: string;
  match: boolean;
}

const WORD = /([\p{L}\p{N}]+)/u;

// The search spelling of single words, kept: a page of results reads the same few thousand
// words again and again. Emptied when full, so it stays small.
const KEYS = new Map<string, string>();
const KEYS_MAX = 50_000;
function wordKey(word: string) {
  let key = KEYS.get(word);
  if (key === undefined) {
    if (KEYS.size >= KEYS_MAX) KEYS.clear();
    key = searchKey(word);
    KEYS.set(word, key);
  }
  return key;
}

/** Whether a word of the text is one the query's terms find (a term begins its search spelling). */
function matches(word: string, terms: string[]) {
  const key = wordKey(word);
  return key !== "" && terms.some((term) => key.startsWith(term));
}

/** The text in parts, its matching words marked, neighbours of one kind joined. */
export function highlight(text: string, terms: string[]): TextPart[] {
  const parts: TextPart[] = [];
  for (const piece of text.split(WORD)) {
    if (!piece) continue;
    const match = WORD.test(piece) && matches(piece, terms);
    const last = parts.at(-1);
    if (last && last.match === match) last.text += piece;
    else parts.push({ text: piece, match });
  }
  return parts;
}

/**
 * About `words` words of a long text around its first match (its start when the match was in
 * the title or the author's name), with "…" where it was cut, the matches marked.
 */
export function snippet(text: string, terms: string[], words = 30): TextPart[] {
  const pieces = text.replace(/\s+/g, " ").trim().split(WORD);
  // Word i of the text is pieces[2i + 1].
  const count = Math.floor(pieces.length / 2);
  let first = 0;
  for (let i = 0; i < count; i++) {
    if (matches(pieces[2 * i + 1]!, terms)) {
      first = i;
      break;
    }
  }
  const start = Math.max(0, first - Math.floor(words / 3));
  const end = Math.min(count, start + words);
  let cut = pieces.slice(2 * start + 1, 2 * end).join("");
  if (start > 0) cut = `…${cut}`;
  if (end < count) cut = `${cut}…`;
  return highlight(cut, terms);
}
