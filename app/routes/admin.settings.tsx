import { existsSync } from "node:fs";
import path from "node:path";
import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { Form, useActionData, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { PendingButton } from "~/components/admin/pending-button";
import { ClearDataPanel } from "~/components/admin/settings/clear-data-panel";
import { ModerationForm } from "~/components/admin/settings/moderation-form";
import { PremiumFields, type PremiumFormValues } from "~/components/admin/settings/premium-fields";
import { QpayPanel } from "~/components/admin/settings/qpay-panel";
import { SpamForm } from "~/components/admin/settings/spam-form";
import { CheckCircleIcon } from "~/components/icons";
import { Toaster } from "~/components/toaster";
import { HttpError } from "~/http/http.server";
import { errorsFor, type FormReply, formResult } from "~/lib/form-reply";
import { formatMoney } from "~/lib/format";
import type { ToastMessage } from "~/lib/toast";
import { backupDirectory } from "~/models/backup.server";
import { clearAllData } from "~/models/clear-data.server";
import { redirectWithToast } from "~/models/sessions.server";
import {
  getModerationSettings,
  getPremiumSettings,
  getSpamSettings,
} from "~/models/settings.server";
import {
  premiumFromForm,
  updateModerationSettings,
  updatePremiumSettings,
  updateSpamSettings,
} from "~/models/settings-admin.server";
import { qpayStatus } from "~/models/settings-qpay.server";
import { adminAction } from "~/web/admin.server";
import { requireAdmin } from "~/web/auth.server";

/**
 * The settings tab (spec 02 §2): premium prices and days per tier, the free-story moderation
 * switch, and "clear all data" behind a typed confirmation. Every write goes through the
 * settings and clear-data services shared with the /api; each is audited.
 */
const BACKUP_NAME = /^app-[0-9TZ-]+(-\d+)?\.db$/;

export async function loader({ request }: LoaderFunctionArgs) {
  await requireAdmin(request);
  const [premium, moderation, spam, qpay] = await Promise.all([
    getPremiumSettings(),
    getModerationSettings(),
    getSpamSettings(),
    qpayStatus(),
  ]);
  const backupDir = backupDirectory();
  // After "clear all data" the page names the backup it made, for as long as it is open.
  const name = new URL(request.url).searchParams.get("backup");
  const lastBackup =
    backupDir && name && BACKUP_NAME.test(name) && existsSync(path.join(backupDir, name))
      ? path.join(backupDir, name)
      : null;
  return { premium, moderation, spam, qpay, backupDir, lastBackup };
}

export const handle = { i18n: ["common", "admin", "plans"] };

type Intent = "premium" | "clear" | "spam";

const refused = (body: FormReply<Intent>) => Response.json(body, { status: 400 });

export const action = (args: ActionFunctionArgs) =>
  adminAction(args, async ({ request, form, admin }) => {
    switch (form.get("intent")) {
      case "premium": {
        const input = premiumFromForm(form);
        try {
          const saved = await updatePremiumSettings(admin, input);
          return {
            type: "success",
            title: "admin:settings.toast.premiumSaved",
            description: "admin:settings.toast.premiumSavedText",
            values: {
              daily: formatMoney(saved.prices.daily),
              weekly: formatMoney(saved.prices.weekly),
              monthly: formatMoney(saved.prices.monthly),
            },
          };
        } catch (error) {
          if (!(error instanceof HttpError && error.status === 400)) throw error;
          return refused({
            intent: "premium",
            result: formResult(input, error.fieldErrors),
            toast: {
              type: "error",
              title: "admin:settings.toast.invalid",
              description: "admin:settings.toast.invalidText",
            },
          });
        }
      }
      case "moderation": {
        const review = form.get("freeStories") === "review";
        await updateModerationSettings(admin, review);
        return {
          type: "success",
          title: "admin:settings.toast.moderationSaved",
          description: review
            ? "admin:settings.toast.moderationReview"
            : "admin:settings.toast.moderationAuto",
        };
      }
      case "spam": {
        const input = {
          watchedWords: String(form.get("watchedWords") ?? ""),
          holdFirstComments: form.get("holdFirstComments") === "on",
        };
        try {
          const saved = await updateSpamSettings(admin, input);
          const toast: ToastMessage = {
            type: "success",
            title: "admin:spam.toast.saved",
            description: "admin:spam.toast.savedText",
            values: { count: saved.watchedWords.length },
          };
          return toast;
        } catch (error) {
          if (!(error instanceof HttpError && error.status === 400)) throw error;
          return refused({
            intent: "spam",
            result: formResult({ watchedWords: input.watchedWords }, error.fieldErrors),
            toast: { type: "error", title: "admin:spam.toast.failed", description: error.message },
          });
        }
      }
      case "clear": {
        try {
          const result = await clearAllData(admin, form.get("confirmation"));
          const counts = {
            stories: result.removed.stories,
            comments: result.removed.comments,
            donations: result.removed.poolDonations + result.removed.donations,
          };
          const toast: ToastMessage = result.backup
            ? {
                type: "success",
                title: "admin:clearData.toast.done",
                description: "admin:clearData.toast.doneText",
                values: { ...counts, backup: result.backup },
              }
            : {
                type: "success",
                title: "admin:clearData.toast.done",
                description: "admin:clearData.toast.doneNoBackup",
                values: counts,
              };
          const to = result.backup
            ? `/admin/settings?${new URLSearchParams({ backup: path.basename(result.backup) })}`
            : "/admin/settings";
          return redirectWithToast(request, to, toast);
        } catch (error) {
          if (!(error instanceof HttpError && error.status === 400)) throw error;
          return refused({
            intent: "clear",
            result: formResult({}, error.fieldErrors),
            toast: {
              type: "error",
              title: "admin:clearData.toast.failed",
              description: error.message,
            },
          });
        }
      }
      default:
        throw new HttpError(400, "errors.validation");
    }
  });

export default function AdminSettings() {
  const { t } = useTranslation("admin");
  const { premium, moderation, spam, qpay, backupDir, lastBackup } = useLoaderData<typeof loader>();
  const refusal = useActionData<typeof action>() as FormReply<Intent> | undefined;
  const premiumValues =
    refusal?.intent === "premium"
      ? (refusal.result.initialValue as unknown as PremiumFormValues)
      : premium;

  return (
    <section aria-labelledby="settings-title" className="space-y-6">
      <Toaster toast={refusal?.toast} />
      <h2 id="settings-title" className="text-xl font-semibold">
        {t("settings.title")}
      </h2>

      {lastBackup ? (
        <div
          role="status"
          className="flex items-start gap-3 rounded-xl border border-success/40 bg-success/10 p-4 text-sm"
          data-testid="backup-location"
        >
          <CheckCircleIcon width={18} height={18} className="mt-0.5 shrink-0 text-success" />
          <p className="min-w-0">
            <span className="font-semibold">{t("clearData.toast.done")}. </span>
            <code className="break-all">{lastBackup}</code>
          </p>
        </div>
      ) : null}

      <Form
        method="post"
        noValidate
        key={JSON.stringify(premium)}
        className="card space-y-4 p-4 sm:p-6"
        aria-labelledby="premium-title"
        preventScrollReset
      >
        <div>
          <h3 id="premium-title" className="text-lg font-semibold">
            {t("settings.premium.title")}
          </h3>
          <p className="mt-1 max-w-3xl text-sm text-muted-foreground">
            {t("settings.premium.text")}
          </p>
        </div>
        <PremiumFields
          idPrefix="settings"
          values={premiumValues}
          errors={errorsFor(refusal, "premium")}
        />
        <div className="flex justify-end">
          <PendingButton intent="premium">{t("settings.premium.save")}</PendingButton>
        </div>
      </Form>

      <ModerationForm reviewFreeStories={moderation.reviewFreeStories} />

      <QpayPanel status={qpay} />

      <SpamForm
        watchedWords={
          refusal?.intent === "spam"
            ? String(refusal.result.initialValue?.watchedWords ?? "")
            : spam.watchedWords.join("\n")
        }
        holdFirstComments={spam.holdFirstComments}
        errors={errorsFor(refusal, "spam")}
      />

      <ClearDataPanel backupDir={backupDir} errors={errorsFor(refusal, "clear")} />
    </section>
  );
}
