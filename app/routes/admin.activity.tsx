import type { LoaderFunctionArgs } from "@remix-run/node";
import { Form, Link, useLoaderData, useSubmit } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { requireAdmin } from "~/auth.server";
import { Pagination } from "~/components/pagination";
import { EmptyState } from "~/components/section-error";
import { listAuditActions, listAuditLog } from "~/models/audit.server";
import { formatDateTime, truncate } from "~/utils/format";

/** The audit log (issue 6 §9): who did what to which record, and when; filterable by action. */
export async function loader({ request }: LoaderFunctionArgs) {
  await requireAdmin(request);
  const url = new URL(request.url);
  const actions = await listAuditActions();
  const asked = url.searchParams.get("action");
  const action = asked && actions.includes(asked) ? asked : null;
  const page = Math.max(1, Number.parseInt(url.searchParams.get("page") ?? "1", 10) || 1);
  return { actions, action, page, log: await listAuditLog({ action, page }) };
}

export const handle = { i18n: ["common", "admin", "stories"] };

type Entry = Awaited<ReturnType<typeof loader>>["log"]["items"][number];

/** Where a record of the log can still be looked at by the public. */
function targetHref(entry: Entry): string | null {
  if (!entry.entity_id || entry.action.endsWith(".delete")) return null;
  if (entry.entity_type === "story") return `/stories/${entry.entity_id}`;
  if (entry.entity_type === "donation_pool") return `/donation-pools/${entry.entity_id}`;
  return null;
}

const ISO_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}/;

function Details({ details }: { details: Record<string, unknown> | null }) {
  const { t, i18n } = useTranslation("admin");
  if (!details) return null;
  const show = (v: unknown) =>
    typeof v === "string" && ISO_TIME.test(v)
      ? formatDateTime(v, i18n.language, t("common.na"))
      : truncate(typeof v === "string" ? v : JSON.stringify(v), 120);
  return (
    <dl className="grid grid-cols-[auto_minmax(0,1fr)] gap-x-2 gap-y-0.5 text-xs text-muted-foreground">
      {Object.entries(details).map(([key, value]) => (
        <div key={key} className="contents">
          <dt className="font-medium">{key}</dt>
          <dd className="break-words font-mono">{show(value)}</dd>
        </div>
      ))}
    </dl>
  );
}

export default function Activity() {
  const { t, i18n } = useTranslation("admin");
  const { actions, action, page, log } = useLoaderData<typeof loader>();
  const submit = useSubmit();
  const label = (a: string) => t(`activity.actions.${a}`, { defaultValue: a });
  const hrefFor = (p: number) => {
    const params = new URLSearchParams();
    if (action) params.set("action", action);
    if (p > 1) params.set("page", String(p));
    const search = params.toString();
    return search ? `?${search}` : ".";
  };

  return (
    <section aria-labelledby="activity-title">
      <div className="flex flex-wrap items-end justify-between gap-4">
        <div>
          <h2 id="activity-title" className="text-xl font-semibold">
            {t("activity.title")}
          </h2>
          <p className="text-sm text-muted-foreground">
            {t("activity.count", { count: log.total })}
          </p>
        </div>
        <Form
          method="get"
          className="flex items-end gap-2"
          onChange={(event) => submit(event.currentTarget, { preventScrollReset: true })}
        >
          <label className="grid gap-1 text-sm">
            <span className="label">{t("activity.filter")}</span>
            <select name="action" defaultValue={action ?? ""} className="input py-2">
              <option value="">{t("activity.all")}</option>
              {actions.map((a) => (
                <option key={a} value={a}>
                  {label(a)}
                </option>
              ))}
            </select>
          </label>
          <noscript>
            <button type="submit" className="btn-outline">
              {t("activity.apply")}
            </button>
          </noscript>
        </Form>
      </div>

      {log.items.length === 0 ? (
        <div className="mt-6">
          <EmptyState>{t("activity.empty")}</EmptyState>
        </div>
      ) : (
        <ol className="mt-6 divide-y divide-border rounded-2xl border border-border bg-card">
          {log.items.map((entry) => {
            const href = targetHref(entry);
            const target = `${t(`activity.entities.${entry.entity_type}`, {
              defaultValue: entry.entity_type,
            })}${entry.entity_id ? ` #${entry.entity_id}` : ""}`;
            return (
              <li
                key={entry.id}
                className="grid gap-2 p-4 sm:grid-cols-[11rem_minmax(0,1fr)_minmax(0,1.2fr)] sm:gap-4"
                data-testid="audit-entry"
                data-action={entry.action}
              >
                <time dateTime={entry.created_at} className="text-sm text-muted-foreground">
                  {formatDateTime(entry.created_at, i18n.language, t("common.na"))}
                </time>
                <div className="min-w-0">
                  <p className="font-semibold">{label(entry.action)}</p>
                  <p className="text-sm text-muted-foreground">
                    {href ? (
                      <Link to={href} className="text-primary hover:underline">
                        {target}
                      </Link>
                    ) : (
                      target
                    )}
                    {" · "}
                    {entry.actor_username ?? t("activity.noActor")}
                  </p>
                </div>
                <Details details={entry.details} />
              </li>
            );
          })}
        </ol>
      )}
      <Pagination page={page} pageCount={log.pageCount} hrefFor={hrefFor} />
    </section>
  );
}
