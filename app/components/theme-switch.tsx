import { useFetcher, useFetchers, useLocation, useRouteLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { MonitorIcon, MoonIcon, SunIcon } from "~/components/icons";
import { useHydrated } from "~/components/use-hydrated";
import type { Theme } from "~/constants";
import { SWITCH_FIELDS, useKeepTypingForm, withParam } from "~/lib/keep-typing";
import type { loader as rootLoader } from "~/root";

const OPTIONS = [
  { value: "light", Icon: SunIcon },
  { value: "dark", Icon: MoonIcon },
  { value: "system", Icon: MonitorIcon },
] as const;

/** The theme in effect, counting a choice that is still on its way to the server. */
export function useTheme(): Theme {
  const data = useRouteLoaderData<typeof rootLoader>("root");
  const pending = useFetchers().find((f) => f.formAction === "/resources/theme");
  const optimistic = pending?.formData?.get("theme");
  if (optimistic === "light" || optimistic === "dark" || optimistic === "system") return optimistic;
  return data?.theme ?? "system";
}

/** Three buttons in one form: a POST that sets the cookie and comes back, with or without JS. */
export function ThemeSwitch() {
  const { t } = useTranslation();
  const fetcher = useFetcher();
  const location = useLocation();
  // Without JavaScript, on a page with a long form, the buttons send that form (keep-typing.ts).
  const keepForm = useKeepTypingForm();
  const carry = !useHydrated() && keepForm;
  const theme = useTheme();
  return (
    <fetcher.Form
      method="post"
      action="/resources/theme"
      className="flex items-center rounded-lg border border-border bg-card p-0.5"
      aria-label={t("theme.label")}
    >
      <input type="hidden" name="redirectTo" value={`${location.pathname}${location.search}`} />
      {OPTIONS.map(({ value, Icon }) => (
        <button
          key={value}
          type="submit"
          name={carry ? SWITCH_FIELDS.theme : "theme"}
          value={value}
          form={carry || undefined}
          formAction={
            carry ? withParam(location.pathname, location.search, "theme", value) : undefined
          }
          aria-pressed={theme === value}
          title={t(`theme.${value}`)}
          className="rounded-md p-1.5 text-muted-foreground transition-colors hover:text-foreground aria-pressed:bg-muted aria-pressed:text-foreground"
        >
          <Icon width={16} height={16} />
          <span className="sr-only">{t(`theme.${value}`)}</span>
        </button>
      ))}
    </fetcher.Form>
  );
}
