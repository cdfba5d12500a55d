/** What a column of a bank statement can hold (shared by the mapping screen and the reader). */
export const COLUMN_ROLES = [
  "date",
  "description",
  "credit",
  "debit",
  "amount",
  "counterparty",
  "account",
  "reference",
] as const;
export type ColumnRole = (typeof COLUMN_ROLES)[number];
