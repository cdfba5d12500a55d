import { Form } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { PendingButton } from "~/components/admin/pending-button";
import { LineFacts, TargetFacts } from "~/components/admin/reconcile/statement-line";
import { formatDateTime } from "~/lib/format";
import type { AlreadyLine } from "~/models/reconcile-match.server";

/**
 * Transfers repeating a payment QPay already confirmed (QPay settling to the account): shown with
 * the payment they repeat and no way to credit them, only to set them aside (issue 39 item 5).
 */
export function AlreadyLines({ lines }: { lines: AlreadyLine[] }) {
  const { t, i18n } = useTranslation("admin");
  return (
    <ul className="grid gap-3">
      {lines.map(({ line, paid }) => (
        <li
          key={line.id}
          className="card grid gap-3 p-4 sm:grid-cols-[1fr_1fr_auto] sm:items-start"
          data-testid="already-line"
        >
          <LineFacts line={line} />
          <span className="block min-w-0 text-sm">
            <span className="block font-semibold text-success" data-testid="already-qpay">
              {t("reconcile.already.badge")}
            </span>
            <TargetFacts
              target={{ ...paid, donor_reference: null, pool_id: null, submitted_at: "" }}
            />
            <span className="block text-xs text-muted-foreground">
              {t("reconcile.already.paidAt", {
                date: formatDateTime(paid.paid_at, i18n.language, t("common:na")),
              })}
            </span>
          </span>
          <Form method="post" preventScrollReset className="self-end">
            <input type="hidden" name="id" value={line.id} />
            <PendingButton intent="dismiss" pendingId={line.id} className="btn-ghost px-3 py-2">
              {t("reconcile.already.dismiss")}
            </PendingButton>
          </Form>
        </li>
      ))}
    </ul>
  );
}
