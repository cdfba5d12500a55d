import { Link } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { AlertCircleIcon, ArrowLeftIcon } from "~/components/icons";

const poolErrorKind = (status: number) => (status === 404 ? "missing" : "failed");

/** The title of PoolError's page (root's ErrorTitle puts it in the head). */
export const poolErrorTitle = (status: number) => `pools:errors.${poolErrorKind(status)}.title`;

/**
 * A pool page that could not be shown (spec 02 §8: "error with a back link"): unknown id or a
 * failed load. Details stay in the server log.
 */
export function PoolError({ status }: { status: number }) {
  const { t } = useTranslation("pools");
  const kind = poolErrorKind(status);
  return (
    <div
      className="container flex min-h-[60vh] flex-col items-center justify-center py-16 text-center"
      data-testid="pool-error"
    >
      <span className="flex h-14 w-14 items-center justify-center rounded-full bg-muted text-muted-foreground">
        <AlertCircleIcon width={28} height={28} />
      </span>
      <p className="mt-4 text-sm font-semibold text-muted-foreground">{status}</p>
      <h1 className="mt-1 text-2xl font-bold sm:text-3xl">{t(`errors.${kind}.title`)}</h1>
      <p className="mt-3 max-w-md text-muted-foreground">{t(`errors.${kind}.text`)}</p>
      <div className="mt-8 flex flex-wrap justify-center gap-3">
        <Link to="/donation-pools" className="btn-primary">
          <ArrowLeftIcon width={16} height={16} />
          {t("errors.back")}
        </Link>
        <Link to="/" className="btn-outline">
          {t("common:errors.backHome")}
        </Link>
      </div>
    </div>
  );
}
