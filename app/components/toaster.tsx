import { Link } from "@remix-run/react";
import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { AlertCircleIcon, CheckCircleIcon, CloseIcon, InfoIcon } from "~/components/icons";
import { splitMessage } from "~/lib/split-message";
import { type ToastMessage, toastNamespaces } from "~/lib/toast";

const TOAST_MS = 5000;

/**
 * Shows one toast at a time (spec 01 §9: 5 s). It is part of the server-rendered page, so it
 * shows without JavaScript too; CSS fades it out, and with JavaScript it can be closed.
 */
export function Toaster({ toast }: { toast: ToastMessage | null | undefined }) {
  const [visible, setVisible] = useState<ToastMessage | null>(toast ?? null);
  // Subscribes to the toast's catalogues, so a toast from another part of the site re-renders
  // translated once its catalogue has loaded (entry.server sends it inline with the page).
  const { t } = useTranslation(["common", ...toastNamespaces(visible)]);

  useEffect(() => {
    setVisible(toast ?? null);
    if (!toast) return;
    const timer = setTimeout(() => setVisible(null), TOAST_MS);
    return () => clearTimeout(timer);
  }, [toast]);

  if (!visible) return null;
  const Icon =
    visible.type === "success"
      ? CheckCircleIcon
      : visible.type === "error"
        ? AlertCircleIcon
        : InfoIcon;
  const tone =
    visible.type === "success"
      ? "text-success"
      : visible.type === "error"
        ? "text-destructive"
        : "text-primary";

  return (
    // From sm up, top right just under the sticky header: where a page's heading row leaves room
    // and where the eye is after the page changes; at the bottom it hid summaries and buttons. On
    // a phone, the bottom edge, clear of the heading being read.
    <div className="pointer-events-none fixed inset-x-0 bottom-4 z-50 flex justify-center px-4 sm:bottom-auto sm:top-20 sm:justify-end sm:px-6">
      <div
        role={visible.type === "error" ? "alert" : "status"}
        data-testid="toast"
        data-type={visible.type}
        className={`toast-auto-hide pointer-events-auto flex w-full max-w-sm items-start gap-3 rounded-xl border bg-card p-4 shadow-lg ${
          visible.type === "error" ? "border-destructive/40" : "border-border"
        }`}
      >
        <Icon className={`mt-0.5 shrink-0 ${tone}`} />
        <div className="min-w-0 flex-1">
          <p className="font-semibold text-card-foreground">{t(visible.title, visible.values)}</p>
          {visible.description ? (
            <p className="mt-0.5 break-words text-sm text-muted-foreground">
              {
                // A service's message may carry its values after a `|` (the end of a suspension).
                t(splitMessage(visible.description).key, {
                  ...splitMessage(visible.description).values,
                  ...visible.values,
                })
              }
            </p>
          ) : null}
          {visible.link ? (
            <Link
              to={visible.link.href}
              className="mt-1.5 inline-block text-sm font-semibold text-primary underline-offset-2 hover:underline"
            >
              {t(visible.link.label)}
            </Link>
          ) : null}
        </div>
        <button
          type="button"
          onClick={() => setVisible(null)}
          className="-m-1 rounded-md p-1 text-muted-foreground hover:bg-muted hover:text-foreground"
          aria-label={t("common.close")}
        >
          <CloseIcon width={16} height={16} />
        </button>
      </div>
    </div>
  );
}
