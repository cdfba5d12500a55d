import { type ActionFunctionArgs, type LoaderFunctionArgs, redirect } from "@remix-run/node";
import { Form, Link, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { PendingButton } from "~/components/admin/pending-button";
import { ArrowLeftIcon } from "~/components/icons";
import { HttpError } from "~/http/http.server";
import { idParam } from "~/http/params.server";
import { COLUMN_ROLES } from "~/lib/statement-roles";
import { redirectWithToast } from "~/models/sessions.server";
import type { ColumnMap } from "~/models/statement-columns.server";
import { importToast, importWithMapping, mappingPreview } from "~/models/statement-import.server";
import { adminAction } from "~/web/admin.server";
import { requireAdmin } from "~/web/auth.server";

/**
 * The second step for a statement whose bank has no preset: the administrator says which column
 * holds the date, the amount and the description (and, if the file has them, the others). The
 * file waits with its import until then (docs/bank-statements.md).
 */

const RECONCILE = "/admin/donations/reconcile";
const REQUIRED = new Set(["date", "description"]);

function importId(param: string | undefined) {
  const id = idParam(param);
  if (id === null) throw new Response(null, { status: 404 });
  return id;
}

export async function loader({ request, params }: LoaderFunctionArgs) {
  await requireAdmin(request);
  try {
    return await mappingPreview(importId(params.id));
  } catch (error) {
    if (error instanceof HttpError && error.status === 409) throw redirect(RECONCILE);
    if (error instanceof HttpError) throw new Response(null, { status: error.status });
    throw error;
  }
}

/** The posted selects as a column map: "" is "not in this file". */
function mapFrom(form: FormData): ColumnMap {
  const number = (name: string) => {
    const value = String(form.get(name) ?? "");
    return /^-?\d{1,3}$/.test(value) ? Number(value) : undefined;
  };
  const map: ColumnMap = { headerRow: number("headerRow") ?? 0 };
  for (const role of COLUMN_ROLES) {
    const index = number(role);
    if (index !== undefined && index >= 0) map[role] = index;
  }
  return map;
}

export const action = (args: ActionFunctionArgs) =>
  adminAction(
    args,
    async ({ request, params, form, admin }) => {
      const outcome = await importWithMapping(importId(params.id), mapFrom(form), admin);
      return redirectWithToast(request, RECONCILE, importToast(outcome));
    },
    "admin:reconcile.toast.mappingFailed",
  );

export const handle = { i18n: ["common", "admin"] };

export default function MapColumns() {
  const { t } = useTranslation("admin");
  const { fileName, rows, width, guess } = useLoaderData<typeof loader>();
  const columns = Array.from({ length: width }, (_, i) => i);
  const headerRow = guess.headerRow;
  const heading = (i: number) =>
    (headerRow >= 0 ? rows[headerRow]?.[i] : undefined) || t("reconcile.map.column", { n: i + 1 });
  return (
    <div className="grid gap-5">
      <div>
        <Link
          to={RECONCILE}
          className="inline-flex items-center gap-1.5 text-sm text-muted-foreground hover:text-foreground"
        >
          <ArrowLeftIcon width={14} height={14} />
          {t("reconcile.title")}
        </Link>
        <h3 className="mt-2 text-xl font-semibold">{t("reconcile.map.title")}</h3>
        <p className="mt-1 max-w-3xl text-sm text-muted-foreground">
          {t("reconcile.map.intro", { file: fileName })}
        </p>
        <p className="mt-1 max-w-3xl text-sm text-muted-foreground">{t("reconcile.map.guessed")}</p>
      </div>

      <div className="overflow-x-auto rounded-xl border border-border">
        <table className="w-full min-w-max text-left text-xs" data-testid="mapping-preview">
          <thead className="bg-muted/60 text-muted-foreground">
            <tr>
              <th scope="col" className="px-2 py-1.5 font-medium">
                {t("reconcile.map.row")}
              </th>
              {columns.map((i) => (
                <th key={i} scope="col" className="px-2 py-1.5 font-medium">
                  {t("reconcile.map.column", { n: i + 1 })}
                </th>
              ))}
            </tr>
          </thead>
          <tbody className="divide-y divide-border">
            {rows.map((row, r) => (
              <tr key={r}>
                <th scope="row" className="px-2 py-1.5 font-medium text-muted-foreground">
                  {r + 1}
                </th>
                {columns.map((i) => (
                  <td key={i} className="max-w-[16rem] truncate px-2 py-1.5 font-mono">
                    {row[i] ?? ""}
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </div>

      <Form method="post" className="card grid gap-4 p-4 sm:p-5">
        <div className="grid gap-1.5 sm:max-w-xs">
          <label htmlFor="headerRow" className="text-sm font-medium">
            {t("reconcile.map.headerRow")}
          </label>
          <select
            id="headerRow"
            name="headerRow"
            className="input"
            defaultValue={String(headerRow)}
            data-testid="guess-header-row"
          >
            <option value="-1">{t("reconcile.map.noHeader")}</option>
            {rows.map((_, r) => (
              <option key={r} value={r}>
                {t("reconcile.map.row")} {r + 1}
              </option>
            ))}
          </select>
        </div>
        <fieldset className="grid gap-3 sm:grid-cols-2 lg:grid-cols-4">
          <legend className="mb-2 text-sm font-semibold">{t("reconcile.map.columns")}</legend>
          {COLUMN_ROLES.map((role) => (
            <div key={role} className="grid gap-1">
              <label htmlFor={`role-${role}`} className="text-sm font-medium">
                {t(`reconcile.roles.${role}`)}
                {REQUIRED.has(role) ? <span className="text-destructive"> *</span> : null}
              </label>
              <select
                id={`role-${role}`}
                name={role}
                className="input"
                // The guess from the headings and the values (guessMapping); the admin checks it.
                defaultValue={guess[role] === undefined ? "" : String(guess[role])}
                required={REQUIRED.has(role)}
              >
                <option value="">{t("reconcile.map.none")}</option>
                {columns.map((i) => (
                  <option key={i} value={i}>
                    {t("reconcile.map.column", { n: i + 1 })} · {heading(i)}
                  </option>
                ))}
              </select>
            </div>
          ))}
        </fieldset>
        <p className="text-sm text-muted-foreground">{t("reconcile.map.amountHint")}</p>
        <div>
          <PendingButton intent="map">{t("reconcile.map.submit")}</PendingButton>
        </div>
      </Form>
    </div>
  );
}
