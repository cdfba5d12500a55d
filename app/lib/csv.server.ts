import { stringify } from "csv-stringify/sync";

/**
 * The project's one CSV writer (decision 051). Every file the site hands out goes through it, so
 * every file opens the same way and none carries a live formula.
 *
 * The format: UTF-8 with a byte-order mark (spreadsheet programs need it to read Cyrillic right),
 * CRLF line ends, a cell quoted only when it must be.
 *
 * Formulas: a spreadsheet runs a cell that starts with = + - @ (and may after a leading tab or
 * carriage return), so a donor named `=HYPERLINK(…)` would put a live link in an administrator's
 * or a reader's sheet. A text cell that starts with one of them, or with its full-width form
 * (which some spreadsheets read as the same), gets a leading apostrophe, as OWASP advises: the
 * sheet shows the text, the apostrophe tells it not to evaluate. Only text cells: a number cell is
 * written as a number, a negative one too, so a column of amounts still sums. Callers pass
 * amounts as numbers, never as formatted text.
 */
export type CsvCell = string | number | null | undefined;

const STARTS_A_FORMULA = /^[=+\-@\t\r\uff1d\uff0b\uff0d\uff20]/;

/** A text cell as a spreadsheet will only ever show it. */
export const inertCell = (text: string) => (STARTS_A_FORMULA.test(text) ? `'${text}` : text);

/** The rows (the first one usually the column names) as a CSV file's text. */
export function csvText(rows: readonly (readonly CsvCell[])[]): string {
  return stringify(
    rows.map((row) => [...row]),
    {
      bom: true,
      record_delimiter: "windows",
      cast: { string: inertCell, number: (value) => String(value) },
    },
  );
}
