import { useTranslation } from "react-i18next";
import type { QpayStatus } from "~/models/settings-qpay.server";

const TONE = {
  answering: "border-success/50",
  not_answering: "border-destructive/60",
  not_configured: "border-border",
} as const;

/**
 * QPay on Settings (issue 39 item 7): whether it is configured, whether it answers now, and which
 * of its variables are set. Read-only: the variables live in the environment, not in the site.
 */
export function QpayPanel({ status }: { status: QpayStatus }) {
  const { t } = useTranslation("admin");
  return (
    <section
      className={`card space-y-3 border-l-4 p-4 sm:p-6 ${TONE[status.state]}`}
      aria-labelledby="qpay-title"
      data-testid="qpay-settings"
      data-state={status.state}
    >
      <h3 id="qpay-title" className="text-lg font-semibold">
        {t("settings.qpay.title")}
      </h3>
      <p className="font-medium" role="status">
        {status.state === "not_answering"
          ? t("settings.qpay.notAnswering", { reason: status.reason ?? "" })
          : t(`settings.qpay.${status.state === "answering" ? "answering" : "notConfigured"}`)}
      </p>
      <p className="max-w-3xl text-sm text-muted-foreground">{t("settings.qpay.text")}</p>
      <dl className="grid gap-x-4 gap-y-1 text-sm sm:grid-cols-[max-content_1fr]">
        {status.variables.map((variable) => (
          <div key={variable.name} className="contents">
            <dt className="font-mono text-xs leading-6">{variable.name}</dt>
            <dd className="min-w-0 break-all text-muted-foreground">
              {variable.set
                ? (variable.value ?? t("settings.qpay.set"))
                : t("settings.qpay.notSet")}
            </dd>
          </div>
        ))}
      </dl>
    </section>
  );
}
