import { formatDate, formatDateTime, formatMoney } from "~/lib/format";
import { accountDisplayName, bankDisplayName } from "~/lib/plans";
import { singleLine } from "~/lib/single-line";
import type { Account, DonorReceipt } from "~/models/receipts.server";

/**
 * What a donor's receipt says, once, for both of its forms: the printable page renders these
 * lines and the PDF draws them, so the two cannot say different things. Dates are in
 * Ulaanbaatar time and in the receipt's language; labels are translation keys.
 */

export interface ReceiptView {
  number: string;
  /** The campaign's name; null: a donation to the site itself. */
  campaign: string | null;
  donor_name: string;
  amount: number;
  payment_code: string | null;
  /** The transfer's date: the bank statement's when the gift was matched to one. */
  transfer_on: string;
  /** Where that date comes from: QPay's payment, the bank statement, or the pledge itself. */
  transfer_from: "qpay" | "statement" | "pledge";
  /** What the receipt says about who confirmed the gift (a translation key). */
  note: "receipts:doc.note" | "receipts:doc.noteQpay";
  confirmed_on: string;
  issued_on: string;
  /** The page where anyone can check the receipt: `${SITE_URL}/receipts/{number}`. */
  verify_url: string;
  /** Who received the money (issue 41 item 13): the campaign's account, or the site's. */
  recipient: Account;
}

export const receiptPath = (number: string) => `/receipts/${number}`;

export function receiptView(
  receipt: DonorReceipt,
  lng: string,
  origin: string,
  na: string,
): ReceiptView {
  return {
    number: receipt.number,
    // Cleaned again here: rows stored before decision 051 may hold line breaks or bidi controls.
    campaign:
      receipt.kind === "pool" && receipt.pool_name !== null ? singleLine(receipt.pool_name) : null,
    donor_name: singleLine(receipt.donor_name),
    amount: receipt.amount,
    payment_code: receipt.payment_code,
    // A bank's booking date is already a day in Ulaanbaatar: midnight UTC keeps it that day.
    transfer_on: receipt.qpay_paid_at
      ? formatDateTime(receipt.qpay_paid_at, lng, na)
      : receipt.booked_on
        ? formatDate(`${receipt.booked_on}T00:00:00Z`, lng, na)
        : formatDate(receipt.pledged_at, lng, na),
    transfer_from: receipt.qpay_paid_at ? "qpay" : receipt.booked_on ? "statement" : "pledge",
    note: receipt.qpay_paid_at ? "receipts:doc.noteQpay" : "receipts:doc.note",
    confirmed_on: formatDate(receipt.confirmed_at, lng, na),
    issued_on: formatDate(receipt.issued_at, lng, na),
    verify_url: `${origin}${receiptPath(receipt.number)}`,
    recipient: {
      bank_name: singleLine(receipt.recipient.bank_name),
      bank_account: singleLine(receipt.recipient.bank_account),
      account_name: singleLine(receipt.recipient.account_name),
    },
  };
}

export interface ReceiptLine {
  key:
    | "campaign"
    | "recipient"
    | "bank"
    | "account"
    | "donor"
    | "amount"
    | "transfer"
    | "confirmed"
    | "code";
  /** A translation key (namespace receipts). */
  label: string;
  /** The value; for the campaign of a site donation, a translation key (`translate`). */
  value: string;
  translate?: boolean;
  /** A stored bank or holder name, shown as the donation page shows it (`receiptLineValue`). */
  shown?: "bank" | "holder";
}

/**
 * A line's value as both forms show it; `t` needs the `plans` namespace for the banks' and the
 * demo payee's names in the receipt's language.
 */
export function receiptLineValue(line: ReceiptLine, t: (key: string) => string): string {
  if (line.translate) return t(line.value);
  if (line.shown === "bank") return bankDisplayName(t, line.value);
  if (line.shown === "holder") return accountDisplayName(t, line.value);
  return line.value;
}

const TRANSFER_LABEL = {
  qpay: "receipts:doc.paidQpay",
  statement: "receipts:doc.transferred",
  pledge: "receipts:doc.pledged",
} as const;

/** The receipt's lines, in the order both forms show them. */
export function receiptLines(view: ReceiptView): ReceiptLine[] {
  return [
    view.campaign === null
      ? {
          key: "campaign",
          label: "receipts:doc.campaign",
          value: "receipts:doc.site",
          translate: true,
        }
      : { key: "campaign", label: "receipts:doc.campaign", value: view.campaign },
    {
      key: "recipient",
      label: "receipts:doc.recipient",
      value: view.recipient.account_name,
      shown: "holder",
    },
    { key: "bank", label: "receipts:doc.bank", value: view.recipient.bank_name, shown: "bank" },
    { key: "account", label: "receipts:doc.account", value: view.recipient.bank_account },
    { key: "donor", label: "receipts:doc.donor", value: view.donor_name },
    { key: "amount", label: "receipts:doc.amount", value: formatMoney(view.amount) },
    {
      key: "transfer",
      label: TRANSFER_LABEL[view.transfer_from],
      value: view.transfer_on,
    },
    { key: "confirmed", label: "receipts:doc.confirmed", value: view.confirmed_on },
    ...(view.payment_code
      ? [{ key: "code" as const, label: "receipts:doc.code", value: view.payment_code }]
      : []),
  ];
}
