import { useTranslation } from "react-i18next";
import { bankDisplayName } from "~/utils/plans";

/**
 * Where a premium story's author is paid (bank, account number, account name) and, when given,
 * the payment reference the administrator matches against the bank statement.
 */
export function BankAccountDetails({
  bankName,
  bankAccount,
  accountName,
  reference,
  className = "",
}: {
  bankName: string;
  bankAccount: string;
  accountName: string | null;
  reference?: string | null;
  className?: string;
}) {
  const { t } = useTranslation("admin");
  const rows: [string, string, boolean][] = [
    [t("stories.bank.name"), bankDisplayName(t, bankName), false],
    [t("stories.bank.account"), bankAccount, true],
    [t("stories.bank.accountName"), accountName || t("common.na"), false],
  ];
  if (reference !== undefined) {
    rows.push([t("stories.bank.reference"), reference || t("common.na"), true]);
  }
  return (
    <dl className={`grid grid-cols-[auto_minmax(0,1fr)] gap-x-4 gap-y-1.5 text-sm ${className}`}>
      {rows.map(([label, value, mono]) => (
        <div key={label} className="contents">
          <dt className="text-muted-foreground">{label}</dt>
          <dd className={`break-words font-medium ${mono ? "font-mono tabular-nums" : ""}`}>
            {value}
          </dd>
        </div>
      ))}
    </dl>
  );
}
