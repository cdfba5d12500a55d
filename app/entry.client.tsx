import { RemixBrowser } from "@remix-run/react";
import i18next from "i18next";
import { StrictMode, startTransition } from "react";
import { hydrateRoot } from "react-dom/client";
import { I18nextProvider, initReactI18next } from "react-i18next";
import { I18nScriptText } from "~/components/i18n-script";
import { ALL_NAMESPACES, I18N_SCRIPT_ID, type I18nPayload, i18nConfig } from "~/i18n";
import { catalogueBackend } from "~/i18n-backend";
import { withQuickTranslations } from "~/i18n-quick";

const scriptText = document.getElementById(I18N_SCRIPT_ID)?.textContent ?? null;
const payload = JSON.parse(scriptText ?? "null") as I18nPayload | null;
const lng = payload?.lng ?? document.documentElement.lang;

async function hydrate() {
  await i18next
    .use(initReactI18next)
    .use(catalogueBackend(payload?.version ?? ""))
    .init({
      ...i18nConfig,
      lng,
      ns: Object.keys(payload?.resources ?? {}),
      resources: payload ? { [lng]: payload.resources } : undefined,
      // The page's own namespaces came inline; others (another language, later routes) load on demand.
      partialBundledLanguages: true,
      // Both languages have every key (tests/unit/i18n-catalogues.test.ts), so the browser never
      // needs the other language as a fallback: without this it fetched it for every namespace.
      fallbackLng: false,
    });
  // The same translations as the server's, with less work per call (decision 045).
  withQuickTranslations(i18next);

  // The page's own catalogues came inline; the rest of this language loads in the background,
  // so the next page renders translated at once instead of showing keys while they arrive.
  // (The admin dashboard's catalogue only when an admin page asks for it.)
  const preload = () => i18next.loadNamespaces(ALL_NAMESPACES.filter((ns) => ns !== "admin"));
  if ("requestIdleCallback" in window) window.requestIdleCallback(preload);
  else setTimeout(preload, 200);

  startTransition(() => {
    hydrateRoot(
      document,
      <I18nScriptText.Provider value={scriptText}>
        <I18nextProvider i18n={i18next}>
          {/* StrictMode only checks in development: production leaves it (and its bytes) out. */}
          {import.meta.env.DEV ? (
            <StrictMode>
              <RemixBrowser />
            </StrictMode>
          ) : (
            <RemixBrowser />
          )}
        </I18nextProvider>
      </I18nScriptText.Provider>,
    );
  });
}

hydrate();
