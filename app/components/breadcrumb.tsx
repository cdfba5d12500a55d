import { Link } from "@remix-run/react";
import { useTranslation } from "react-i18next";

/** Home › Current page (spec 01 §2 list pages). */
export function Breadcrumb({ current }: { current: string }) {
  const { t } = useTranslation("stories");
  return (
    <nav aria-label={t("allPage.breadcrumb")} className="text-sm text-muted-foreground">
      <ol className="flex flex-wrap items-center gap-1.5">
        <li>
          <Link to="/" className="hover:text-foreground hover:underline">
            {t("allPage.home")}
          </Link>
        </li>
        <li aria-hidden="true">›</li>
        <li aria-current="page" className="font-medium text-foreground">
          {current}
        </li>
      </ol>
    </nav>
  );
}
