import { useFetcher, useLocation } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { useHydrated } from "~/components/use-hydrated";
import { LANGUAGES } from "~/constants";
import { SWITCH_FIELDS, useKeepTypingForm, withParam } from "~/lib/keep-typing";

/** mn / en as two submit buttons of one form: works without JS, instant with a fetcher. */
export function LanguageSwitch() {
  const { t, i18n } = useTranslation();
  const fetcher = useFetcher();
  const location = useLocation();
  // Without JavaScript, on a page with a long form, the buttons send that form (keep-typing.ts).
  const keepForm = useKeepTypingForm();
  const carry = !useHydrated() && keepForm;
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
          name={carry ? SWITCH_FIELDS.lng : "lng"}
          value={lng}
          form={carry || undefined}
          formAction={carry ? withParam(location.pathname, location.search, "lng", lng) : undefined}
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
