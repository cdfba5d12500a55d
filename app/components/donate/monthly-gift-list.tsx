import { Link } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { formatMoney } from "~/lib/format";
import { dayWord } from "~/lib/ub-months";

export interface MonthlyGiftItem {
  id: number;
  pool: { id: number; name: string } | null;
  amount: number;
  day_of_month: number;
  status: string;
  payment_code: string;
  path: string;
}

/** A signed-in donor's monthly gifts on /profile (issue 43), each with its own page. */
export function MonthlyGiftList({ gifts }: { gifts: MonthlyGiftItem[] }) {
  const { t, i18n } = useTranslation("donate");
  if (gifts.length === 0) return null;
  return (
    <section
      className="card mt-6 p-5 sm:p-6"
      aria-labelledby="monthly-gifts-title"
      data-testid="profile-monthly"
    >
      <h2 id="monthly-gifts-title" className="text-lg font-semibold sm:text-xl">
        {t("monthly.profile.title")}
      </h2>
      <ul className="mt-4 divide-y divide-border">
        {gifts.map((gift) => (
          <li key={gift.id} className="flex flex-wrap items-center justify-between gap-3 py-3">
            <div>
              <p className="font-medium">
                {gift.pool ? gift.pool.name : t("monthly.profile.toSite")}
              </p>
              <p className="text-sm text-muted-foreground">
                {formatMoney(gift.amount)} ·{" "}
                {t("monthly.page.dayValue", { day: dayWord(gift.day_of_month, i18n.language) })} ·{" "}
                {t(`monthly.page.${gift.status}`)} ·{" "}
                <span className="font-mono">{gift.payment_code}</span>
              </p>
            </div>
            <Link to={gift.path} className="btn-outline px-3 py-1.5 text-sm">
              {t("monthly.profile.open")}
            </Link>
          </li>
        ))}
      </ul>
    </section>
  );
}
