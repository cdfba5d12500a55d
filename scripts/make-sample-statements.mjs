// Writes the made-up sample bank statements of docs/bank-statements/ (no real account data).
// Run `node scripts/make-sample-statements.mjs` after changing them; the files are committed and
// read by the tests. The transfers pay the demo content's pending pledges and story payments
// (db/seed/content.ts): exact matches, partial ones and some that match nothing.
import { writeFileSync } from "node:fs";
import path from "node:path";
import writeXlsxFile from "write-excel-file/node";

const dir = path.resolve("docs/bank-statements");

/** One story of transfers, written by every bank in its own way. */
const transfers = [
  // Exact: our code and the pledged amount.
  {
    day: 18,
    time: "09:12",
    amount: 30_000,
    text: "X240117 Сарангэрэл хандив",
    who: "Сарангэрэл Б",
    account: "5012345678",
  },
  // Exact: the code typed on a Cyrillic keyboard, in lower case, with a hyphen.
  {
    day: 18,
    time: "13:40",
    amount: 50_000,
    text: "хандив х-240125 Батзориг",
    who: "Батзориг Д",
    account: "4901122334",
  },
  // Exact: a story payment with the story's six-digit reference.
  {
    day: 19,
    time: "10:05",
    amount: 3_000,
    text: "482913 онцлох түүх",
    who: "Мөнхбаяр Хулан",
    account: "5086613024",
  },
  // Exact: no code, but the donor's own transaction reference from the form.
  {
    day: 19,
    time: "16:21",
    amount: 40_000,
    text: "Ундрах GL78170052",
    who: "Ундрах Т",
    account: "1605123987",
  },
  // Partial: the right code, a different amount (30,000 was pledged).
  {
    day: 20,
    time: "08:47",
    amount: 25_000,
    text: "X240133 Түвшинбаяр",
    who: "Түвшинбаяр Г",
    account: "5299001122",
  },
  // Unmatched: a gift with no reference and an amount nobody pledged.
  {
    day: 20,
    time: "11:30",
    amount: 15_000,
    text: "Баярлалаа, амжилт",
    who: "Өлзийбат С",
    account: "5123987654",
  },
  // Unmatched: a transfer that is not a donation at all.
  {
    day: 20,
    time: "17:02",
    amount: 200_000,
    text: "Түрээсийн буцаалт",
    who: "Нийслэл ХХК",
    account: "4400112233",
  },
  // Outgoing: a bank fee, never matched.
  { day: 21, time: "00:05", amount: -100, text: "Гүйлгээний шимтгэл", who: "", account: "" },
];

const date = (t) => new Date(Date.UTC(2026, 10, t.day, ...t.time.split(":").map(Number)));
const ymd = (t) => `2026.11.${t.day}`;
const dmy = (t) => `${t.day}.11.2026`;

// Khan Bank: XLSX, Mongolian headings under a few lines about the account, date cells,
// separate debit and credit columns, a totals row at the end.
async function khan() {
  const header = [
    "Гүйлгээний огноо",
    "Салбар",
    "Эхний үлдэгдэл",
    "Дебит гүйлгээ",
    "Кредит гүйлгээ",
    "Эцсийн үлдэгдэл",
    "Гүйлгээний утга",
    "Харьцсан данс",
  ];
  let balance = 1_250_000;
  const rows = transfers.map((t) => {
    const start = balance;
    balance += t.amount;
    return [
      { value: date(t), type: Date, format: "yyyy-mm-dd hh:mm" },
      "Төв салбар",
      start,
      t.amount < 0 ? -t.amount : 0,
      Math.max(t.amount, 0),
      balance,
      t.text,
      t.account,
    ];
  });
  const credits = transfers.filter((t) => t.amount > 0).reduce((s, t) => s + t.amount, 0);
  const data = [
    ["ХААН БАНК — ДАНСНЫ ХУУЛГА"],
    ["Данс: 5039184726 (MNT)", null, "Эзэмшигч: Сэтгэлийн Гүүр ТББ"],
    ["Хугацаа: 2026.11.18 – 2026.11.21"],
    [],
    header,
    ...rows,
    ["Нийт дүн", null, null, 100, credits, null, null, null],
  ];
  await writeXlsxFile(data, { sheet: "Хуулга" }).toFile(path.join(dir, "khan-bank.xlsx"));
}

const quote = (v) =>
  /[",;\t\n]/.test(String(v)) ? `"${String(v).replace(/"/g, '""')}"` : String(v);
const csv = (rows, sep) => `${rows.map((r) => r.map(quote).join(sep)).join("\r\n")}\r\n`;

// Golomt Bank: CSV in UTF-8, comma separated, English headings, "1,234.00" amounts.
function golomt() {
  const money = (n) => (n ? n.toLocaleString("en-US", { minimumFractionDigits: 2 }) : "");
  const rows = [
    [
      "Date",
      "Description",
      "Debit",
      "Credit",
      "Balance",
      "Counterparty name",
      "Counterparty account",
      "Transaction number",
    ],
    ...transfers.map((t, i) => [
      `2026/11/${t.day} ${t.time}`,
      t.text,
      money(t.amount < 0 ? -t.amount : 0),
      money(Math.max(t.amount, 0)),
      "",
      t.who,
      t.account,
      `GL2611${String(i + 1).padStart(4, "0")}`,
    ]),
  ];
  writeFileSync(path.join(dir, "golomt-bank.csv"), csv(rows, ","));
}

// TDB: CSV in the legacy Mongolian Windows-1251 code page, semicolons, one signed amount
// column written "+30 000,00", day-first dates.
function tdb() {
  const money = (n) =>
    `${n < 0 ? "-" : "+"}${Math.abs(n)
      .toLocaleString("fr-FR", { minimumFractionDigits: 2 })
      .replace(/\u202f|\u00a0/g, " ")}`;
  const rows = [
    [
      "Гүйлгээ хийсэн огноо",
      "Гүйлгээний дүн",
      "Гүйлгээний утга",
      "Харилцагч",
      "Харилцагчийн данс",
      "Лавлах дугаар",
    ],
    ...transfers.map((t, i) => [
      dmy(t),
      money(t.amount),
      t.text,
      t.who,
      t.account,
      `TDB-26${1100 + i}`,
    ]),
  ];
  writeFileSync(path.join(dir, "tdb.csv"), encodeMongolian1251(csv(rows, ";")));
}

// XacBank: CSV in UTF-8 with a byte-order mark, tab separated, Mongolian headings.
function xac() {
  const rows = [
    [
      "Гүйлгээний огноо",
      "Орлого",
      "Зарлага",
      "Утга",
      "Харилцагч",
      "Харьцсан данс",
      "Журналын дугаар",
    ],
    ...transfers.map((t, i) => [
      `${ymd(t)} ${t.time}`,
      t.amount > 0 ? t.amount : "",
      t.amount < 0 ? -t.amount : "",
      t.text,
      t.who,
      t.account,
      `XJ${880_000 + i}`,
    ]),
  ];
  writeFileSync(path.join(dir, "xacbank.csv"), `\ufeff${csv(rows, "\t")}`);
}

// A bank without a preset: the columns are mapped by hand on the upload screen.
function other() {
  const rows = [
    ["Он сар өдөр", "Орсон", "Гарсан", "Тайлбар", "Илгээгч"],
    ...transfers.map((t) => [
      ymd(t),
      t.amount > 0 ? t.amount : "",
      t.amount < 0 ? -t.amount : "",
      t.text,
      t.who,
    ]),
  ];
  writeFileSync(path.join(dir, "other-bank.csv"), csv(rows, ","));
}

/** UTF-16 text to Windows-1251 bytes, with Ө ө Ү ү where Mongolian fonts put them (Є є Ї ї). */
function encodeMongolian1251(text) {
  const decoder = new TextDecoder("windows-1251");
  const table = new Map();
  for (let b = 0; b < 256; b++) table.set(decoder.decode(Uint8Array.of(b)), b);
  const mongolian = { Ө: "Є", ө: "є", Ү: "Ї", ү: "ї" };
  return Uint8Array.from(
    [...text].map((c) => {
      const byte = table.get(mongolian[c] ?? c);
      if (byte === undefined) throw new Error(`not in Windows-1251: ${c}`);
      return byte;
    }),
  );
}

await khan();
golomt();
tdb();
xac();
other();
console.log(`Sample statements written to ${dir}`);
