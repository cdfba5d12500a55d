import { Link } from "@remix-run/react";
import { useTranslation } from "react-i18next";

export type ReportTargetType = "story" | "comment";

/** How the viewer may report an item: a form, already done, sign in first, or not at all (own). */
export type ReportMode = "form" | "reported" | "signIn" | null;

export const REPORT_LINK_CLASS =
  "text-xs font-semibold text-muted-foreground hover:text-foreground";

/** Where an anonymous reader signs in to report an item, and comes back to its report form. */
export const reportLoginHref = (type: ReportTargetType, id: number) =>
  `/login?${new URLSearchParams({ redirect: `/report?${type}=${id}` })}`;

/**
 * "Report" for an anonymous reader: a link to sign in first. Apart from the report form
 * (./report-form.tsx), which only signed-in readers load (decision 068).
 */
export function ReportSignIn({
  type,
  id,
  label,
}: {
  type: ReportTargetType;
  id: number;
  label: string;
}) {
  const { t } = useTranslation("story");
  return (
    <Link
      to={reportLoginHref(type, id)}
      className={REPORT_LINK_CLASS}
      aria-label={label}
      rel="nofollow"
    >
      {t("report.action")}
    </Link>
  );
}
