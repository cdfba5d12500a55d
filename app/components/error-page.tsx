import { isRouteErrorResponse, Link } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { ArrowLeftIcon } from "~/components/icons";

/**
 * The not-found page (spec 01 §2: "404 Page Not Found") and the friendly page for every other
 * error. It never shows the error itself: details go to the server log only.
 */
function errorKind(status: number) {
  if (status === 404) return "notFound";
  if (status === 403) return "forbidden";
  if (status === 503) return "serviceUnavailable";
  return "serverError";
}

/** The status a route error stands for: an error response's own, otherwise 500. */
export function errorStatus(error: unknown): number {
  return isRouteErrorResponse(error) ? error.status : 500;
}

/**
 * The translation key of why a screen's action refused (screenAction throws `{ message }` with
 * the status), to say more than the status's generic text; undefined for anything else.
 */
export function errorMessageKey(error: unknown): string | undefined {
  if (!isRouteErrorResponse(error)) return undefined;
  const message = (error.data as { message?: unknown } | null)?.message;
  return typeof message === "string" ? message : undefined;
}

/**
 * What a route's `handle` may say about its error pages: the title for a status (a translation
 * key with its namespace), when its ErrorBoundary shows something more specific than ErrorPage.
 */
export interface ErrorTitleHandle {
  errorTitle?: (status: number) => string | undefined;
}

/**
 * The error page's title, for the document's head: the failed route's meta has no data to
 * build one from, and a <title> in the body is invalid HTML.
 */
export function ErrorTitle({ status, titleKey }: { status: number; titleKey?: string }) {
  const { t } = useTranslation();
  const title = t(titleKey ?? `errors.${errorKind(status)}.title`);
  return <title>{t("meta.titleTemplate", { title })}</title>;
}

export function ErrorPage({
  status,
  messageKey,
  titleKey,
}: {
  status: number;
  messageKey?: string;
  titleKey?: string;
}) {
  const { t } = useTranslation();
  const kind = errorKind(status);
  return (
    <div className="container flex min-h-[60vh] flex-col items-center justify-center py-16 text-center">
      {status === 404 ? null : (
        <p className="text-6xl font-black tracking-tight text-primary/80">{status}</p>
      )}
      <h1 className="mt-4 text-2xl font-bold sm:text-3xl">
        {t(titleKey ?? `errors.${kind}.title`)}
      </h1>
      <p className="mt-3 max-w-md text-muted-foreground">
        {t(messageKey ?? `errors.${kind}.text`)}
      </p>
      <Link to="/" className="btn-primary mt-8">
        <ArrowLeftIcon width={16} height={16} />
        {t("errors.backHome")}
      </Link>
    </div>
  );
}
