import { useFetcher, useLocation } from "@remix-run/react";
import { useContext } from "react";
import { useTranslation } from "react-i18next";
import { UNSAFE_DataRouterStateContext } from "react-router-dom";
import { useHydrated } from "~/components/use-hydrated";
import { SWITCH_FIELDS, useKeepTypingForm, withParam } from "~/lib/keep-typing";
import { lightChoice } from "~/lib/light-mode";

const ACTION = "/resources/light";

/**
 * Whether the page is light (decision 065), counting a choice still on its way to the server.
 * Read from the router's state rather than its hooks, which refuse to run outside a data router:
 * the picture and avatar components that ask are also drawn alone, in tests and in mail.
 */
export function useLightMode(): boolean {
  const state = useContext(UNSAFE_DataRouterStateContext);
  if (!state) return false;
  for (const fetcher of state.fetchers.values()) {
    if (fetcher.formAction !== ACTION) continue;
    const pending = lightChoice(String(fetcher.formData?.get("light") ?? ""));
    if (pending !== null) return pending;
  }
  return (state.loaderData.root as { light?: boolean } | undefined)?.light === true;
}

/**
 * One toggle button in a form: a POST that sets the cookie and comes back, with or without
 * JavaScript (a light page has none, so this is how it is turned off); instant with a fetcher.
 */
export function LightSwitch() {
  const { t } = useTranslation();
  const fetcher = useFetcher();
  const location = useLocation();
  // Without JavaScript, on a page with a long form, the button sends that form (keep-typing.ts).
  const keepForm = useKeepTypingForm();
  const carry = !useHydrated() && keepForm;
  const light = useLightMode();
  const next = light ? "0" : "1";
  return (
    <fetcher.Form method="post" action={ACTION} className="mt-5 max-w-md">
      <input type="hidden" name="redirectTo" value={`${location.pathname}${location.search}`} />
      <button
        type="submit"
        name={carry ? SWITCH_FIELDS.light : "light"}
        value={next}
        form={carry || undefined}
        formAction={
          carry ? withParam(location.pathname, location.search, "light", next) : undefined
        }
        aria-pressed={light}
        aria-describedby="light-switch-hint"
        data-testid="light-switch"
        className="group inline-flex items-center gap-2.5 rounded-lg border border-border bg-card px-3 py-1.5 text-sm font-medium text-foreground transition-colors hover:bg-muted"
      >
        {/* The track and knob only show the state; aria-pressed says it. */}
        <span
          aria-hidden="true"
          className="relative h-4 w-7 shrink-0 rounded-full bg-muted-foreground/40 transition-colors group-aria-pressed:bg-primary"
        >
          <span className="absolute left-0.5 top-0.5 h-3 w-3 rounded-full bg-background transition-transform group-aria-pressed:translate-x-3" />
        </span>
        {t("light.label")}
      </button>
      <p id="light-switch-hint" className="mt-1.5 text-xs text-muted-foreground">
        {t("light.hint")}
      </p>
    </fetcher.Form>
  );
}
