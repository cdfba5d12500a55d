import { Link } from "@remix-run/react";
import { useEffect, useLayoutEffect, useRef, useState } from "react";
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

  // A toast never covers the control that caused it (issue 41 item 5). That control has the
  // focus (a fetcher's button, a copy button): when the toast's place overlaps it, the toast
  // goes to the other edge. Without JavaScript the CSS of `.toast-place` decides alone.
  const box = useRef<HTMLDivElement>(null);
  // Kept per toast, so each new one is first drawn, and measured, in the usual place.
  const [movedDown, setMovedDown] = useState<ToastMessage | null>(null);
  const bottom = visible !== null && movedDown === visible;
  useIsomorphicLayoutEffect(() => {
    const focused = document.activeElement;
    if (!visible || !box.current || !focused || focused === document.body) return;
    if (overlaps(box.current.getBoundingClientRect(), focused.getBoundingClientRect()))
      setMovedDown(visible);
  }, [visible]);

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
    // Just under the sticky header (top right from sm up): where the eye is after the page
    // changes, and clear of a form's buttons, which the bottom edge of a phone covered.
    <div
      className="toast-place pointer-events-none fixed inset-x-0 z-50 flex justify-center px-4 sm:justify-end sm:px-6"
      data-place={bottom ? "bottom" : undefined}
    >
      <div
        ref={box}
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

const useIsomorphicLayoutEffect = typeof document === "undefined" ? useEffect : useLayoutEffect;

const overlaps = (a: DOMRect, b: DOMRect) =>
  a.left < b.right && b.left < a.right && a.top < b.bottom && b.top < a.bottom;
