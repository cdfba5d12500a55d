import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { AlreadyLines } from "~/components/admin/reconcile/already-lines";
import { ExactGroup } from "~/components/admin/reconcile/exact-group";
import { ImportHistory, SetAsideLines } from "~/components/admin/reconcile/import-history";
import { ReviewLine } from "~/components/admin/reconcile/review-line";
import { StatementUploadForm } from "~/components/admin/reconcile/upload-form";
import { EmptyState } from "~/components/section-error";
import { HttpError } from "~/http/http.server";
import { formatMoney, formatNumber } from "~/lib/format";
import type { ToastMessage } from "~/lib/toast";
import {
  confirmAssignments,
  dismissedLines,
  type GroupSummary,
  reconciliationView,
  setLineAside,
} from "~/models/reconcile-match.server";
import { listImports } from "~/models/statement-import.server";
import { adminAction, formId } from "~/web/admin.server";
import { requireAdmin } from "~/web/auth.server";

/**
 * Bank-statement reconciliation (issue 7, docs/decisions/013): upload the bank's export; transfers
 * that match a pending pledge, site donation or story payment by reference and amount are
 * proposed for one-click confirmation, partial matches and the rest wait for a person.
 */
export async function loader({ request }: LoaderFunctionArgs) {
  await requireAdmin(request);
  const [view, imports, setAside] = await Promise.all([
    reconciliationView(),
    listImports(),
    dismissedLines(),
  ]);
  return { ...view, imports, setAside };
}

export const action = (args: ActionFunctionArgs) =>
  adminAction(
    args,
    async ({ form, admin }): Promise<ToastMessage> => {
      const intent = String(form.get("intent") ?? "");
      if (intent === "confirm") {
        const summary = await confirmAssignments(form.getAll("assign"), admin);
        const amount = formatMoney(summary.confirmed.reduce((sum, c) => sum + c.amount, 0));
        if (summary.failed.length === 0) {
          return {
            type: "success",
            title: "admin:reconcile.toast.confirmed",
            values: { count: summary.confirmed.length, amount },
          };
        }
        return {
          type: "error",
          title: "admin:reconcile.toast.partlyConfirmed",
          description: summary.failed[0]!.message,
          values: { count: summary.confirmed.length, amount, failed: summary.failed.length },
        };
      }
      if (intent === "dismiss" || intent === "reopen") {
        await setLineAside(formId(form), admin, intent === "reopen");
        return { type: "success", title: `admin:reconcile.toast.${intent}ed` };
      }
      throw new HttpError(400, "admin:donations.toast.unknownIntent");
    },
    "admin:reconcile.toast.failed",
  );

export const handle = { i18n: ["common", "admin", "donate", "plans"] };

export default function AdminReconcile() {
  const { t } = useTranslation("admin");
  const { exact, partial, unmatched, already, totals, targets, imports, setAside } =
    useLoaderData<typeof loader>();
  return (
    <div className="grid gap-6">
      <div>
        <h3 className="text-xl font-semibold">{t("reconcile.title")}</h3>
        <p className="mt-1 max-w-3xl text-sm text-muted-foreground">{t("reconcile.intro")}</p>
      </div>

      <StatementUploadForm />

      <dl className="grid grid-cols-1 gap-3 sm:grid-cols-3" data-testid="reconcile-totals">
        <Total group="exact" summary={totals.exact} tone="border-success/50" />
        <Total group="partial" summary={totals.partial} tone="border-gold/60" />
        <Total group="unmatched" summary={totals.unmatched} tone="border-border" />
      </dl>

      <Group id="exact" title={t("reconcile.groups.exact")} hint={t("reconcile.exact.intro")}>
        {exact.length ? (
          <ExactGroup matches={exact} />
        ) : (
          <EmptyState>{t("reconcile.empty.exact")}</EmptyState>
        )}
      </Group>

      <Group id="partial" title={t("reconcile.groups.partial")} hint={t("reconcile.partialIntro")}>
        {partial.length ? (
          <ul className="grid gap-3">
            {partial.map((m) => (
              <ReviewLine key={m.line.id} match={m} targets={targets} />
            ))}
          </ul>
        ) : (
          <EmptyState>{t("reconcile.empty.partial")}</EmptyState>
        )}
      </Group>

      <Group
        id="unmatched"
        title={t("reconcile.groups.unmatched")}
        hint={t("reconcile.unmatchedIntro")}
      >
        {unmatched.length ? (
          <ul className="grid gap-3">
            {unmatched.map((m) => (
              <ReviewLine key={m.line.id} match={m} targets={targets} />
            ))}
          </ul>
        ) : (
          <EmptyState>{t("reconcile.empty.unmatched")}</EmptyState>
        )}
      </Group>

      {already.length ? (
        <Group
          id="already"
          title={t("reconcile.groups.already")}
          hint={t("reconcile.already.intro")}
        >
          <AlreadyLines lines={already} />
        </Group>
      ) : null}

      <SetAsideLines lines={setAside} />

      <Group id="history" title={t("reconcile.history.title")}>
        <ImportHistory imports={imports} />
      </Group>
    </div>
  );
}

function Total({ group, summary, tone }: { group: string; summary: GroupSummary; tone: string }) {
  const { t } = useTranslation("admin");
  return (
    <div className={`card border-l-4 p-4 ${tone}`} data-testid={`total-${group}`}>
      <dt className="text-sm text-muted-foreground">{t(`reconcile.groups.${group}`)}</dt>
      <dd className="mt-1 flex flex-wrap items-baseline gap-x-2">
        <span className="text-2xl font-bold tabular-nums">{formatNumber(summary.count)}</span>
        <span className="text-sm text-muted-foreground tabular-nums">
          {formatMoney(summary.total)}
        </span>
      </dd>
    </div>
  );
}

function Group({
  id,
  title,
  hint,
  children,
}: {
  id: string;
  title: string;
  hint?: string;
  children: ReactNode;
}) {
  return (
    <section aria-labelledby={`group-${id}`} className="grid gap-3" data-testid={`group-${id}`}>
      <div>
        <h4 id={`group-${id}`} className="text-lg font-semibold">
          {title}
        </h4>
        {hint ? <p className="text-sm text-muted-foreground">{hint}</p> : null}
      </div>
      {children}
    </section>
  );
}
