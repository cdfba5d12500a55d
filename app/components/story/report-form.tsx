import type { SubmissionResult } from "@conform-to/react";
import { useFetcher } from "@remix-run/react";
import { useEffect, useRef } from "react";
import { useTranslation } from "react-i18next";
import { BotTrap } from "~/components/bot-trap";
import { SpinnerIcon } from "~/components/page-icons";
import { Toaster } from "~/components/toaster";
import { useHydrated } from "~/components/use-hydrated";
import { REPORT_NOTE_MAX, REPORT_REASONS } from "~/constants";
import { translateMessage } from "~/lib/split-message";
import type { ToastMessage } from "~/lib/toast";
import {
  REPORT_LINK_CLASS,
  type ReportMode,
  ReportSignIn,
  type ReportTargetType,
} from "./report-sign-in";

export type { ReportMode, ReportTargetType };

export interface ReportReply {
  intent: "report";
  ok?: boolean;
  result?: SubmissionResult<string[]>;
  toast: ToastMessage | null;
}

/**
 * The report's fields: a reason from the list (radio buttons: every choice is read at once) and
 * a note, required for "other". Shared by the story page's disclosure and the /report page.
 */
export function ReportFields({
  type,
  id,
  botTrap,
  result,
}: {
  type: ReportTargetType;
  id: number;
  /** The signed time the form was served (the bot check of public forms, decision 032). */
  botTrap: string;
  result?: SubmissionResult<string[]>;
}) {
  const { t } = useTranslation("story");
  // The service's messages are keys of the common catalogue (or carry their own namespace).
  const { t: tCommon } = useTranslation("common");
  const errors = result?.error ?? {};
  const initial = (result?.initialValue ?? {}) as Record<string, string>;
  const key = `${type}-${id}`;
  const message = (list?: string[] | null) =>
    list?.length ? list.map((m) => translateMessage(tCommon, m)).join(" ") : null;
  const reasonError = message(errors.reason);
  const noteError = message(errors.note);
  const formError = message(errors[""] ?? errors.target_id ?? errors.target_type);
  return (
    <>
      <input type="hidden" name="target_type" value={type} />
      <input type="hidden" name="target_id" value={id} />
      <BotTrap token={botTrap} />
      {/* No `required`: the browser would answer in its own language; the server's message is
          in the page's (the form is sent with noValidate as well). */}
      <fieldset
        aria-invalid={reasonError ? true : undefined}
        aria-describedby={reasonError ? `report-reason-error-${key}` : undefined}
      >
        <legend className="text-sm font-semibold">{t("report.reasonLabel")}</legend>
        <div className="mt-2 space-y-1.5">
          {REPORT_REASONS.map((reason) => (
            <label key={reason} className="flex items-start gap-2 text-sm">
              <input
                type="radio"
                name="reason"
                value={reason}
                defaultChecked={initial.reason === reason}
                className="mt-0.5"
              />
              {t(`report.reasons.${reason}`)}
            </label>
          ))}
        </div>
        {reasonError ? (
          <p id={`report-reason-error-${key}`} className="mt-1 text-sm text-destructive">
            {reasonError}
          </p>
        ) : null}
      </fieldset>
      <div>
        <label htmlFor={`report-note-${key}`} className="label">
          {t("report.noteLabel")}
        </label>
        <textarea
          id={`report-note-${key}`}
          name="note"
          rows={3}
          maxLength={REPORT_NOTE_MAX}
          defaultValue={initial.note ?? ""}
          className="input min-h-[4.5rem]"
          aria-invalid={noteError ? true : undefined}
          aria-describedby={`report-note-hint-${key}`}
        />
        <p id={`report-note-hint-${key}`} className="mt-1 text-xs text-muted-foreground">
          {noteError ? <span className="text-destructive">{noteError}</span> : t("report.noteHint")}
        </p>
      </div>
      {formError ? (
        <p role="alert" className="text-sm text-destructive">
          {formError}
        </p>
      ) : null}
    </>
  );
}

/**
 * "Report" under a story or a comment. A native <details> disclosure holds the small form, so it
 * opens and posts without JavaScript (to /report, which comes back here with a toast, or shows
 * the form again with what is wrong); with JavaScript it posts through a fetcher and stays put.
 */
export function ReportControl({
  type,
  id,
  mode,
  label,
  botTrap,
}: {
  type: ReportTargetType;
  id: number;
  mode: ReportMode;
  /** The signed time the page was served (absent for anonymous visitors: they sign in first). */
  botTrap?: string;
  /** What is reported, for screen readers ("Report the comment by Saraa"). */
  label: string;
}) {
  const { t } = useTranslation("story");
  const fetcher = useFetcher<ReportReply>();
  const hydrated = useHydrated();
  const details = useRef<HTMLDetailsElement>(null);
  const done = mode === "reported" || fetcher.data?.ok === true;
  useEffect(() => {
    if (fetcher.data?.ok) details.current?.removeAttribute("open");
  }, [fetcher.data]);
  const base = REPORT_LINK_CLASS;

  if (!mode) return null;
  if (mode === "signIn") return <ReportSignIn type={type} id={id} label={label} />;
  if (done) {
    return (
      <>
        <span className="text-xs text-muted-foreground" data-testid="reported">
          {t("report.done")}
        </span>
        <Toaster toast={fetcher.data?.toast} />
      </>
    );
  }
  const pending = fetcher.state !== "idle";
  return (
    <details ref={details} className="group relative" data-testid={`report-${type}`}>
      <summary
        className={`${base} cursor-pointer list-none [&::-webkit-details-marker]:hidden`}
        aria-label={label}
      >
        {t("report.action")}
      </summary>
      <fetcher.Form
        method="post"
        action={`/report?${type}=${id}`}
        preventScrollReset
        noValidate
        className="absolute right-0 z-20 mt-2 w-80 max-w-[calc(100vw-2rem)] space-y-3 rounded-xl border border-border bg-card p-4 text-left text-card-foreground shadow-lg"
      >
        <p className="text-sm font-semibold">{t(`report.title.${type}`)}</p>
        {hydrated ? <input type="hidden" name="via" value="fetcher" /> : null}
        <ReportFields type={type} id={id} botTrap={botTrap ?? ""} result={fetcher.data?.result} />
        <button
          type="submit"
          className="btn-primary px-3 py-2"
          aria-disabled={pending || undefined}
        >
          {pending ? <SpinnerIcon width={16} height={16} /> : null}
          {t("report.submit")}
        </button>
      </fetcher.Form>
      <Toaster toast={fetcher.data?.toast} />
    </details>
  );
}
