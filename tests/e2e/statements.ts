/** A Golomt-style export (UTF-8, comma separated) of today's incoming transfers. */
export function statementCsv(rows: { amount: number; text: string }[]) {
  const now = new Date();
  const day = `${now.getUTCFullYear()}/${now.getUTCMonth() + 1}/${now.getUTCDate()}`;
  const lines = rows.map(
    (r, i) =>
      `${day} 10:${String(i).padStart(2, "0")},"${r.text}",,"${r.amount.toLocaleString("en-US")}.00",,Хандивлагч ${i + 1},50000000${i},`,
  );
  return Buffer.from(
    `Date,Description,Debit,Credit,Balance,Counterparty name,Counterparty account,Transaction number\r\n${lines.join("\r\n")}\r\n`,
  );
}
