import { Form, useActionData } from "@remix-run/react";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { Toaster } from "~/components/toaster";
import { useHydrated } from "~/components/use-hydrated";
import { ASKED_FIELD, askedRefusalFor } from "~/lib/asked-refusal";
import { AskedRefusalContext } from "./asked-fields";
import { PendingButton } from "./pending-button";

const TONES = {
  destructive: {
    summary: "border-destructive/40 text-destructive hover:bg-destructive/10",
    panel: "border-destructive/40",
    button: "bg-destructive text-destructive-foreground hover:bg-destructive/90",
  },
  confirm: {
    summary: "border-gold bg-gold-soft text-foreground hover:bg-gold/25",
    panel: "border-gold/60",
    button: "bg-primary text-primary-foreground hover:bg-primary/90",
  },
} as const;

/**
 * A destructive action that asks first (spec 02: reject, delete "confirm dialog"). A native
 * <details> disclosure: the first click opens "Are you sure?" with the real submit button, so it
 * works the same with and without JavaScript; Cancel closes it.
 */
export function ConfirmAction({
  intent,
  id,
  label,
  question,
  confirmLabel,
  fields,
  icon,
  children,
  tone = "destructive",
  align = "right",
  cancelLabel,
}: {
  intent: string;
  id: number | string;
  label: string;
  question: string;
  confirmLabel: string;
  fields?: Record<string, string>;
  icon?: ReactNode;
  /** Fields asked for before confirming (the reasons of a rejection). */
  children?: ReactNode;
  /** `confirm`: an action that is not destructive but must not be one click (verifying money). */
  tone?: "destructive" | "confirm";
  /** Which edge of the button the question opens from: the side with room on a phone. */
  align?: "left" | "right";
  /** Outside the admin screens, the page's own word for Cancel (the admin catalogue is not loaded). */
  cancelLabel?: string;
}) {
  const styles = TONES[tone];
  const { t } = useTranslation("admin");
  // Without JavaScript the summary itself closes the question; Cancel needs a script.
  const hydrated = useHydrated();
  // A refusal of the fields asked for opens the question again, filled in and marked.
  const refused = askedRefusalFor(useActionData(), intent, id);
  return (
    <details className="group relative" open={refused ? true : undefined}>
      <summary
        className={`btn-outline cursor-pointer list-none [&::-webkit-details-marker]:hidden ${styles.summary}`}
      >
        {icon}
        {label}
      </summary>
      <div
        role="alertdialog"
        aria-label={question}
        className={`absolute ${align === "left" ? "left-0" : "right-0"} z-20 mt-2 ${children ? "w-80" : "w-72"} max-w-[calc(100vw-2rem)] rounded-xl border bg-card p-4 text-card-foreground shadow-lg ${styles.panel}`}
      >
        <p className="text-sm font-semibold">{question}</p>
        <Form method="post" className="mt-3 flex flex-wrap gap-2" preventScrollReset>
          <input type="hidden" name="id" value={id} />
          {Object.entries(fields ?? {}).map(([name, value]) => (
            <input key={name} type="hidden" name={name} value={value} />
          ))}
          {children ? <input type="hidden" name={ASKED_FIELD} value="1" /> : null}
          <AskedRefusalContext.Provider value={refused}>{children}</AskedRefusalContext.Provider>
          <PendingButton
            intent={intent}
            pendingId={id}
            className={`btn px-3 py-2 ${styles.button}`}
          >
            {confirmLabel}
          </PendingButton>
          {hydrated ? (
            <button
              type="button"
              className="btn-outline px-3 py-2"
              onClick={(event) => event.currentTarget.closest("details")?.removeAttribute("open")}
            >
              {cancelLabel ?? t("common.cancel")}
            </button>
          ) : null}
        </Form>
      </div>
      {refused ? <Toaster toast={refused.toast} /> : null}
    </details>
  );
}
