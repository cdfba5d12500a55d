import { useState } from "react";
import { useTranslation } from "react-i18next";
import { CopyButton } from "~/components/copy-button";
import { Toaster } from "~/components/toaster";
import { formatMoney } from "~/lib/format";
import { accountDisplayName, bankDisplayName } from "~/lib/plans";
import type { ToastMessage } from "~/lib/toast";

export interface BankAccount {
  bank_name: string;
  bank_account: string;
  account_name: string;
}

interface Row {
  key: string;
  label: string;
  value: string;
  copy: string;
  mono?: boolean;
  strong?: boolean;
}

/**
 * Where to send the money, each value with a copy button (JavaScript only; without it the values
 * are plain text to select). The route must load the `post` and `plans` namespaces: the copy
 * button speaks `post`, bank names are translated through `plans`.
 */
export function BankDetails({
  account,
  amount,
  reference,
}: {
  account: BankAccount;
  amount?: number;
  reference?: string;
}) {
  const { t } = useTranslation("donate");
  const [toast, setToast] = useState<ToastMessage | null>(null);
  const copyFailed = () => setToast({ type: "error", title: "donate:toast.copyFailed" });
  const bank = bankDisplayName(t, account.bank_name);
  const holder = accountDisplayName(t, account.account_name);
  const rows: Row[] = [
    { key: "bank", label: t("bank.bank"), value: bank, copy: bank },
    {
      key: "account",
      label: t("bank.account"),
      value: account.bank_account,
      copy: account.bank_account,
      mono: true,
      strong: true,
    },
    {
      key: "holder",
      label: t("bank.accountName"),
      value: holder,
      copy: holder,
    },
  ];
  if (amount !== undefined) {
    rows.push({
      key: "amount",
      label: t("bank.amount"),
      value: formatMoney(amount),
      copy: String(amount),
      strong: true,
    });
  }
  if (reference !== undefined) {
    rows.push({
      key: "reference",
      label: t("bank.description"),
      value: reference,
      copy: reference,
      mono: true,
      strong: true,
    });
  }
  return (
    <>
      <dl className="divide-y divide-border overflow-hidden rounded-xl border border-border bg-card">
        {rows.map((row) => (
          <div
            key={row.key}
            className="flex flex-wrap items-center gap-x-4 gap-y-0.5 px-4 py-3"
            data-testid={`bank-${row.key}`}
          >
            <dt className="w-full text-xs font-medium text-muted-foreground sm:w-36 sm:text-sm">
              {row.label}
            </dt>
            <dd className="flex min-w-0 flex-1 items-center gap-2">
              <span
                className={`min-w-0 flex-1 break-all ${row.mono ? "font-mono tracking-wide" : ""} ${
                  row.strong ? "text-lg font-bold" : "font-medium"
                }`}
              >
                {row.value}
              </span>
              <CopyButton value={row.copy} label={row.label} onFail={copyFailed} />
            </dd>
          </div>
        ))}
      </dl>
      <Toaster toast={toast} />
    </>
  );
}
