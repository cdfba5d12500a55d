import { Form, Link } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { PendingButton } from "~/components/admin/pending-button";
import { ImageIcon, VideoIcon } from "~/components/icons";
import { PoolProgress } from "~/components/pool-card";
import { formatDate } from "~/lib/format";
import type { PoolSummary } from "~/models/pools.server";
import { PoolStatusBadge } from "./pool-status-badge";

/** The buttons of spec 02 §2: every status but the current one, whatever the current one is. */
const STATUS_ACTIONS = [
  { status: "active", label: "activate" },
  { status: "completed", label: "complete" },
  { status: "archived", label: "archive" },
] as const;

/** One pool in the admin list: status, money, start date, and the status buttons. */
export function PoolAdminCard({ pool }: { pool: PoolSummary }) {
  const { t, i18n } = useTranslation("admin");
  return (
    <li
      className="card flex flex-col gap-4 p-4 sm:flex-row sm:p-5"
      data-testid="admin-pool"
      data-pool-id={pool.id}
    >
      <div className="relative aspect-[16/9] w-full shrink-0 overflow-hidden rounded-xl bg-muted sm:aspect-[4/3] sm:w-40">
        {pool.photo_1_thumbnail ? (
          <img
            src={pool.photo_1_thumbnail}
            alt=""
            loading="lazy"
            className="h-full w-full object-cover"
          />
        ) : (
          <span className="grid h-full place-items-center text-muted-foreground">
            <ImageIcon width={28} height={28} />
          </span>
        )}
        {pool.has_video ? (
          <span className="absolute bottom-2 left-2 inline-flex items-center gap-1 rounded-full bg-black/60 px-2 py-0.5 text-xs text-white">
            <VideoIcon width={12} height={12} />
            {t("donations.pools.video")}
          </span>
        ) : null}
      </div>
      <div className="min-w-0 flex-1">
        <div className="flex flex-wrap items-center gap-2">
          <PoolStatusBadge status={pool.status} />
          <span className="text-xs text-muted-foreground">
            {t("donations.pools.created", { date: formatDate(pool.created_at, i18n.language) })}
          </span>
        </div>
        <h3 className="mt-1.5 break-words text-lg font-semibold leading-snug">
          <Link
            to={`/donation-pools/${pool.id}`}
            className="hover:underline"
            data-testid="pool-name"
          >
            {pool.name}
          </Link>
        </h3>
        <div className="mt-3 max-w-md">
          <PoolProgress
            current={pool.current_amount}
            goal={pool.goal_amount}
            percent={pool.progress}
          />
        </div>
        {pool.ends_on ? (
          <p className="mt-2 text-xs text-muted-foreground" data-testid="pool-ends-on">
            {t("newPool.fields.endsOn")}: {formatDate(pool.ends_on, i18n.language)}
          </p>
        ) : null}
        <div className="mt-4 flex flex-wrap gap-2">
          <Link
            to={`/admin/donations/pools/${pool.id}/edit`}
            className="btn-outline px-3 py-2"
            aria-label={t("editPool.editNamed", { name: pool.name })}
          >
            {t("editPool.edit")}
          </Link>
          <Link
            to={`/admin/donations/pools/${pool.id}/updates`}
            className="btn-outline px-3 py-2"
            aria-label={t("poolUpdates.linkNamed", { name: pool.name })}
            data-testid="pool-updates-link"
          >
            {t("poolUpdates.link")}
          </Link>
          {STATUS_ACTIONS.filter((a) => a.status !== pool.status).map((a) => (
            <Form key={a.status} method="post" preventScrollReset>
              <input type="hidden" name="id" value={pool.id} />
              <input type="hidden" name="status" value={a.status} />
              <PendingButton
                intent={`status-${a.status}`}
                pendingId={pool.id}
                className="btn-outline px-3 py-2"
              >
                {t(`donations.pools.${a.label}`)}
              </PendingButton>
            </Form>
          ))}
        </div>
      </div>
    </li>
  );
}
