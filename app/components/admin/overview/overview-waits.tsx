import { Link } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { formatNumber } from "~/lib/format";
import type { WaitKey } from "~/models/admin-overview.server";

/**
 * What waits for an administrator: one card a kind, the whole card a link to the tab where it is
 * worked on. Two to a row on a phone; a card with nothing waiting stays, quieter, so the grid
 * keeps its places and "nothing" is said rather than left out.
 */
export function OverviewWaits({
  waits,
}: {
  waits: { key: WaitKey; count: number; href: string }[];
}) {
  const { t } = useTranslation("admin");
  return (
    <section aria-labelledby="overview-waiting">
      <h2 id="overview-waiting" className="text-lg font-semibold">
        {t("overview.waiting.heading")}
      </h2>
      <ul className="mt-3 grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-5">
        {waits.map((w) => (
          <li key={w.key}>
            <Link
              to={w.href}
              data-wait={w.key}
              className={`card flex h-full flex-col gap-1 p-3 transition-colors hover:border-primary focus-visible:border-primary sm:p-4 ${
                w.count > 0 ? "" : "text-muted-foreground"
              }`}
            >
              <span
                className={`text-2xl font-bold tabular-nums ${w.count > 0 ? "text-primary" : ""}`}
              >
                {formatNumber(w.count)}
              </span>
              <span className="text-sm font-semibold leading-snug">
                {t(`overview.waiting.${w.key}`)}
              </span>
              <span className="text-xs leading-snug text-muted-foreground">
                {t(`overview.waiting.${w.key}Hint`)}
              </span>
            </Link>
          </li>
        ))}
      </ul>
    </section>
  );
}
