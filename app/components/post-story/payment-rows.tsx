import { type ReactNode, useState } from "react";
import { CopyButton } from "~/components/copy-button";
import { Toaster } from "~/components/toaster";
import { formatMoney } from "~/lib/format";
import { accountDisplayName, bankDisplayName } from "~/lib/plans";
import type { ToastMessage } from "~/lib/toast";

/** One line of where to pay: what it is, as shown, and what its copy button copies. */
export interface PaymentRow {
  label: string;
  value: string;
  copy: string;
  mono?: boolean;
  strong?: boolean;
}

type T = (key: string) => string;

/**
 * The site's account and the amount. `labels` names where the words are: step 3 has them in
 * `post:payment`; the box, shown on the story page too, in `plans:paymentBox.labels`, a namespace
 * the story page already loads for every reader.
 */
export function storyPaymentRows(
  t: T,
  payee: { bank_name: string; bank_account: string; account_name: string },
  amount: number,
  labels: "post:payment" | "plans:paymentBox.labels",
): PaymentRow[] {
  const bank = bankDisplayName(t, payee.bank_name);
  const holder = accountDisplayName(t, payee.account_name);
  return [
    { label: t(`${labels}.bank`), value: bank, copy: bank },
    {
      label: t(`${labels}.account`),
      value: payee.bank_account,
      copy: payee.bank_account,
      mono: true,
    },
    { label: t(`${labels}.accountName`), value: holder, copy: holder },
    {
      label: t(`${labels}.amount`),
      value: formatMoney(amount),
      copy: String(amount),
      strong: true,
    },
  ];
}

/**
 * The bank, account, holder and amount of a story payment, each with a copy button: step 3 of
 * /post-story and the payment box after sending show the same list (spec 02 §2). `children` is
 * the code's own row, which step 3 lets the author edit and the box only shows.
 */
export function PaymentRows({
  rows,
  onCopyFail,
  children,
}: {
  rows: PaymentRow[];
  onCopyFail: () => void;
  children?: ReactNode;
}) {
  return (
    // Label over value on phones, label | value | copy in a row from sm up.
    <dl className="divide-y divide-border overflow-hidden rounded-xl border border-border">
      {rows.map((row) => (
        <div key={row.label} className="px-4 py-3 sm:flex sm:items-center sm:gap-4">
          <dt className="text-sm text-muted-foreground sm:w-44 sm:shrink-0">{row.label}</dt>
          <dd className="mt-0.5 flex min-w-0 flex-1 items-center justify-between gap-3 sm:mt-0">
            <span
              className={`min-w-0 break-words ${row.mono ? "font-mono tabular-nums tracking-wide" : ""} ${row.strong ? "text-lg font-bold" : "font-medium"}`}
            >
              {row.value}
            </span>
            <CopyButton value={row.copy} label={row.label} onFail={onCopyFail} />
          </dd>
        </div>
      ))}
      {children}
    </dl>
  );
}

/** The rows with their own "Copy failed" toast, where no form around them has one (the inbox). */
export function PaymentList({ rows }: { rows: PaymentRow[] }) {
  const [toast, setToast] = useState<ToastMessage | null>(null);
  return (
    <>
      <PaymentRows
        rows={rows}
        onCopyFail={() => setToast({ type: "error", title: "plans:paymentBox.labels.copyFailed" })}
      />
      <Toaster toast={toast} />
    </>
  );
}
