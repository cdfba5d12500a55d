import { useTranslation } from "react-i18next";
import { CopyButton } from "~/components/copy-button";
import { GiftIcon } from "~/components/page-icons";
import { bankDisplayName } from "~/lib/plans";

export interface AuthorBank {
  bank_name: string;
  bank_account: string;
  account_name: string | null;
}

/**
 * The author's bank details behind a "support" button (donation-eligible tiers only). A
 * <details> element opens and closes without JavaScript; with it, the account number can be
 * copied in one click.
 */
export function DonatePanel({ author, bank }: { author: string; bank: AuthorBank }) {
  const { t } = useTranslation("story");
  return (
    <details className="group w-full" data-testid="donate-panel">
      <summary className="btn w-full cursor-pointer list-none border border-gold/60 bg-gold-soft text-foreground shadow-sm hover:border-gold sm:w-auto [&::-webkit-details-marker]:hidden">
        <GiftIcon width={18} height={18} className="text-gold" />
        <span className="group-open:hidden">{t("donate.button")}</span>
        <span className="hidden group-open:inline">{t("donate.hide")}</span>
      </summary>
      <div className="mt-4 rounded-2xl border border-gold/40 bg-gold-soft/60 p-5 sm:p-6">
        <p className="font-semibold">{t("donate.title", { author })}</p>
        <p className="mt-1 text-sm text-foreground/80">{t("donate.text")}</p>
        <dl className="mt-4 grid gap-3 sm:grid-cols-3">
          <Detail label={t("donate.bankName")} testId="donate-bank">
            {bankDisplayName(t, bank.bank_name)}
          </Detail>
          <Detail label={t("donate.bankAccount")} testId="donate-account">
            <span className="break-all font-mono tracking-wide">{bank.bank_account}</span>
            <CopyButton value={bank.bank_account} label={t("donate.bankAccount")} inline />
          </Detail>
          {bank.account_name ? (
            <Detail label={t("donate.accountName")} testId="donate-holder">
              {bank.account_name}
            </Detail>
          ) : null}
        </dl>
      </div>
    </details>
  );
}

function Detail({
  label,
  testId,
  children,
}: {
  label: string;
  testId: string;
  children: React.ReactNode;
}) {
  return (
    <div className="rounded-xl bg-card px-4 py-3 shadow-sm">
      <dt className="text-xs font-medium uppercase tracking-wide text-muted-foreground">{label}</dt>
      <dd className="mt-1 flex items-center gap-2 break-words font-semibold" data-testid={testId}>
        {children}
      </dd>
    </div>
  );
}
