import { useLocation, useNavigate, useRevalidator } from "@remix-run/react";
import { type FormEvent, useState } from "react";
import { useTranslation } from "react-i18next";
import { SpinnerIcon, UploadIcon } from "~/components/page-icons";
import { Toaster } from "~/components/toaster";
import { useHydrated } from "~/components/use-hydrated";
import type { ToastMessage } from "~/lib/toast";

export const UPLOAD_PATH = "/admin/donations/reconcile/upload";
const PRESETS = ["auto", "khan", "golomt", "tdb", "xac"] as const;

/**
 * The statement upload. A plain multipart form (the server answers with a redirect and a toast);
 * with JavaScript it is sent by XMLHttpRequest, the one browser API that reports upload
 * progress, and the page then goes where the server says.
 */
export function StatementUploadForm() {
  const { t } = useTranslation("admin");
  const hydrated = useHydrated();
  const navigate = useNavigate();
  const location = useLocation();
  const revalidator = useRevalidator();
  const [progress, setProgress] = useState<number | null>(null);
  const [error, setError] = useState<ToastMessage | null>(null);
  const [fileName, setFileName] = useState<string | null>(null);

  function submit(event: FormEvent<HTMLFormElement>) {
    const form = event.currentTarget;
    if (!hydrated) return;
    event.preventDefault();
    if (!fileName) {
      // The server's words, not the browser's "Please select a file." in the browser's language.
      setError({
        type: "error",
        title: "admin:reconcile.toast.uploadFailed",
        description: "admin:reconcile.errors.noFile",
      });
      return;
    }
    setError(null);
    setProgress(0);
    const request = new XMLHttpRequest();
    request.open("POST", UPLOAD_PATH);
    request.setRequestHeader("Accept", "application/json");
    request.responseType = "json";
    request.upload.onprogress = (e) => {
      if (e.lengthComputable) setProgress(Math.round((e.loaded / e.total) * 100));
    };
    request.onload = () => {
      const body = request.response as { redirectTo?: string; message?: string } | null;
      if (request.status < 400 && body?.redirectTo) {
        form.reset();
        setFileName(null);
        setProgress(null);
        // Going to the same page reloads every loader (the toast is in the root's); another page
        // reloads only its own, so the root is asked again once there.
        const elsewhere = body.redirectTo !== location.pathname;
        Promise.resolve(navigate(body.redirectTo)).then(() => {
          if (elsewhere) revalidator.revalidate();
        });
        return;
      }
      setProgress(null);
      setError({
        type: "error",
        title: "admin:reconcile.toast.uploadFailed",
        description: body?.message ?? "common:errors.unexpected",
      });
    };
    request.onerror = () => {
      setProgress(null);
      setError({
        type: "error",
        title: "admin:reconcile.toast.uploadFailed",
        description: "common:errors.unexpected",
      });
    };
    request.send(new FormData(form));
  }

  const busy = progress !== null;
  return (
    <form
      method="post"
      action={UPLOAD_PATH}
      encType="multipart/form-data"
      onSubmit={submit}
      // Checked by the server (and by the script), in the page's language.
      noValidate
      className="card grid gap-4 p-4 sm:p-5"
      aria-labelledby="upload-title"
      data-testid="statement-upload"
    >
      <div>
        <h3 id="upload-title" className="text-base font-semibold">
          {t("reconcile.upload.title")}
        </h3>
        <p className="mt-1 text-sm text-muted-foreground">{t("reconcile.upload.hint")}</p>
      </div>
      <div className="grid gap-4 sm:grid-cols-[minmax(0,1fr)_14rem]">
        <div className="grid gap-1.5">
          <label htmlFor="statement" className="text-sm font-medium">
            {t("reconcile.upload.file")}
          </label>
          <input
            id="statement"
            name="statement"
            type="file"
            accept=".csv,.txt,.xlsx,text/csv,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
            // With JavaScript the browser's own button ("Choose File", in the browser's language)
            // gives way to the one below, in the page's.
            className={
              hydrated
                ? "peer sr-only"
                : "block w-full rounded-lg border border-input bg-background text-sm file:mr-3 file:border-0 file:bg-secondary file:px-3 file:py-2.5 file:text-sm file:font-medium file:text-secondary-foreground"
            }
            aria-describedby="statement-hint"
            onChange={(e) => setFileName(e.currentTarget.files?.[0]?.name ?? null)}
          />
          {hydrated ? (
            // The input keeps its name from the label above; this one is what the eye clicks.
            <label
              htmlFor="statement"
              aria-hidden="true"
              className="flex cursor-pointer items-center gap-3 rounded-lg border border-input bg-background text-sm peer-focus-visible:ring-2 peer-focus-visible:ring-ring"
            >
              <span className="rounded-l-lg bg-secondary px-3 py-2.5 font-medium text-secondary-foreground">
                {t("reconcile.upload.choose")}
              </span>
              <span
                className={`min-w-0 truncate pr-3 ${fileName ? "" : "text-muted-foreground"}`}
                data-testid="statement-name"
              >
                {fileName ?? t("reconcile.upload.noFile")}
              </span>
            </label>
          ) : null}
          <p id="statement-hint" className="text-xs text-muted-foreground">
            {t("reconcile.upload.fileHint")}
          </p>
        </div>
        <div className="grid content-start gap-1.5">
          <label htmlFor="preset" className="text-sm font-medium">
            {t("reconcile.upload.bank")}
          </label>
          <select id="preset" name="preset" defaultValue="auto" className="input">
            {PRESETS.map((preset) => (
              <option key={preset} value={preset}>
                {t(`reconcile.presets.${preset}`)}
              </option>
            ))}
          </select>
        </div>
      </div>
      <div className="flex flex-wrap items-center gap-3">
        <button
          type="submit"
          className="btn-primary"
          aria-disabled={busy || undefined}
          disabled={busy}
        >
          {busy ? <SpinnerIcon width={16} height={16} /> : <UploadIcon width={16} height={16} />}
          {t("reconcile.upload.submit")}
        </button>
        {busy ? (
          <div className="flex min-w-48 flex-1 items-center gap-3">
            <progress
              max={100}
              value={progress}
              aria-label={t("reconcile.upload.progress")}
              className="h-2 w-full overflow-hidden rounded-full [&::-moz-progress-bar]:bg-primary [&::-webkit-progress-bar]:bg-muted [&::-webkit-progress-value]:bg-primary"
            />
            <span className="text-sm tabular-nums text-muted-foreground" aria-live="polite">
              {progress === 100 ? t("reconcile.upload.reading") : `${progress}%`}
            </span>
          </div>
        ) : null}
      </div>
      <Toaster toast={error} />
    </form>
  );
}
