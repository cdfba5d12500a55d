import { parse as parseCsv } from "csv-parse/sync";
import { readSheet } from "read-excel-file/node";
import { HttpError } from "~/http/http.server";

/**
 * Reads an uploaded bank statement into a grid of cells, whatever the bank saved: XLSX, or CSV in
 * UTF-8, UTF-16 or the legacy Windows Cyrillic code page (docs/bank-statements.md). Which column
 * holds what is decided afterwards (statement-columns.server.ts).
 */

export type Cell = string | number | Date | boolean | null;
export type Grid = Cell[][];

export interface StatementTable {
  grid: Grid;
  /** How the bytes were read: xlsx, utf-8, utf-16le, utf-16be or windows-1251. */
  encoding: string;
}

/** Statements are small (a day or a month of transfers); this keeps a mistaken upload harmless. */
export const MAX_STATEMENT_BYTES = 5 * 1024 * 1024;
const MAX_ROWS = 20_000;

const startsWith = (bytes: Uint8Array, ...prefix: number[]) =>
  prefix.every((b, i) => bytes[i] === b);

/**
 * Windows-1251 has no Ө, ө, Ү, ү. Mongolian text in that code page (the fonts and keyboard
 * layouts of the 1990s–2000s that bank systems still export with) puts them at the places of
 * the Ukrainian Є, є, Ї, ї, which never occur in Mongolian.
 */
const MONGOLIAN_1251: Record<string, string> = { Є: "Ө", є: "ө", Ї: "Ү", ї: "ү" };

/** Bytes to text: a byte-order mark decides; else strict UTF-8; else Mongolian Windows-1251. */
export function decodeText(bytes: Uint8Array): { text: string; encoding: string } {
  if (startsWith(bytes, 0xef, 0xbb, 0xbf))
    return { text: new TextDecoder("utf-8").decode(bytes.subarray(3)), encoding: "utf-8" };
  if (startsWith(bytes, 0xff, 0xfe))
    return { text: new TextDecoder("utf-16le").decode(bytes.subarray(2)), encoding: "utf-16le" };
  if (startsWith(bytes, 0xfe, 0xff))
    return { text: new TextDecoder("utf-16be").decode(bytes.subarray(2)), encoding: "utf-16be" };
  try {
    return { text: new TextDecoder("utf-8", { fatal: true }).decode(bytes), encoding: "utf-8" };
  } catch {
    const text = new TextDecoder("windows-1251").decode(bytes);
    return {
      text: text.replace(/[ЄєЇї]/g, (c) => MONGOLIAN_1251[c] ?? c),
      encoding: "windows-1251",
    };
  }
}

/** The separator of a CSV file: the candidate found most often, and consistently, in its first lines. */
export function guessDelimiter(text: string): string {
  const lines = text
    .split(/\r?\n/)
    .filter((l) => l.trim())
    .slice(0, 30);
  let best = ",";
  let bestScore = -1;
  for (const candidate of [",", ";", "\t", "|"]) {
    const counts = lines.map((l) => countOutsideQuotes(l, candidate));
    const withIt = counts.filter((c) => c > 0);
    // The header and the transfers share one count; bank preambles above them may not.
    const mode = mostCommon(withIt);
    const score = mode > 0 ? withIt.filter((c) => c === mode).length * mode : 0;
    if (score > bestScore) {
      best = candidate;
      bestScore = score;
    }
  }
  return best;
}

function countOutsideQuotes(line: string, char: string) {
  let inQuotes = false;
  let n = 0;
  for (const c of line) {
    if (c === '"') inQuotes = !inQuotes;
    else if (c === char && !inQuotes) n++;
  }
  return n;
}

function mostCommon(values: number[]) {
  const freq = new Map<number, number>();
  for (const v of values) freq.set(v, (freq.get(v) ?? 0) + 1);
  let best = 0;
  let bestFreq = 0;
  for (const [v, f] of freq) {
    if (f > bestFreq || (f === bestFreq && v > best)) {
      best = v;
      bestFreq = f;
    }
  }
  return best;
}

function readCsv(bytes: Uint8Array): StatementTable {
  const { text, encoding } = decodeText(bytes);
  const grid = parseCsv(text, {
    delimiter: guessDelimiter(text),
    relax_column_count: true,
    relax_quotes: true,
    skip_empty_lines: true,
    trim: true,
    to: MAX_ROWS,
  }) as string[][];
  return { grid, encoding };
}

async function readXlsx(bytes: Uint8Array): Promise<StatementTable> {
  try {
    const rows = await readSheet(Buffer.from(bytes));
    return { grid: rows.slice(0, MAX_ROWS) as Grid, encoding: "xlsx" };
  } catch {
    throw new HttpError(422, "admin:reconcile.errors.unreadable");
  }
}

const PDF_MAGIC = new TextEncoder().encode("%PDF-");

/**
 * A PDF names itself within its first kilobyte (readers allow bytes before the header, ISO
 * 32000-1 annex H); internet banks' PDFs are often text-only, with no NUL byte to give them away.
 */
function isPdf(bytes: Uint8Array) {
  const head = bytes.subarray(0, 1024);
  for (let at = head.indexOf(PDF_MAGIC[0]!); at !== -1; at = head.indexOf(PDF_MAGIC[0]!, at + 1))
    if (PDF_MAGIC.every((b, i) => head[at + i] === b)) return true;
  return false;
}

/** The statement's cells, or a 4xx that says what to do instead. */
export async function readStatement(bytes: Uint8Array): Promise<StatementTable> {
  if (bytes.byteLength === 0) throw new HttpError(400, "admin:reconcile.errors.empty");
  if (bytes.byteLength > MAX_STATEMENT_BYTES)
    throw new HttpError(413, "admin:reconcile.errors.tooLarge");
  // XLSX is a zip archive; the old binary .xls (an OLE2 file) is not read: "save as XLSX or CSV".
  if (startsWith(bytes, 0x50, 0x4b, 0x03, 0x04)) return readXlsx(bytes);
  if (startsWith(bytes, 0xd0, 0xcf, 0x11, 0xe0))
    throw new HttpError(415, "admin:reconcile.errors.oldExcel");
  if (isPdf(bytes)) throw new HttpError(415, "admin:reconcile.errors.pdf");
  if (bytes.includes(0) && !startsWith(bytes, 0xff, 0xfe) && !startsWith(bytes, 0xfe, 0xff))
    throw new HttpError(415, "admin:reconcile.errors.notStatement");
  const table = readCsv(bytes);
  if (table.grid.length === 0) throw new HttpError(400, "admin:reconcile.errors.empty");
  return table;
}
