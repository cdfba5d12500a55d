import type { LoaderFunctionArgs } from "@remix-run/node";
import { Form, Link, useLoaderData, useSubmit } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { DetailList } from "~/components/admin/activity/details";
import { Pagination } from "~/components/pagination";
import { EmptyState } from "~/components/section-error";
import { auditActor } from "~/lib/audit-actor";
import { formatDateTime } from "~/lib/format";
import { entityNames, listAuditActions, listAuditLog } from "~/models/audit.server";
import { requireAdmin } from "~/web/auth.server";

/** The audit log (issue 6 §9): who did what to which record, and when; filterable by action. */
export async function loader({ request }: LoaderFunctionArgs) {
  await requireAdmin(request);
  const url = new URL(request.url);
  const actions = await listAuditActions();
  const asked = url.searchParams.get("action");
  const action = asked && actions.includes(asked) ? asked : null;
  const page = Math.max(1, Number.parseInt(url.searchParams.get("page") ?? "1", 10) || 1);
  const log = await listAuditLog({ action, page });
  return { actions, action, page, log, names: await entityNames(log.items) };
}

export const handle = { i18n: ["common", "admin", "stories"] };

type Entry = Awaited<ReturnType<typeof loader>>["log"]["items"][number];

/** The kinds of record whose names the log reads (entityNames). */
const ENTITY_NAMED = { story: true, donation_pool: true, pool_donation: true, donation: true };

/** Where a record of the log can still be looked at by the public. */
function targetHref(entry: Entry): string | null {
  if (!entry.entity_id || entry.action.endsWith(".delete")) return null;
  if (entry.entity_type === "story") return `/stories/${entry.entity_id}`;
  if (entry.entity_type === "donation_pool") return `/donation-pools/${entry.entity_id}`;
  return null;
}

export default function Activity() {
  const { t, i18n } = useTranslation("admin");
  const { actions, action, page, log, names } = useLoaderData<typeof loader>();
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
            const kind = t(`activity.entities.${entry.entity_type}`, {
              defaultValue: entry.entity_type,
            });
            const known = names[`${entry.entity_type}:${entry.entity_id}`];
            // What the entry's own details say it was, when the record is gone.
            const details = (entry.details ?? {}) as Record<string, unknown>;
            const remembered = [details.title, details.name].find(
              (v): v is string => typeof v === "string",
            );
            const name = known ?? remembered;
            const gone = Boolean(entry.entity_id && /^\d+$/.test(entry.entity_id) && !known);
            const target = (
              <>
                {kind}
                {name ? ` «${name}»` : ""}
                {entry.entity_id ? (
                  <span className="ml-1 text-xs text-muted-foreground">#{entry.entity_id}</span>
                ) : null}
                {gone && entry.entity_type in ENTITY_NAMED ? (
                  <span className="ml-1 text-xs italic">({t("activity.gone")})</span>
                ) : null}
              </>
            );
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
                    <ActorName entry={entry} />
                  </p>
                </div>
                {entry.details ? <DetailList details={entry.details} /> : <span />}
              </li>
            );
          })}
        </ol>
      )}
      <Pagination page={page} pageCount={log.pageCount} hrefFor={hrefFor} />
    </section>
  );
}

function ActorName({ entry }: { entry: Entry }) {
  const { t } = useTranslation("admin");
  const actor = auditActor(entry);
  return <span data-testid="audit-actor">{"name" in actor ? actor.name : t(actor.key)}</span>;
}
