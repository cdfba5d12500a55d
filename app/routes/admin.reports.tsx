import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { Form, Link, useLoaderData, useLocation } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { ConfirmAction } from "~/components/admin/confirm-action";
import { PendingButton } from "~/components/admin/pending-button";
import { hrefWith, landOnValidPage, pageParam } from "~/components/admin/stories/list-params";
import { Pagination } from "~/components/pagination";
import { EmptyState } from "~/components/section-error";
import { REPORT_TRUST, SUSPEND_DAYS } from "~/constants";
import { HttpError } from "~/http/http.server";
import { formatDateTime } from "~/lib/format";
import { decideReport, REPORT_ACTIONS, type ReportAction } from "~/models/report-decisions.server";
import {
  listReportedItems,
  REPORTS_PAGE_SIZE,
  type ReportedItem,
} from "~/models/reported-items.server";
import { redirectWithToast } from "~/models/sessions.server";
import { liftSuspension, listSuspended, SUSPENDED_FOR_GOOD } from "~/models/suspension.server";
import { adminAction, formId } from "~/web/admin.server";
import { requireAdmin } from "~/web/auth.server";

/**
 * Reports (issue 18, decision 030): items readers reported, the most reported first, then the
 * oldest, each with its author and its reports and what they count toward hiding it by
 * themselves (decision 048). Hide, delete, dismiss or suspend the author; each
 * resolves every open report of the item. Below, the accounts suspended now, to lift early.
 */

export async function loader({ request }: LoaderFunctionArgs) {
  await requireAdmin(request);
  const page = pageParam(new URL(request.url).searchParams);
  const [list, suspended] = await Promise.all([
    listReportedItems(page, REPORTS_PAGE_SIZE),
    listSuspended(),
  ]);
  return { ...list, suspended, forGood: SUSPENDED_FOR_GOOD };
}

export const action = (args: ActionFunctionArgs) =>
  adminAction(args, async ({ request, form, admin }) => {
    const intent = String(form.get("intent") ?? "");
    if (intent === "lift") {
      await liftSuspension(String(form.get("id") ?? ""), admin);
      return { type: "success", title: "admin:reports.toast.lifted" };
    }
    if (!REPORT_ACTIONS.includes(intent as ReportAction))
      throw new HttpError(400, "errors.validation");
    const days = String(form.get("days") ?? "");
    await decideReport(formId(form), admin, {
      action: intent as ReportAction,
      suspend_days: days === "forever" ? null : days === "" ? undefined : Number(days),
      hide: form.get("hide") === "on",
    });
    const { pageCount } = await listReportedItems(1, REPORTS_PAGE_SIZE);
    return redirectWithToast(request, landOnValidPage(request.url, pageCount), {
      type: "success",
      title: `admin:reports.toast.${intent}`,
    });
  });

export const handle = { i18n: ["common", "admin", "story"] };

export default function AdminReports() {
  const { t, i18n } = useTranslation("admin");
  const { items, total, page, pageCount, suspended, forGood } = useLoaderData<typeof loader>();
  const { pathname, search } = useLocation();
  const params = new URLSearchParams(search);
  const until = (iso: string | null) =>
    iso && iso >= forGood
      ? t("reports.forGood")
      : t("reports.until", { date: formatDateTime(iso, i18n.language, t("common.na")) });

  return (
    <section aria-labelledby="reports-title">
      <h2 id="reports-title" className="text-xl font-semibold">
        {t("reports.title")}
      </h2>
      <p className="text-sm text-muted-foreground" data-testid="reports-count">
        {t("reports.count", { count: total })}
      </p>
      {items.length === 0 ? (
        <div className="mt-6">
          <EmptyState>{t("reports.empty")}</EmptyState>
        </div>
      ) : (
        <ul className="mt-6 space-y-4">
          {items.map((item) => (
            <li key={`${item.target_type}-${item.target_id}`}>
              <ReportedCard item={item} until={until} />
            </li>
          ))}
        </ul>
      )}
      <Pagination
        page={page}
        pageCount={pageCount}
        hrefFor={(p) => hrefWith(pathname, params, { page: p })}
      />

      <h2 className="mt-10 text-xl font-semibold">{t("reports.suspended.title")}</h2>
      {suspended.length === 0 ? (
        <p className="mt-2 text-sm text-muted-foreground">{t("reports.suspended.empty")}</p>
      ) : (
        <ul className="mt-4 divide-y divide-border rounded-xl border border-border">
          {suspended.map((u) => (
            <li
              key={u.id}
              className="flex flex-wrap items-center justify-between gap-3 p-3"
              data-testid="suspended-user"
            >
              <span>
                <span className="font-semibold">{u.username}</span>{" "}
                <span className="text-sm text-muted-foreground">{until(u.suspended_until)}</span>
              </span>
              <Form method="post" preventScrollReset>
                <input type="hidden" name="id" value={u.id} />
                <PendingButton intent="lift" pendingId={u.id} className="btn-outline px-3 py-1.5">
                  {t("reports.actions.lift")}
                </PendingButton>
              </Form>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

/** Why a report counts toward hiding the item by itself, or why not (decision 048). */
function weightWord(r: ReportedItem["reports"][number]) {
  if (r.weight <= 0) return "none";
  if (!r.counted) return "sameOrigin";
  return r.weight >= REPORT_TRUST.WHOLE ? "whole" : "half";
}

function ReportedCard({ item, until }: { item: ReportedItem; until: (iso: string) => string }) {
  const { t, i18n } = useTranslation("admin");
  const when = (iso: string) => formatDateTime(iso, i18n.language, t("common.na"));
  const id = item.report_id;
  const storyHref =
    item.story_id === null
      ? null
      : `/stories/${item.story_id}${item.target_type === "comment" ? `#comment-${item.target_id}` : ""}`;
  return (
    <article className="card space-y-4 p-5" data-testid="reported-item" data-state={item.state}>
      <div className="flex flex-wrap items-center gap-2 text-xs font-semibold">
        <span className="rounded-full bg-secondary px-2.5 py-1 text-secondary-foreground">
          {t(`reports.type.${item.target_type}`)}
        </span>
        <span className="rounded-full border border-border px-2.5 py-1">
          {t(`reports.state.${item.state}`)}
        </span>
        <span className="rounded-full bg-destructive/10 px-2.5 py-1 text-destructive">
          {t("reports.reportCount", { count: item.open_reports })}
        </span>
        <span className="font-normal text-muted-foreground">
          {t("reports.since", { date: when(item.first_reported_at) })}
        </span>
        <span className="font-normal text-muted-foreground" data-testid="report-weight">
          {t("reports.weightTotal", {
            value: item.weight / REPORT_TRUST.WHOLE,
            needed: item.weight_to_hide / REPORT_TRUST.WHOLE,
          })}
        </span>
      </div>

      <div className="text-sm">
        {item.target_type === "comment" && item.content ? (
          <blockquote
            className="whitespace-pre-line break-words rounded-lg border-l-4 border-border bg-muted/40 p-3"
            data-testid="reported-content"
          >
            {item.content}
          </blockquote>
        ) : null}
        {item.story_title !== null && storyHref ? (
          <p className="mt-2">
            {item.target_type === "comment" ? `${t("reports.onStory")} ` : null}
            <Link to={storyHref} className="font-semibold text-primary hover:underline">
              {item.story_title}
            </Link>
          </p>
        ) : (
          <p className="text-muted-foreground">{t("reports.gone")}</p>
        )}
        <p className="mt-1 text-muted-foreground">
          {t("reports.author", { name: item.author.username ?? t("reports.noAccount") })}
          {item.author.suspended_until ? ` · ${until(item.author.suspended_until)}` : null}
        </p>
      </div>

      <ul className="space-y-2 border-t border-border pt-3 text-sm">
        {item.reports.map((r) => (
          <li key={r.id} data-testid="report-row">
            <span className="font-semibold">{t(`story:report.reasons.${r.reason}`)}</span>
            <span className="text-muted-foreground">
              {" · "}
              {t("reports.by", { name: r.reporter ?? t("reports.noAccount") })}
              {" · "}
              {when(r.created_at)}
              {" · "}
              {t(`reports.weight.${weightWord(r)}`)}
            </span>
            {r.note ? (
              <p className="mt-0.5 whitespace-pre-line break-words text-foreground/80">{r.note}</p>
            ) : null}
          </li>
        ))}
      </ul>

      <div className="flex flex-wrap gap-2 border-t border-border pt-3">
        {item.exists && item.state !== "hidden" && item.state !== "rejected" ? (
          <ConfirmAction
            intent="hide"
            id={id}
            align="left"
            label={t("reports.actions.hide")}
            question={t(`reports.confirm.hide.${item.target_type}`)}
            confirmLabel={t("reports.yes.hide")}
          />
        ) : null}
        {item.exists ? (
          <ConfirmAction
            intent="delete"
            id={id}
            align="left"
            label={t("reports.actions.delete")}
            question={t(`reports.confirm.delete.${item.target_type}`)}
            confirmLabel={t("reports.yes.delete")}
          />
        ) : null}
        <ConfirmAction
          intent="dismiss"
          id={id}
          tone="confirm"
          label={t("reports.actions.dismiss")}
          question={t(
            item.state === "held" || item.state === "hidden"
              ? "reports.confirm.dismissShow"
              : "reports.confirm.dismiss",
          )}
          confirmLabel={t("reports.yes.dismiss")}
        />
        {item.author.id ? (
          <ConfirmAction
            intent="suspend"
            id={id}
            label={t("reports.actions.suspend")}
            question={t("reports.confirm.suspend", { name: item.author.username ?? "" })}
            confirmLabel={t("reports.yes.suspend")}
          >
            <div className="flex w-full flex-col gap-3 text-left">
              <div>
                <label htmlFor={`days-${id}`} className="label">
                  {t("reports.suspendFor")}
                </label>
                <select id={`days-${id}`} name="days" className="input" defaultValue="7">
                  {SUSPEND_DAYS.map((days) => (
                    <option key={String(days)} value={days ?? "forever"}>
                      {days === null ? t("reports.forGood") : t("reports.days", { count: days })}
                    </option>
                  ))}
                </select>
              </div>
              {item.exists && item.state !== "hidden" && item.state !== "rejected" ? (
                <label className="flex items-center gap-2 text-sm">
                  <input type="checkbox" name="hide" defaultChecked />
                  {t("reports.alsoHide")}
                </label>
              ) : null}
            </div>
          </ConfirmAction>
        ) : null}
      </div>
    </article>
  );
}
