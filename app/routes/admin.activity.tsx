import type { LoaderFunctionArgs } from "@remix-run/node";
import { Form, useLoaderData, useSubmit } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { ActivityEntry } from "~/components/admin/activity/entry";
import { Pagination } from "~/components/pagination";
import { EmptyState } from "~/components/section-error";
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

export default function Activity() {
  const { t } = useTranslation("admin");
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
          {log.items.map((entry) => (
            <ActivityEntry key={entry.id} entry={entry} names={names} />
          ))}
        </ol>
      )}
      <Pagination page={page} pageCount={log.pageCount} hrefFor={hrefFor} />
    </section>
  );
}
