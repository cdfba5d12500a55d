import { useTranslation } from "react-i18next";
import { CopyButton } from "~/components/copy-button";
import { bankDisplayName } from "~/lib/plans";

export interface PoolBank {
  bank_name: string;
  bank_account: string;
  account_name: string;
}

/** Where a donor sends the money: the pool's own account (spec 02 §3 donation_pools). */
export function BankDetails({ bank }: { bank: PoolBank }) {
  const { t } = useTranslation("pools");
  return (
    <section aria-labelledby="bank-title" data-testid="bank-details">
      <h2 id="bank-title" className="text-sm font-semibold">
        {t("bank.title")}
      </h2>
      <p className="mt-1 text-xs leading-relaxed text-muted-foreground">{t("bank.text")}</p>
      <dl className="mt-3 divide-y divide-border rounded-xl border border-border bg-background/60 text-sm">
        <Row label={t("bank.bankName")}>
          <span data-testid="pool-bank">{bankDisplayName(t, bank.bank_name)}</span>
        </Row>
        <Row label={t("bank.bankAccount")}>
          <span className="break-all font-mono tracking-wide" data-testid="pool-account">
            {bank.bank_account}
          </span>
          <CopyButton value={bank.bank_account} label={t("bank.bankAccount")} inline />
        </Row>
        <Row label={t("bank.accountName")}>
          <span data-testid="pool-holder">{bank.account_name}</span>
        </Row>
      </dl>
    </section>
  );
}

function Row({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <div className="px-3.5 py-2.5">
      <dt className="text-xs text-muted-foreground">{label}</dt>
      <dd className="mt-0.5 flex min-h-7 items-center gap-2 font-semibold">{children}</dd>
    </div>
  );
}
