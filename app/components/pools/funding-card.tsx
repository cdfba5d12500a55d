import { Link } from "@remix-run/react";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { CheckCircleIcon, HeartIcon, InfoIcon } from "~/components/icons";
import { CalendarIcon, GiftIcon, ShieldIcon } from "~/components/page-icons";
import { BankDetails, type PoolBank } from "~/components/pools/bank-details";
import { FundingLegend, FundingProgress } from "~/components/pools/funding-progress";
import { formatDate, formatMoney } from "~/lib/format";
import { daysLeft } from "~/lib/pool-end";

export interface PoolFunding extends PoolBank {
  id: number;
  status: "active" | "completed" | "archived";
  /** The last day of pledges, if any, and whether it is behind us (issue 16). */
  ends_on: string | null;
  ended: boolean;
  goal_amount: number;
  current_amount: number;
  pledged_amount: number;
  progress: number;
  pledged_progress: number;
  donors_count: number;
  /** Active monthly gifts and what they promise each month (issue 43). */
  monthly_givers: number;
  monthly_amount: number;
}

/**
 * The money side of a pool page: raised against the goal, the pledged-but-unverified share
 * kept apart, the donate link (active pools only — DESIGN §4 and decision 008), the account.
 * `trend`: the money over time in small, above the link to the ledger where it is drawn in full.
 */
export function FundingCard({ pool, trend }: { pool: PoolFunding; trend?: ReactNode }) {
  const { t, i18n } = useTranslation("pools");
  const open = pool.status === "active" && !pool.ended;
  const left = daysLeft(pool.ends_on);
  return (
    <div className="card p-5 sm:p-6" data-testid="funding-card">
      <p className="flex flex-wrap items-baseline gap-x-2">
        <span className="text-3xl font-extrabold tracking-tight" data-testid="pool-raised">
          {formatMoney(pool.current_amount)}
        </span>
        <span className="text-sm text-muted-foreground">{t("detail.raised")}</span>
      </p>
      <p className="mt-0.5 text-sm text-muted-foreground" data-testid="pool-goal">
        {t("detail.goal", { goal: formatMoney(pool.goal_amount) })}
      </p>

      <div className="mt-4">
        <FundingProgress percent={pool.progress} pledgedPercent={pool.pledged_progress} />
      </div>
      <div className="mt-2.5 flex flex-wrap items-center justify-between gap-x-4 gap-y-1 text-sm">
        <span className="font-semibold text-success" data-testid="pool-percent">
          {t("detail.percent", { percent: pool.progress })}
        </span>
        <span className="inline-flex items-center gap-1.5 text-muted-foreground">
          <HeartIcon width={15} height={15} />
          {t("detail.donors", { count: pool.donors_count })}
        </span>
      </div>
      <div className="mt-3">
        <FundingLegend
          pledged={pool.pledged_amount > 0 ? formatMoney(pool.pledged_amount) : null}
        />
      </div>
      {pool.pledged_amount > 0 ? (
        <p className="mt-3 flex gap-2 rounded-lg bg-muted/70 p-2.5 text-xs leading-relaxed text-muted-foreground">
          <InfoIcon width={15} height={15} className="mt-px shrink-0" />
          {t("progress.pledgedNote")}
        </p>
      ) : null}
      {pool.monthly_givers > 0 ? (
        <p
          className="mt-3 flex gap-2 rounded-lg border border-primary/20 bg-secondary/60 p-2.5 text-sm leading-relaxed"
          data-testid="pool-monthly"
        >
          <CalendarIcon width={16} height={16} className="mt-0.5 shrink-0 text-primary" />
          <span>
            <span className="font-semibold">
              {t("detail.monthly.figure", {
                count: pool.monthly_givers,
                amount: formatMoney(pool.monthly_amount),
              })}
            </span>{" "}
            <span className="text-muted-foreground">{t("detail.monthly.note")}</span>
          </span>
        </p>
      ) : null}
      {trend ? <div className="mt-4">{trend}</div> : null}
      <Link
        to={`/donation-pools/${pool.id}/ledger`}
        className="mt-3 inline-flex text-sm font-medium text-primary underline-offset-4 hover:underline"
        data-testid="ledger-link"
      >
        {t("ledger.link")} →
      </Link>

      <div className="mt-5">
        {open ? (
          <>
            {pool.ends_on && left !== null ? (
              <p className="mb-3 text-center text-sm font-medium" data-testid="pool-ends">
                {t("detail.endsOn", { date: formatDate(pool.ends_on, i18n.language) })}{" "}
                <span className="text-muted-foreground">
                  ({t("detail.daysLeft", { count: left })})
                </span>
              </p>
            ) : null}
            <Link
              to={`/donation-pools/${pool.id}/donate`}
              className="btn-primary w-full py-3 text-base"
              data-testid="donate-link"
            >
              <GiftIcon width={18} height={18} />
              {t("detail.donate")}
            </Link>
            <p className="mt-2 flex items-start justify-center gap-1.5 text-center text-xs text-muted-foreground">
              <ShieldIcon width={14} height={14} className="mt-px shrink-0" />
              {t("detail.donateHint")}
            </p>
          </>
        ) : (
          <ClosedNotice status={pool.status === "active" ? "ended" : pool.status} />
        )}
      </div>

      {/* A closed pool shows no account: a transfer there could not be recorded as a pledge. */}
      {open ? (
        <div className="mt-6 border-t border-border pt-5">
          <BankDetails bank={pool} />
        </div>
      ) : null}
    </div>
  );
}

function ClosedNotice({ status }: { status: "completed" | "archived" | "ended" }) {
  const { t } = useTranslation("pools");
  return (
    <div
      className="flex gap-3 rounded-xl border border-success/40 bg-success/10 p-4"
      role="status"
      data-testid="pool-closed"
    >
      <CheckCircleIcon width={20} height={20} className="mt-0.5 shrink-0 text-success" />
      <div>
        <p className="font-semibold">{t(`detail.closed.${status}.title`)}</p>
        <p className="mt-1 text-sm text-muted-foreground">{t(`detail.closed.${status}.text`)}</p>
      </div>
    </div>
  );
}
