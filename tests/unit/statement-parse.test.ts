import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { canonicalCode, findCodes } from "~/lib/payment-code.server";
import {
  detectColumns,
  guessMapping,
  parseAmount,
  parseDate,
  readLines,
} from "~/models/statement-columns.server";
import { decodeText, guessDelimiter, readStatement } from "~/models/statement-file.server";

/** The made-up statements in docs/bank-statements, one per preset (scripts/make-sample-statements.mjs). */
const sample = (name: string) =>
  new Uint8Array(readFileSync(path.resolve("docs/bank-statements", name)));

// What every sample holds: 7 incoming transfers and one fee going out.
const INCOMING = [
  { amount: 30_000, description: "X240117 Сарангэрэл хандив" },
  { amount: 50_000, description: "хандив х-240125 Батзориг" },
  { amount: 3_000, description: "482913 онцлох түүх" },
  { amount: 40_000, description: "Ундрах GL78170052" },
  { amount: 25_000, description: "X240133 Түвшинбаяр" },
  { amount: 15_000, description: "Баярлалаа, амжилт" },
  { amount: 200_000, description: "Түрээсийн буцаалт" },
];

async function readSample(name: string) {
  const table = await readStatement(sample(name));
  const detected = detectColumns(table.grid);
  return { table, detected, read: detected ? readLines(table.grid, detected.map) : null };
}

describe("bank presets read their sample statements", () => {
  it.each([
    ["khan-bank.xlsx", "khan", "xlsx"],
    ["golomt-bank.csv", "golomt", "utf-8"],
    ["tdb.csv", "tdb", "windows-1251"],
    ["xacbank.csv", "xac", "utf-8"],
  ])("%s → preset %s, read as %s", async (file, preset, encoding) => {
    const { table, detected, read } = await readSample(file);
    expect(table.encoding).toBe(encoding);
    expect(detected?.preset).toBe(preset);
    expect(read!.lines.map(({ amount, description }) => ({ amount, description }))).toEqual(
      INCOMING,
    );
    expect(read!.outgoing).toBe(1);
    expect(read!.unreadable).toBe(0);
    expect(read!.lines[0]!.booked_on).toBe(
      "2026-11-18 09:12".slice(0, file === "tdb.csv" ? 10 : 16),
    );
    expect(new Set(read!.lines.map((l) => l.fingerprint)).size).toBe(INCOMING.length);
  });

  it("reads the counterparty and the bank's own reference where the bank gives them", async () => {
    const { read } = await readSample("golomt-bank.csv");
    expect(read!.lines[0]).toMatchObject({
      counterparty: "Сарангэрэл Б",
      account: "5012345678",
      bank_reference: "GL26110001",
    });
  });

  it("reads Mongolian letters (Ө, Ү) from the legacy Windows-1251 file", async () => {
    const { read } = await readSample("tdb.csv");
    expect(read!.lines[4]!.description).toBe("X240133 Түвшинбаяр");
    expect(read!.lines[5]!.counterparty).toBe("Өлзийбат С");
  });

  it("does not recognise a bank it has no preset for: the columns are mapped by hand", async () => {
    const { detected, table } = await readSample("other-bank.csv");
    expect(detected).toBeNull();
    const read = readLines(table.grid, {
      headerRow: 0,
      date: 0,
      credit: 1,
      debit: 2,
      description: 3,
      counterparty: 4,
    });
    expect(read.lines.map((l) => l.amount)).toEqual(INCOMING.map((l) => l.amount));
    expect(read.outgoing).toBe(1);
  });

  it("gives the same fingerprints when the same statement is read again", async () => {
    const first = (await readSample("khan-bank.xlsx")).read!.lines.map((l) => l.fingerprint);
    const second = (await readSample("khan-bank.xlsx")).read!.lines.map((l) => l.fingerprint);
    expect(second).toEqual(first);
  });
});

describe("reading files", () => {
  it("refuses what is not a statement with a clear reason", async () => {
    await expect(readStatement(new Uint8Array())).rejects.toMatchObject({ status: 400 });
    await expect(
      readStatement(Uint8Array.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1])),
    ).rejects.toMatchObject({ status: 415, message: "admin:reconcile.errors.oldExcel" });
    await expect(
      readStatement(Uint8Array.from([0x89, 0x50, 0x4e, 0x47, 0, 0, 0])),
    ).rejects.toMatchObject({
      status: 415,
    });
    await expect(
      readStatement(Uint8Array.from([0x50, 0x4b, 0x03, 0x04, 1, 2, 3])),
    ).rejects.toMatchObject({
      status: 422,
    });
    await expect(readStatement(new Uint8Array(5 * 1024 * 1024 + 1))).rejects.toMatchObject({
      status: 413,
    });
  });

  it("decodes UTF-16 with its byte-order mark", () => {
    const text = "Огноо;Дүн\r\n";
    const bytes = Uint8Array.from([0xff, 0xfe, ...Buffer.from(text, "utf16le")]);
    expect(decodeText(bytes)).toEqual({ text, encoding: "utf-16le" });
  });

  it("finds the separator from the table, not from the lines above it", () => {
    expect(guessDelimiter("Хуулга, 2026\nа;б;в\n1;2;3\n4;5;6\n")).toBe(";");
    expect(guessDelimiter("a\tb\tc\n1\t2\t3\n")).toBe("\t");
    expect(guessDelimiter('"1,5";x\n"2,5";y\n')).toBe(";");
  });
});

describe("amounts and dates as banks write them", () => {
  it.each([
    ["1,250,000.00", 1_250_000],
    ["1 250 000,00", 1_250_000],
    ["1.250.000,00", 1_250_000],
    ["+30 000,00", 30_000],
    ["-100,00", -100],
    ["50000 MNT", 50_000],
    ["₮50,000", 50_000],
    ["(2,000.00)", -2_000],
    ["30000.5", 30_001],
    ["1,000", 1_000],
    ["12,50", 13],
    [30000, 30_000],
    ["", null],
    ["абв", null],
    [null, null],
  ])("%s → %s", (value, expected) => {
    expect(parseAmount(value)).toBe(expected);
  });

  it.each([
    ["2026-11-20", "2026-11-20"],
    ["2026.11.20 14:33", "2026-11-20 14:33"],
    ["2026/11/20 09:05:12", "2026-11-20 09:05"],
    ["20.11.2026", "2026-11-20"],
    ["20/11/2026", "2026-11-20"],
    ["2026-02-30", null],
    ["Нийт", null],
    [46_346, "2026-11-20"],
    [new Date(Date.UTC(2026, 10, 20, 14, 33)), "2026-11-20 14:33"],
  ])("%s → %s", (value, expected) => {
    expect(parseDate(value)).toBe(expected);
  });
});

describe("payment codes in transfer descriptions", () => {
  it("reads our codes however they were typed, and the story's bare six digits", () => {
    const { codes, bare } = findCodes("хандив х-240125, C 100234; t482913 / 730564 утас 99112233");
    expect(codes.map((c) => c.code).sort()).toEqual(["C100234", "T482913", "X240125"]);
    expect(codes.find((c) => c.code === "X240125")?.kind).toBe("pool");
    expect(bare).toEqual(["730564"]);
  });

  it("reads a monthly donor's own code, typed in Cyrillic or Latin (issue 43)", () => {
    const { codes, bare } = findCodes("сар бүрийн хандив м-482913");
    expect(codes).toEqual([{ kind: "monthly", code: "M482913" }]);
    expect(bare).toEqual([]);
    expect(canonicalCode("m 482913", "monthly")).toBe("M482913");
    expect(canonicalCode("M482913", "pool")).toBeNull();
  });

  it("ignores longer numbers (accounts, phones) and codes inside words", () => {
    const { codes, bare } = findCodes("Данс 5039184726 утас 99112233 ABX240117");
    expect(codes).toEqual([]);
    expect(bare).toEqual([]);
  });

  it("canonicalises one code of an expected kind", () => {
    expect(canonicalCode(" х 240125 ", "pool")).toBe("X240125");
    expect(canonicalCode("X240125", "general")).toBeNull();
    expect(canonicalCode("X24012", "pool")).toBeNull();
    expect(canonicalCode(42, "pool")).toBeNull();
  });
});

describe("the mapping step's guess for a file no preset knows (issue 16)", () => {
  it("finds the header under the bank's title lines, and the columns by their headings", () => {
    const grid = [
      ["Данс: 5012345678", null, null, null, null],
      ["Хугацаа: 2026.11.01 - 2026.11.20", null, null, null, null],
      [null, null, null, null, null],
      ["№", "Огноо", "Орлогын дүн", "Зарлагын дүн", "Гүйлгээний тайлбар"],
      ["1", "2026-11-03", "5,000.00", "0", "X123456 хандив"],
      ["2", "2026-11-04", "0", "12,000.00", "Түрээс"],
    ];
    expect(guessMapping(grid)).toEqual({
      headerRow: 3,
      date: 1,
      description: 4,
      credit: 2,
      debit: 3,
    });
  });

  it("reads English headings too", () => {
    const grid = [
      ["Posting date", "Narrative", "Amount", "Ref no."],
      ["03/11/2026", "C654321 donation", "10000", "TX-1"],
    ];
    expect(guessMapping(grid)).toMatchObject({
      headerRow: 0,
      date: 0,
      description: 1,
      amount: 2,
      reference: 3,
    });
  });

  it("falls back on the values when there is no header", () => {
    const grid = [
      ["2026-11-03", "X123456 Бат-Эрдэнийн хандив", "5000"],
      ["2026-11-04", "Сараагийн хандив X654321", "20000"],
      ["2026-11-05", "Хандив", "1000"],
    ];
    expect(guessMapping(grid)).toEqual({ headerRow: -1, date: 0, amount: 2, description: 1 });
  });
});
