/**
 * A name or title that is one line (decision 051): what people typed, minus what only hides or
 * rearranges text. Line breaks (and tabs) become a space, so a name pasted across two lines keeps
 * its two words; control characters (C0, DEL, C1) and bidi controls go, since an override can make
 * "gnp.exe" read as "exe.png" in a mail or a receipt, a line break can forge a line of a mail's
 * text and a NUL cuts the value short in SQLite; then NFC, so one letter is stored one way
 * however it was typed (е + ◌̈ is ё). Runs of spaces become one, and the ends are trimmed.
 *
 * The schemas apply it to what is accepted (app/schemas/single-line.ts); the readers that put
 * names into mail text, the ledger CSV and the receipt apply it again, so rows stored before the
 * rule are just as safe. Not .server: the forms run the schemas in the browser too.
 */
export function singleLine(text: string): string {
  let kept = "";
  for (const char of text) {
    const code = char.codePointAt(0)!;
    if (isLineBreak(code)) kept += " ";
    else if (!isControl(code) && !isBidiControl(code)) kept += char;
  }
  return kept.normalize("NFC").replace(/\s+/g, " ").trim();
}

/** Tab, LF, VT, FF, CR, NEL and the Unicode line and paragraph separators. */
const isLineBreak = (code: number) =>
  (code >= 0x09 && code <= 0x0d) || code === 0x85 || code === 0x2028 || code === 0x2029;

/** C0, DEL and C1. */
const isControl = (code: number) => code <= 0x1f || (code >= 0x7f && code <= 0x9f);

/** Marks, embeddings, overrides and isolates that change the order text is shown in. */
const isBidiControl = (code: number) =>
  code === 0x061c ||
  code === 0x200e ||
  code === 0x200f ||
  (code >= 0x202a && code <= 0x202e) ||
  (code >= 0x2066 && code <= 0x2069);
