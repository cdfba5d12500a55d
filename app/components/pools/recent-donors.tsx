import { Link } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { MessageIcon } from "~/components/page-icons";
import { EmptyState } from "~/components/section-error";
import { formatDate, formatMoney } from "~/lib/format";

export interface RecentDonation {
  id: number;
  /** null: the donor asked not to be shown by name. */
  donor_name: string | null;
  amount: number;
  message: string | null;
  donation_date: string;
}

/** Recent donors of a pool (spec 02 §3): verified, not hidden, newest first, with messages. */
export function RecentDonors({
  donations,
  poolId,
}: {
  donations: RecentDonation[];
  poolId: number;
}) {
  const { t, i18n } = useTranslation("pools");
  return (
    <section aria-labelledby="recent-title" data-testid="recent-donors">
      <h2 id="recent-title" className="text-xl font-bold tracking-tight">
        {t("recent.title")}
      </h2>
      <p className="mt-1 text-sm text-muted-foreground">{t("recent.subtitle")}</p>
      {donations.length === 0 ? (
        <div className="mt-4">
          <EmptyState>{t("recent.empty")}</EmptyState>
        </div>
      ) : (
        <ul className="mt-4 divide-y divide-border rounded-2xl border border-border bg-card">
          {donations.map((d) => {
            const name = d.donor_name ?? t("recent.anonymous");
            return (
              <li key={d.id} className="flex gap-3 p-4 sm:gap-4" data-testid="recent-donation">
                <span
                  aria-hidden="true"
                  className="flex h-10 w-10 shrink-0 items-center justify-center rounded-full bg-secondary text-sm font-bold text-secondary-foreground"
                >
                  {d.donor_name ? (Array.from(d.donor_name.trim())[0]?.toUpperCase() ?? "?") : "?"}
                </span>
                <div className="min-w-0 flex-1">
                  {/* The amount keeps the right edge whatever the name's length («anonymous donor»
                      is long): the name wraps, the amount never goes under it. */}
                  <div className="flex items-baseline justify-between gap-3">
                    <p
                      className="min-w-0 flex-1 break-words font-semibold"
                      data-testid="donor-name"
                    >
                      {name}
                    </p>
                    <p
                      className="shrink-0 whitespace-nowrap text-right font-bold text-success"
                      data-testid="donor-amount"
                    >
                      {formatMoney(d.amount)}
                    </p>
                  </div>
                  <p className="text-xs text-muted-foreground">
                    <time dateTime={d.donation_date}>
                      {formatDate(d.donation_date, i18n.language, t("common:na"))}
                    </time>
                  </p>
                  {d.message ? (
                    <p className="mt-2 flex gap-2 break-words rounded-lg bg-muted/60 px-3 py-2 text-sm leading-relaxed text-foreground/90">
                      <MessageIcon
                        width={15}
                        height={15}
                        className="mt-0.5 shrink-0 text-muted-foreground"
                      />
                      <span data-testid="donor-message">{d.message}</span>
                    </p>
                  ) : null}
                </div>
              </li>
            );
          })}
        </ul>
      )}
      <p className="mt-3 text-sm">
        <Link
          to={`/donation-pools/${poolId}/ledger`}
          className="font-medium text-primary underline-offset-4 hover:underline"
        >
          {t("ledger.link")} →
        </Link>
      </p>
    </section>
  );
}
