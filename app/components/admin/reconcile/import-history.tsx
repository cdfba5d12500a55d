import { Form, Link } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { PendingButton } from "~/components/admin/pending-button";
import { TableHead } from "~/components/table-head";
import { formatDateTime, formatMoney } from "~/lib/format";
import type { OpenLine } from "~/models/reconcile-match.server";

export interface ImportRow {
  id: number;
  file_name: string;
  preset: string | null;
  encoding: string | null;
  status: "needs_mapping" | "imported";
  lines_new: number;
  lines_duplicate: number;
  lines_outgoing: number;
  lines_unreadable: number;
  created_at: string;
  uploaded_by: string | null;
  confirmed: number;
}

/** Earlier uploads: when, by whom, which bank format, and what each added. */
export function ImportHistory({ imports }: { imports: ImportRow[] }) {
  const { t, i18n } = useTranslation("admin");
  if (imports.length === 0)
    return <p className="text-sm text-muted-foreground">{t("reconcile.history.empty")}</p>;
  return (
    <div className="overflow-x-auto rounded-xl border border-border">
      <table className="w-full min-w-[40rem] text-left text-sm" data-testid="import-history">
        <TableHead
          boxed
          columns={[
            { key: "when", label: t("reconcile.history.when") },
            { key: "file", label: t("reconcile.history.file") },
            { key: "format", label: t("reconcile.history.format") },
            { key: "new", label: t("reconcile.history.new"), end: true },
            { key: "duplicate", label: t("reconcile.history.duplicate"), end: true },
            { key: "confirmed", label: t("reconcile.history.confirmed"), end: true },
          ]}
        />
        <tbody className="divide-y divide-border">
          {imports.map((row) => (
            <tr key={row.id}>
              <td className="whitespace-nowrap px-3 py-2">
                {formatDateTime(row.created_at, i18n.language)}
                {row.uploaded_by ? (
                  <span className="block text-xs text-muted-foreground">{row.uploaded_by}</span>
                ) : null}
              </td>
              <td className="max-w-[14rem] break-words px-3 py-2 font-mono text-xs">
                {row.file_name}
              </td>
              <td className="px-3 py-2">
                {row.status === "needs_mapping" ? (
                  <Link
                    to={`/admin/donations/reconcile/map/${row.id}`}
                    className="font-medium text-primary hover:underline"
                  >
                    {t("reconcile.history.mapNow")}
                  </Link>
                ) : (
                  <>
                    {t(`reconcile.presets.${row.preset ?? "manual"}`)}
                    {row.encoding ? (
                      <span className="block text-xs text-muted-foreground">{row.encoding}</span>
                    ) : null}
                  </>
                )}
              </td>
              <td className="px-3 py-2 text-right tabular-nums">{row.lines_new}</td>
              <td className="px-3 py-2 text-right tabular-nums">{row.lines_duplicate}</td>
              <td className="px-3 py-2 text-right tabular-nums">{row.confirmed}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** Lines set aside as "not a donation", with a way back. */
export function SetAsideLines({ lines }: { lines: OpenLine[] }) {
  const { t } = useTranslation("admin");
  if (lines.length === 0) return null;
  return (
    <details className="card p-4">
      <summary className="cursor-pointer text-sm font-semibold">
        {t("reconcile.setAside.title", { count: lines.length })}
      </summary>
      <ul className="mt-3 divide-y divide-border">
        {lines.map((line) => (
          <li
            key={line.id}
            className="flex flex-wrap items-center justify-between gap-2 py-2 text-sm"
          >
            <span className="min-w-0 break-words">
              <span className="font-semibold tabular-nums">{formatMoney(line.amount)}</span>
              {" · "}
              {line.booked_on}
              {" · "}
              <span className="font-mono">{line.description}</span>
            </span>
            <Form method="post" preventScrollReset>
              <input type="hidden" name="id" value={line.id} />
              <PendingButton
                intent="reopen"
                pendingId={line.id}
                className="btn-outline px-3 py-1.5"
              >
                {t("reconcile.setAside.reopen")}
              </PendingButton>
            </Form>
          </li>
        ))}
      </ul>
    </details>
  );
}
