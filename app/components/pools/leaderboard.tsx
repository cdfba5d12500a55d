import { useTranslation } from "react-i18next";
import { EmptyState, SectionError } from "~/components/section-error";
import { formatMoney } from "~/lib/format";

export interface LeaderboardEntry {
  rank: number;
  donor_name: string;
  total: number;
  gifts: number;
}

/** Gold, silver and bronze for the first three; the rest share one quiet style. */
const MEDALS = [
  "bg-gold text-gold-foreground",
  "bg-slate-300 text-slate-900 dark:bg-slate-400",
  "bg-amber-700 text-white dark:bg-amber-600 dark:text-amber-950",
];

/** Top donors who chose to be shown (DESIGN §4 /donation-pools): verified gifts only. */
export function Leaderboard({ donors }: { donors: LeaderboardEntry[] | null }) {
  const { t } = useTranslation("pools");
  return (
    <section
      aria-labelledby="leaderboard-title"
      className="card p-5 sm:p-6"
      data-testid="leaderboard"
    >
      <h2 id="leaderboard-title" className="text-xl font-bold tracking-tight sm:text-2xl">
        {t("leaderboard.title")}
      </h2>
      <p className="mt-1 text-sm text-muted-foreground">{t("leaderboard.subtitle")}</p>
      <div className="mt-5">
        {donors === null ? (
          <SectionError message={t("leaderboard.loadError")} />
        ) : donors.length === 0 ? (
          <EmptyState>{t("leaderboard.empty")}</EmptyState>
        ) : (
          <ol className="space-y-2">
            {donors.map((d) => (
              <li
                key={d.rank}
                className="flex items-center gap-3 rounded-xl px-2 py-2 odd:bg-muted/50"
                data-testid="leaderboard-row"
              >
                <span
                  className={`flex h-9 w-9 shrink-0 items-center justify-center rounded-full text-sm font-bold ${
                    MEDALS[d.rank - 1] ?? "bg-secondary text-secondary-foreground"
                  }`}
                >
                  <span className="sr-only">{t("leaderboard.rank", { rank: d.rank })}</span>
                  <span aria-hidden="true">{d.rank}</span>
                </span>
                <div className="min-w-0 flex-1">
                  <p className="truncate font-semibold" data-testid="leaderboard-name">
                    {d.donor_name}
                  </p>
                  <p className="text-xs text-muted-foreground">
                    {t("leaderboard.gifts", { count: d.gifts })}
                  </p>
                </div>
                <p className="shrink-0 font-bold tabular-nums" data-testid="leaderboard-total">
                  {formatMoney(d.total)}
                </p>
              </li>
            ))}
          </ol>
        )}
      </div>
    </section>
  );
}
