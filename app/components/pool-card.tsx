import { Link } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { ImageIcon, VideoIcon } from "~/components/icons";
import { ImageOnDemand } from "~/components/image-on-demand";
import { formatDate, formatMoney } from "~/lib/format";
import type { PoolSummary } from "~/models/pools.server";

/** Progress bar of a pool: the percentage is round(current / goal × 100), capped at 100. */
export function PoolProgress({
  current,
  goal,
  percent,
}: {
  current: number;
  goal: number;
  percent: number;
}) {
  const { t } = useTranslation("stories");
  return (
    <div>
      <div className="flex items-end justify-between gap-2 text-sm">
        <div>
          <span className="block text-xs text-muted-foreground">{t("pools.raisedLabel")}</span>
          <span className="font-bold text-foreground">{formatMoney(current)}</span>
        </div>
        <div className="text-right">
          <span className="block text-xs text-muted-foreground">{t("pools.goalLabel")}</span>
          <span className="font-medium">{formatMoney(goal)}</span>
        </div>
      </div>
      <div
        className="mt-2 h-2.5 overflow-hidden rounded-full bg-muted"
        role="progressbar"
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={percent}
        aria-label={t("pools.progress", { percent })}
      >
        <div className="h-full rounded-full bg-success" style={{ width: `${percent}%` }} />
      </div>
      <p className="mt-1.5 text-xs font-medium text-muted-foreground">
        {t("pools.progress", { percent })}
      </p>
    </div>
  );
}

/** What a pool card draws: the pages may send only this (decision 070). */
export type PoolCardView = Pick<
  PoolSummary,
  | "id"
  | "name"
  | "description"
  | "goal_amount"
  | "current_amount"
  | "progress"
  | "created_at"
  | "status"
  | "photo_1_thumbnail"
  | "has_video"
>;

/** A pool card (spec 01 §2 Donation pools section). */
export function PoolCard({ pool, headingLevel = 3 }: { pool: PoolCardView; headingLevel?: 2 | 3 }) {
  const { t, i18n } = useTranslation("stories");
  // h3 under the home page's section heading; h2 straight under a list page's h1.
  const Heading = headingLevel === 2 ? "h2" : "h3";
  return (
    <article
      className="card flex h-full flex-col overflow-hidden"
      data-testid="pool-card"
      data-status={pool.status}
    >
      <div className="relative aspect-[16/9] bg-muted">
        {pool.photo_1_thumbnail ? (
          <ImageOnDemand
            thumbnail={pool.photo_1_thumbnail}
            alt=""
            label={pool.name}
            className="h-full w-full object-cover"
          >
            <img
              src={pool.photo_1_thumbnail}
              alt=""
              loading="lazy"
              decoding="async"
              width={640}
              height={427}
              className="h-full w-full object-cover"
            />
          </ImageOnDemand>
        ) : (
          <div className="flex h-full flex-col items-center justify-center gap-1 text-muted-foreground">
            <ImageIcon width={28} height={28} />
            <span className="text-xs">{t("pools.noPhoto")}</span>
          </div>
        )}
        <div className="absolute left-3 top-3 flex gap-1.5">
          {pool.has_video ? (
            <span className="inline-flex items-center gap-1 rounded-full bg-black/65 px-2 py-0.5 text-xs font-semibold text-white">
              <VideoIcon width={12} height={12} />
              {t("pools.hasVideo")}
            </span>
          ) : null}
          {pool.status === "completed" ? (
            <span className="rounded-full bg-success px-2 py-0.5 text-xs font-semibold text-success-foreground">
              {t("pools.completed")}
            </span>
          ) : null}
          {/* Archived pools appear only on /donation-pools, whose page loads the pools catalogue. */}
          {pool.status === "archived" ? (
            <span className="rounded-full bg-foreground/80 px-2 py-0.5 text-xs font-semibold text-background">
              {t("pools:status.archived")}
            </span>
          ) : null}
        </div>
      </div>
      <div className="flex flex-1 flex-col p-5">
        <Heading className="text-lg font-semibold leading-snug">{pool.name}</Heading>
        <p className="mt-1 text-xs text-muted-foreground">
          {t("pools.created", { date: formatDate(pool.created_at, i18n.language) })}
        </p>
        <div className="mt-3 flex-1">
          <p className="line-clamp-3 text-sm leading-relaxed text-muted-foreground">
            {pool.description}
          </p>
        </div>
        <div className="mt-4">
          <PoolProgress
            current={pool.current_amount}
            goal={pool.goal_amount}
            percent={pool.progress}
          />
        </div>
        <Link to={`/donation-pools/${pool.id}`} className="btn-secondary mt-5 w-full">
          {t("pools.details")}
        </Link>
      </div>
    </article>
  );
}
