import { useTranslation } from "react-i18next";
import { accountDisplayName, bankDisplayName } from "~/lib/plans";
import type { BankAccount } from "./bank-details";

/**
 * How to set up a standing order («байнгын гүйлгээ») in the internet bank, in plain words: where
 * the banks keep it (named generically, no menu paths: they change), and what to fill in.
 */
export function StandingOrderSteps({
  titleId,
  account,
  amount,
  day,
  code,
}: {
  titleId: string;
  account: BankAccount;
  amount: string;
  day: string;
  code: string;
}) {
  const { t } = useTranslation("donate");
  const steps = [
    t("monthly.standingOrder.account", {
      account: account.bank_account,
      bank: bankDisplayName(t, account.bank_name),
      holder: accountDisplayName(t, account.account_name),
    }),
    t("monthly.standingOrder.amount", { amount }),
    t("monthly.standingOrder.day", { day }),
    t("monthly.standingOrder.description", { code }),
  ];
  return (
    <div className="space-y-3" data-testid="standing-order">
      <h2 id={titleId} className="text-lg font-semibold sm:text-xl">
        {t("monthly.standingOrder.title")}
      </h2>
      <p className="leading-relaxed text-muted-foreground">{t("monthly.standingOrder.intro")}</p>
      <p className="leading-relaxed text-muted-foreground">{t("monthly.standingOrder.where")}</p>
      <p className="font-medium">{t("monthly.standingOrder.fill")}</p>
      <ol className="list-decimal space-y-1.5 pl-6">
        {steps.map((step) => (
          <li key={step} className="leading-relaxed">
            {step}
          </li>
        ))}
      </ol>
      <p className="text-sm leading-relaxed text-muted-foreground">
        {t("monthly.standingOrder.after")}
      </p>
      <p className="rounded-xl border border-gold/60 bg-gold-soft p-3 text-sm leading-relaxed">
        {t("monthly.standingOrder.bankToo")}
      </p>
    </div>
  );
}
