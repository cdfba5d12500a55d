import { Link } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { ArrowLeftIcon } from "~/components/icons";

/**
 * The not-found page (spec 01 §2: "404 Page Not Found") and the friendly page for every other
 * error. It never shows the error itself: details go to the server log only.
 */
export function ErrorPage({ status }: { status: number }) {
  const { t } = useTranslation();
  const kind =
    status === 404
      ? "notFound"
      : status === 403
        ? "forbidden"
        : status === 503
          ? "serviceUnavailable"
          : "serverError";
  return (
    <div className="container flex min-h-[60vh] flex-col items-center justify-center py-16 text-center">
      {status === 404 ? null : (
        <p className="text-6xl font-black tracking-tight text-primary/80">{status}</p>
      )}
      <h1 className="mt-4 text-2xl font-bold sm:text-3xl">{t(`errors.${kind}.title`)}</h1>
      <p className="mt-3 max-w-md text-muted-foreground">{t(`errors.${kind}.text`)}</p>
      <title>{t(`errors.${kind}.title`)}</title>
      <Link to="/" className="btn-primary mt-8">
        <ArrowLeftIcon width={16} height={16} />
        {t("errors.backHome")}
      </Link>
    </div>
  );
}
