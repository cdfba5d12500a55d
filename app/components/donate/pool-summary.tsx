import { Link } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { ArrowLeftIcon, ImageIcon } from "~/components/icons";
import { useLightMode } from "~/components/light-switch";
import { PoolProgress } from "~/components/pool-card";

export interface PoolHeading {
  id: number;
  name: string;
  status: "active" | "completed" | "archived";
  goal_amount: number;
  current_amount: number;
  progress: number;
  photo: string | null;
}

/**
 * Which campaign the donor is giving to, and how far it is from its goal: the first thing on the
 * pledge page, so nobody sends money to the wrong cause. `PoolProgress` speaks the `stories`
 * namespace (the route loads it).
 */
export function PoolSummary({ pool }: { pool: PoolHeading }) {
  const { t } = useTranslation("donate");
  // Decorative beside the name: light mode (decision 065) leaves it out.
  const photo = useLightMode() ? null : pool.photo;
  return (
    <section className="card overflow-hidden" aria-label={t("pledge.campaign")}>
      <div className="flex gap-4 p-4 sm:p-5">
        <div className="h-16 w-16 shrink-0 overflow-hidden rounded-xl bg-muted sm:h-20 sm:w-20">
          {photo ? (
            <img src={photo} alt="" width={80} height={80} className="h-full w-full object-cover" />
          ) : (
            <div className="flex h-full items-center justify-center text-muted-foreground">
              <ImageIcon width={24} height={24} />
            </div>
          )}
        </div>
        <div className="min-w-0 flex-1">
          <p className="text-xs font-semibold uppercase tracking-wide text-primary">
            {t("pledge.campaign")}
          </p>
          <p className="mt-0.5 font-semibold leading-snug" data-testid="pool-name">
            {pool.name}
          </p>
          <Link
            to={`/donation-pools/${pool.id}`}
            className="mt-1 inline-flex items-center gap-1 text-sm font-medium text-primary hover:underline"
          >
            <ArrowLeftIcon width={14} height={14} />
            {t("pledge.backToPool")}
          </Link>
        </div>
      </div>
      <div className="border-t border-border px-4 py-3 sm:px-5">
        <PoolProgress
          current={pool.current_amount}
          goal={pool.goal_amount}
          percent={pool.progress}
        />
      </div>
    </section>
  );
}
