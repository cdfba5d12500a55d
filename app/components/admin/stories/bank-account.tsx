import { useTranslation } from "react-i18next";
import { bankDisplayName } from "~/lib/plans";

/**
 * Where a premium story's author is paid (bank, account number, account name), in its own box:
 * the site's payment code is not theirs and is shown apart (issue 16).
 */
export function AuthorBankAccount({
  bankName,
  bankAccount,
  accountName,
  className = "",
}: {
  bankName: string;
  bankAccount: string;
  accountName: string | null;
  className?: string;
}) {
  const { t } = useTranslation("admin");
  const rows: [string, string, boolean][] = [
    [t("stories.bank.name"), bankDisplayName(t, bankName), false],
    [t("stories.bank.account"), bankAccount, true],
    [t("stories.bank.accountName"), accountName || t("common.na"), false],
  ];
  return (
    <div className={`rounded-xl border border-border bg-muted/40 p-3 ${className}`}>
      <p className="mb-2 text-xs font-semibold uppercase tracking-wide text-muted-foreground">
        {t("approvals.bankAccount")}
      </p>
      <dl className="grid grid-cols-[auto_minmax(0,1fr)] gap-x-4 gap-y-1.5 text-sm">
        {rows.map(([label, value, mono]) => (
          <div key={label} className="contents">
            <dt className="text-muted-foreground">{label}</dt>
            <dd className={`break-words font-medium ${mono ? "font-mono tabular-nums" : ""}`}>
              {value}
            </dd>
          </div>
        ))}
      </dl>
    </div>
  );
}
