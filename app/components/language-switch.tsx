import { useFetcher, useLocation } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { LANGUAGES } from "~/constants";

/** mn / en as two submit buttons of one form: works without JS, instant with a fetcher. */
export function LanguageSwitch() {
  const { t, i18n } = useTranslation();
  const fetcher = useFetcher();
  const location = useLocation();
  const pending = fetcher.formData?.get("lng");
  const current = typeof pending === "string" ? pending : i18n.language;
  return (
    <fetcher.Form
      method="post"
      action="/resources/language"
      className="flex items-center rounded-lg border border-border bg-card p-0.5"
      aria-label={t("language.label")}
    >
      <input type="hidden" name="redirectTo" value={`${location.pathname}${location.search}`} />
      {LANGUAGES.map((lng) => (
        <button
          key={lng}
          type="submit"
          name="lng"
          value={lng}
          lang={lng}
          aria-pressed={current === lng}
          title={t(`language.${lng}`)}
          className="rounded-md px-2 py-1 text-xs font-semibold uppercase text-muted-foreground transition-colors hover:text-foreground aria-pressed:bg-muted aria-pressed:text-foreground"
        >
          {lng}
          <span className="sr-only"> — {t(`language.${lng}`)}</span>
        </button>
      ))}
    </fetcher.Form>
  );
}
