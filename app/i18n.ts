import { DEFAULT_LANGUAGE, LANGUAGES } from "~/constants";

/** i18next options shared by the server and the browser. */
export const i18nConfig = {
  supportedLngs: [...LANGUAGES],
  // The language when nothing chose one is mn; a key missing in mn would fall back to en.
  fallbackLng: "en",
  defaultNS: "common",
  ns: ["common"],
  interpolation: { escapeValue: false }, // React escapes
  react: { useSuspense: false },
};

export { DEFAULT_LANGUAGE };

/** Every catalogue namespace (app/locales/{mn,en}/*.json); a test keeps this list complete. */
export const ALL_NAMESPACES = [
  "common",
  "stories",
  "story",
  "faq",
  "plans",
  "post",
  "pools",
  "donate",
  "admin",
  "messages",
  "receipts",
] as const;

/** The <script type="application/json"> that carries the page's catalogues to the browser. */
export const I18N_SCRIPT_ID = "i18n-data";

export interface I18nPayload {
  lng: string;
  version: string;
  resources: Record<string, Record<string, unknown>>;
}
