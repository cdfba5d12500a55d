import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { Form, useActionData, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { BatchSummaryPanel } from "~/components/admin/donations/batch-summary";
import {
  BATCH_FORM_ID,
  PendingDonationCard,
} from "~/components/admin/donations/pending-donation-card";
import { ReferenceBatchForm } from "~/components/admin/donations/reference-batch-form";
import { PendingButton } from "~/components/admin/pending-button";
import { EmptyState } from "~/components/section-error";
import { useHydrated } from "~/components/use-hydrated";
import { HttpError } from "~/http/http.server";
import { formatMoney } from "~/lib/format";
import type { ToastMessage } from "~/lib/toast";
import { qpayFactsOf } from "~/models/admin-qpay.server";
import {
  type BatchSummary,
  verifyByReferences,
  verifySelected,
} from "~/models/donation-batch.server";
import {
  type Decision,
  decideDonation,
  donationKey,
  parseDonationKey,
} from "~/models/donation-decide.server";
import { listPendingForReview } from "~/models/donation-lists.server";
import { adminAction, askedRefusal } from "~/web/admin.server";
import { requireAdmin } from "~/web/auth.server";

/** Pool pledges and site donations waiting for review, oldest first (the longest wait first). */
export async function loader({ request }: LoaderFunctionArgs) {
  await requireAdmin(request);
  const pending = await listPendingForReview();
  const ids = (kind: string) => pending.items.filter((d) => d.kind === kind).map((d) => d.id);
  const [poolQpay, generalQpay] = await Promise.all([
    qpayFactsOf("pool", ids("pool")),
    qpayFactsOf("general", ids("general")),
  ]);
  // The key ("pool:12") is made here: the service module does not reach the browser.
  return {
    pending: {
      ...pending,
      items: pending.items.map((d) => ({
        ...d,
        key: donationKey(d),
        qpay: (d.kind === "pool" ? poolQpay : generalQpay).get(d.id) ?? null,
      })),
    },
  };
}

interface BatchResult {
  summary: BatchSummary;
  references: string;
}

/**
 * verify / reject one donation, verify the ticked ones, or verify by pasted references. Every
 * verification is the same exactly-once, audited service call. A single decision comes back as
 * a toast (POST/redirect/GET); a batch answers with its summary on the page.
 */
export const action = (args: ActionFunctionArgs) =>
  adminAction(
    args,
    async ({ form, admin }) => {
      const intent = String(form.get("intent") ?? "");
      if (intent === "verify" || intent === "reject") {
        const decision: Decision = intent === "verify" ? "verified" : "rejected";
        const key = parseDonationKey(form.get("id"));
        let decided: Awaited<ReturnType<typeof decideDonation>>;
        try {
          if (!key) throw new HttpError(404, "donate:errors.donationNotFound");
          // Verifying asks what arrived (issue 41 item 3): a missing amount is an empty one,
          // refused by the service with its field.
          const received = intent === "verify" ? (form.get("amount_received") ?? "") : undefined;
          decided = await decideDonation(key, decision, admin, undefined, undefined, received);
        } catch (error) {
          if (!(error instanceof HttpError)) throw error;
          const toast: ToastMessage = {
            type: "error",
            title: `admin:donations.toast.${intent}Failed`,
            description: error.message,
          };
          // A wrong amount opens the question again, as typed and marked.
          return askedRefusal(form, error, toast) ?? toast;
        }
        if ("pledged" in decided && decided.pledged !== undefined) {
          return {
            type: "success",
            title: "admin:donations.toast.verified",
            description: "admin:donations.toast.verifiedDifferent",
            values: {
              received: formatMoney(decided.amount ?? 0),
              pledged: formatMoney(decided.pledged),
            },
          };
        }
        return { type: "success", title: `admin:donations.toast.${decision}` };
      }
      if (intent === "verify-selected") {
        const summary = await verifySelected(form.getAll("selected"), admin);
        return Response.json({ summary, references: "" } satisfies BatchResult);
      }
      if (intent === "verify-references") {
        const references = String(form.get("references") ?? "").slice(0, 20_000);
        const summary = await verifyByReferences(references, admin);
        return Response.json({ summary, references } satisfies BatchResult);
      }
      throw new HttpError(400, "admin:donations.toast.unknownIntent");
    },
    "admin:donations.toast.batchFailed",
  );

export const handle = { i18n: ["common", "admin", "stories", "donate", "plans"] };

export default function AdminPendingDonations() {
  const { t } = useTranslation("admin");
  const { pending } = useLoaderData<typeof loader>();
  const result = useActionData() as BatchResult | undefined;
  const hydrated = useHydrated();

  return (
    <div className="grid gap-5">
      <div>
        <h3 className="text-xl font-semibold">{t("donations.pending.title")}</h3>
        <p className="text-sm text-muted-foreground">
          {t("donations.pending.count", { count: pending.total })} · {t("donations.pending.order")}
        </p>
      </div>

      {result?.summary ? <BatchSummaryPanel summary={result.summary} /> : null}

      <ReferenceBatchForm defaultValue={result?.references ?? ""} />

      {pending.items.length === 0 ? (
        <EmptyState>{t("donations.pending.empty")}</EmptyState>
      ) : (
        <div>
          <Form
            id={BATCH_FORM_ID}
            method="post"
            preventScrollReset
            className="z-10 flex flex-wrap sm:sticky sm:top-16 items-center justify-between gap-3 rounded-xl border border-border bg-card/95 p-3 shadow-sm backdrop-blur"
          >
            <p className="text-sm text-muted-foreground">{t("donations.pending.selectHint")}</p>
            <div className="flex flex-wrap gap-2">
              {hydrated ? (
                <button
                  type="button"
                  className="btn-outline px-3 py-2"
                  onClick={() => {
                    const boxes = document.querySelectorAll<HTMLInputElement>(
                      `input[form="${BATCH_FORM_ID}"][name="selected"]`,
                    );
                    const all = [...boxes].every((b) => b.checked);
                    for (const box of boxes) box.checked = !all;
                  }}
                >
                  {t("donations.pending.selectAll")}
                </button>
              ) : null}
              <PendingButton intent="verify-selected" className="btn-primary px-3 py-2">
                {t("donations.pending.verifySelected")}
              </PendingButton>
            </div>
          </Form>
          <ul className="mt-4 grid gap-3">
            {pending.items.map((d) => (
              <PendingDonationCard key={d.key} donation={d} donationKey={d.key} />
            ))}
          </ul>
          {pending.total > pending.items.length ? (
            <p className="mt-3 text-sm text-muted-foreground">
              {t("donations.pending.more", {
                shown: pending.items.length,
                count: pending.total,
              })}
            </p>
          ) : null}
        </div>
      )}
    </div>
  );
}
