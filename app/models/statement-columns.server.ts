import { createHash } from "node:crypto";
import { COLUMN_ROLES, type ColumnRole } from "~/lib/statement-roles";
import type { Cell, Grid } from "~/models/statement-file.server";

/**
 * Which column of a statement holds what, and the incoming transfers read with that knowledge.
 * Each bank's export has its own headings; the presets know those of the common Mongolian banks
 * (docs/bank-statements.md), and an administrator maps any other file by hand.
 */

/** Column indexes (0-based) by role; the header is row `headerRow` (0-based), transfers follow it. */
export type ColumnMap = { headerRow: number } & Partial<Record<ColumnRole, number>>;

export const PRESET_IDS = ["khan", "golomt", "tdb", "xac"] as const;
export type PresetId = (typeof PRESET_IDS)[number];

type Aliases = Partial<Record<ColumnRole, string[]>>;

/**
 * Headings as the banks' internet banking writes them, in Mongolian and in English (each bank
 * offers both). Compared case-insensitively, with spaces, punctuation and "(₮)"-style notes ignored.
 */
export const PRESETS: Record<PresetId, Aliases> = {
  khan: {
    date: ["Гүйлгээний огноо", "Transaction date"],
    debit: ["Дебит гүйлгээ", "Debit transaction"],
    credit: ["Кредит гүйлгээ", "Credit transaction"],
    description: ["Гүйлгээний утга", "Transaction remarks"],
    account: ["Харьцсан данс", "Related account"],
  },
  golomt: {
    date: ["Огноо", "Date"],
    description: ["Гүйлгээний утга", "Description"],
    debit: ["Дебит", "Debit"],
    credit: ["Кредит", "Credit"],
    counterparty: ["Харилцагчийн нэр", "Counterparty name"],
    account: ["Харилцагчийн данс", "Counterparty account"],
    reference: ["Гүйлгээний дугаар", "Transaction number"],
  },
  tdb: {
    date: ["Гүйлгээ хийсэн огноо", "Posting date"],
    amount: ["Гүйлгээний дүн", "Transaction amount"],
    description: ["Гүйлгээний утга", "Narrative"],
    counterparty: ["Харилцагч", "Counterparty"],
    account: ["Харилцагчийн данс", "Counterparty account"],
    reference: ["Лавлах дугаар", "Reference number"],
  },
  xac: {
    date: ["Гүйлгээний огноо", "Value date"],
    credit: ["Орлого", "Credit amount"],
    debit: ["Зарлага", "Debit amount"],
    description: ["Утга", "Details"],
    counterparty: ["Харилцагч", "Counterparty"],
    account: ["Харьцсан данс", "Counterparty account"],
    reference: ["Журналын дугаар", "Journal number"],
  },
};

/** "Кредит гүйлгээ (₮):" → "кредитгүйлгээ". */
export const headingKey = (value: Cell) =>
  String(value ?? "")
    .normalize("NFKC")
    .toLowerCase()
    .replace(/\(.*?\)|\[.*?\]/g, "")
    .replace(/[^\p{L}\p{N}]/gu, "");

const usable = (map: Partial<ColumnMap>) =>
  map.date !== undefined &&
  map.description !== undefined &&
  (map.credit !== undefined || map.amount !== undefined);

/** The columns of one row read as a preset's headings, or null when the row is not its header. */
function mapRow(row: Cell[], aliases: Aliases): Partial<ColumnMap> | null {
  const keys = row.map(headingKey);
  const map: Partial<ColumnMap> = {};
  for (const role of COLUMN_ROLES) {
    const wanted = new Set((aliases[role] ?? []).map(headingKey));
    const index = keys.findIndex((k) => k !== "" && wanted.has(k));
    if (index >= 0) map[role] = index;
  }
  return usable(map) ? map : null;
}

/**
 * The preset and header row of a statement: the first 30 rows are searched (banks put the account
 * and period above the table), and of the presets given, the one that recognises the most
 * columns wins.
 */
export function detectColumns(
  grid: Grid,
  presets: readonly PresetId[] = PRESET_IDS,
): { preset: PresetId; map: ColumnMap } | null {
  let best: { preset: PresetId; map: ColumnMap; score: number } | null = null;
  for (let r = 0; r < Math.min(grid.length, 30); r++) {
    for (const preset of presets) {
      const map = mapRow(grid[r] ?? [], PRESETS[preset]);
      if (!map) continue;
      const score = Object.keys(map).length;
      const aliasCount = Object.keys(PRESETS[preset]).length;
      // Every heading of the preset found beats a partial fit of a larger one.
      const fit = score + (score === aliasCount ? 10 : 0);
      if (!best || fit > best.score) best = { preset, map: { ...map, headerRow: r }, score: fit };
    }
  }
  return best ? { preset: best.preset, map: best.map } : null;
}

/**
 * Headings any bank might use, by role, for a file no preset knows: Mongolian and English stems
 * («орлог» finds «орлого» and «орлогын»). A heading that contains one counts; the first role to
 * claim a column keeps it.
 */
const HEADING_STEMS: [ColumnRole, string[]][] = [
  ["date", ["огноо", "date", "өдөр"]],
  ["description", ["утга", "тайлбар", "description", "details", "narrative", "remark", "purpose"]],
  ["credit", ["кредит", "орлог", "орсон", "credit", "income", "incoming"]],
  ["debit", ["дебит", "зарлаг", "гарсан", "debit", "outgoing", "expense"]],
  ["amount", ["дүн", "amount", "sum"]],
  ["reference", ["дугаар", "лавлах", "reference", "number", "journal", "ref"]],
  ["account", ["данс", "account"]],
  ["counterparty", ["харилцагч", "нэр", "counterparty", "name", "payer", "sender"]],
];

const isText = (cell: Cell) =>
  typeof cell === "string" && cell.trim() !== "" && parseAmount(cell) === null && !parseDate(cell);

/**
 * For a file no preset recognised, the best guess at its header row and columns, so the mapping
 * step opens filled in (issue 16); the administrator checks it and changes what is wrong. The
 * header is the first row of mostly text followed by a row with a date and an amount; columns are
 * found by their headings, then by what the rows below hold (dates, amounts, the longest text).
 */
export function guessMapping(grid: Grid): ColumnMap {
  const rows = grid.slice(0, 40);
  const hasTransfer = (row: Cell[] | undefined) =>
    Boolean(row?.some((c) => parseDate(c)) && row?.some((c) => parseAmount(c) !== null));
  let headerRow = -1;
  // Within the rows the mapping screen shows.
  for (let r = 0; r < Math.min(rows.length - 1, 15); r++) {
    const texts = rows[r]!.filter(isText).length;
    if (texts >= 2 && texts >= rows[r]!.filter((c) => String(c ?? "").trim()).length * 0.7) {
      if (hasTransfer(rows[r + 1]) || hasTransfer(rows[r + 2])) {
        headerRow = r;
        break;
      }
    }
  }
  const map: ColumnMap = { headerRow };
  const taken = new Set<number>();
  const claim = (role: ColumnRole, index: number) => {
    if (index < 0 || taken.has(index) || map[role] !== undefined) return;
    map[role] = index;
    taken.add(index);
  };
  if (headerRow >= 0) {
    const keys = rows[headerRow]!.map(headingKey);
    for (const [role, stems] of HEADING_STEMS) {
      claim(
        role,
        keys.findIndex((k, i) => !taken.has(i) && stems.some((s) => k.includes(s))),
      );
    }
  }
  // What headings did not say, the values may: the column most often a date, a number, a text.
  const body = rows.slice(headerRow + 1, headerRow + 21);
  const width = Math.max(0, ...body.map((r) => r.length));
  const share = (i: number, test: (c: Cell) => boolean) =>
    body.filter((row) => test(row[i] ?? null)).length / Math.max(1, body.length);
  const best = (test: (c: Cell) => boolean, min: number) => {
    let pick = -1;
    let top = min;
    for (let i = 0; i < width; i++) {
      if (taken.has(i)) continue;
      const value = share(i, test);
      if (value > top) [pick, top] = [i, value];
    }
    return pick;
  };
  if (map.date === undefined)
    claim(
      "date",
      best((c) => Boolean(parseDate(c)), 0.5),
    );
  if (map.credit === undefined && map.amount === undefined)
    claim(
      "amount",
      best((c) => (parseAmount(c) ?? 0) !== 0, 0.5),
    );
  if (map.description === undefined) {
    let pick = -1;
    let longest = 0;
    for (let i = 0; i < width; i++) {
      if (taken.has(i)) continue;
      const length = body.reduce(
        (sum, row) => sum + (isText(row[i] ?? null) ? String(row[i]).length : 0),
        0,
      );
      if (length > longest) [pick, longest] = [i, length];
    }
    claim("description", pick);
  }
  return map;
}

/** Whether a hand-made mapping can be read: date, description and an amount column, in range. */
export function validMapping(map: ColumnMap, grid: Grid): boolean {
  const width = Math.max(0, ...grid.slice(0, 50).map((r) => r.length));
  if (!Number.isInteger(map.headerRow) || map.headerRow < -1 || map.headerRow >= grid.length)
    return false;
  for (const role of COLUMN_ROLES) {
    const index = map[role];
    if (index !== undefined && (!Number.isInteger(index) || index < 0 || index >= width))
      return false;
  }
  return usable(map);
}

// ---------------------------------------------------------------------------------------------
// Values

/**
 * An amount as banks write it: "1,250,000.00", "1 250 000,00", "1.250.000,00", "-20 000",
 * "50000 MNT", "₮50,000". Whole tögrögs (rounded); null when the cell holds no number.
 */
export function parseAmount(value: Cell): number | null {
  if (typeof value === "number") return Number.isFinite(value) ? Math.round(value) : null;
  if (typeof value !== "string") return null;
  let text = value.normalize("NFKC").replace(/\s|₮|MNT|төг|tug/gi, "");
  const negative = /^-|^\(.*\)$|-$/.test(text);
  text = text.replace(/[()+-]/g, "");
  if (!/^[\d.,']+$/.test(text) || !/\d/.test(text)) return null;
  text = text.replace(/'/g, "");
  const lastDot = text.lastIndexOf(".");
  const lastComma = text.lastIndexOf(",");
  let decimal: "." | "," | null = null;
  if (lastDot >= 0 && lastComma >= 0) decimal = lastDot > lastComma ? "." : ",";
  else {
    const sep = lastDot >= 0 ? "." : lastComma >= 0 ? "," : null;
    // One separator followed by one or two digits at the end is the decimal point: "50000,00".
    if (sep && text.split(sep).length === 2 && /^\d{1,2}$/.test(text.split(sep)[1]!)) decimal = sep;
  }
  const [whole, fraction = ""] = decimal ? splitLast(text, decimal) : [text, ""];
  const digits = whole.replace(/[.,]/g, "");
  const number = Number(`${digits}.${fraction.replace(/\D/g, "") || "0"}`);
  if (!Number.isFinite(number)) return null;
  const rounded = Math.round(number);
  return negative ? -rounded : rounded;
}

function splitLast(text: string, sep: string): [string, string] {
  const i = text.lastIndexOf(sep);
  return [text.slice(0, i), text.slice(i + 1)];
}

const pad = (n: number) => String(n).padStart(2, "0");

function isoDate(y: number, m: number, d: number, hh?: number, mm?: number) {
  if (m < 1 || m > 12 || d < 1 || d > 31 || y < 2000 || y > 2100) return null;
  const date = new Date(Date.UTC(y, m - 1, d));
  if (date.getUTCMonth() !== m - 1) return null;
  const day = `${y}-${pad(m)}-${pad(d)}`;
  return hh !== undefined && mm !== undefined && (hh || mm) ? `${day} ${pad(hh)}:${pad(mm)}` : day;
}

/**
 * A booking date as "YYYY-MM-DD" (with " HH:MM" when the bank gives the time): from a
 * spreadsheet date, an Excel day number, "2026-11-20", "2026.11.20 14:33", "20.11.2026" or
 * "20/11/2026" (Mongolian banks write the year first or the day first, never the month first).
 */
export function parseDate(value: Cell): string | null {
  if (value instanceof Date && !Number.isNaN(value.getTime())) {
    // Spreadsheet times are fractions of a day: 09:12 may come back as 09:11:59.999.
    value = new Date(Math.round(value.getTime() / 60_000) * 60_000);
    return isoDate(
      value.getUTCFullYear(),
      value.getUTCMonth() + 1,
      value.getUTCDate(),
      value.getUTCHours(),
      value.getUTCMinutes(),
    );
  }
  if (typeof value === "number" && value > 36_000 && value < 80_000) {
    // An Excel serial day (1900 date system), for a date cell saved without its date format.
    return parseDate(new Date(Math.round((value - 25_569) * 86_400_000)));
  }
  if (typeof value !== "string") return null;
  const text = value.trim();
  const time = /(\d{1,2}):(\d{2})/.exec(text.replace(/^\S+\s*/, ""));
  const [hh, mm] = time ? [Number(time[1]), Number(time[2])] : [undefined, undefined];
  let m = /^(\d{4})[-./](\d{1,2})[-./](\d{1,2})/.exec(text);
  if (m) return isoDate(Number(m[1]), Number(m[2]), Number(m[3]), hh, mm);
  m = /^(\d{1,2})[-./](\d{1,2})[-./](\d{4})/.exec(text);
  if (m) return isoDate(Number(m[3]), Number(m[2]), Number(m[1]), hh, mm);
  return null;
}

const textOf = (value: Cell) =>
  value === null || value === undefined
    ? ""
    : value instanceof Date
      ? value.toISOString()
      : String(value).replace(/\s+/g, " ").trim();

// ---------------------------------------------------------------------------------------------
// Lines

export interface StatementLineInput {
  fingerprint: string;
  booked_on: string;
  amount: number;
  description: string;
  counterparty: string | null;
  account: string | null;
  bank_reference: string | null;
}

export interface ReadLines {
  lines: StatementLineInput[];
  /** Money that left the account: not matched against anything. */
  outgoing: number;
  /** Rows with an amount but no readable date: reported so nothing goes missing unnoticed. */
  unreadable: number;
}

/**
 * Incoming transfers of a statement. Each gets a fingerprint of its date, amount, description
 * and counterparty account, plus how many identical lines came before it in the same file (two
 * equal gifts on one day are two lines), so the same statement uploaded again yields the same
 * fingerprints.
 */
export function readLines(grid: Grid, map: ColumnMap): ReadLines {
  const result: ReadLines = { lines: [], outgoing: 0, unreadable: 0 };
  const seen = new Map<string, number>();
  const cell = (row: Cell[], role: ColumnRole) => {
    const index = map[role];
    return index === undefined ? null : (row[index] ?? null);
  };
  for (const row of grid.slice(map.headerRow + 1)) {
    if (row.every((c) => textOf(c) === "")) continue;
    let amount: number | null = null;
    if (map.credit !== undefined) {
      const credit = parseAmount(cell(row, "credit"));
      const debit = parseAmount(cell(row, "debit"));
      if (credit && credit > 0) amount = credit;
      else if ((debit && debit !== 0) || (credit && credit < 0)) amount = -1;
    } else {
      amount = parseAmount(cell(row, "amount"));
    }
    if (amount === null || amount === 0) continue; // totals, balances, blank lines
    if (amount < 0) {
      result.outgoing++;
      continue;
    }
    const booked = parseDate(cell(row, "date"));
    if (!booked) {
      // A totals row ("Нийт", "Total") has words where the date goes; a date we cannot read is
      // reported, so a transfer never disappears unnoticed.
      const written = textOf(cell(row, "date"));
      if (written !== "" && !/\p{L}{3,}/u.test(written)) result.unreadable++;
      continue;
    }
    const description = textOf(cell(row, "description")).slice(0, 500);
    const account = textOf(cell(row, "account")).slice(0, 64) || null;
    const identity = JSON.stringify([booked, amount, description.toLowerCase(), account ?? ""]);
    const repeat = seen.get(identity) ?? 0;
    seen.set(identity, repeat + 1);
    result.lines.push({
      fingerprint: createHash("sha256").update(`${identity}#${repeat}`).digest("hex"),
      booked_on: booked,
      amount,
      description,
      counterparty: textOf(cell(row, "counterparty")).slice(0, 200) || null,
      account,
      bank_reference: textOf(cell(row, "reference")).slice(0, 100) || null,
    });
  }
  return result;
}
