import type { FormatFunction } from "i18next";
import { DEFAULT_LANGUAGE, LANGUAGES } from "~/constants";
import { formatNumber } from "~/lib/format";

/**
 * `{{count, number}}` in a catalogue string groups digits as formatNumber does (1,234 in both
 * languages). i18next's own `number` format is Intl.NumberFormat(lng), which a browser without
 * Mongolian locale data renders differently from the server (and so breaks hydration). A value
 * that is not a number (an amount already written out, "1,000₮") passes through unchanged; the
 * plural form is chosen from `count` itself, before formatting. This replaces i18next's formatters:
 * the catalogues use no format but `number`.
 */
export const formatValue: FormatFunction = (value, format) => {
  if (format !== "number") return value;
  const n =
    typeof value === "number"
      ? value
      : typeof value === "string" && value.trim() !== ""
        ? Number(value)
        : Number.NaN;
  return Number.isFinite(n) ? formatNumber(n) : value;
};

/** i18next options shared by the server and the browser. */
export const i18nConfig = {
  supportedLngs: [...LANGUAGES],
  // The language when nothing chose one is mn; a key missing in mn would fall back to en.
  fallbackLng: "en",
  defaultNS: "common",
  ns: ["common"],
  interpolation: { escapeValue: false, format: formatValue }, // React escapes
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
  "follow",
  "stats",
  "charts",
  "offline",
] as const;

/** The <script type="application/json"> that carries the page's catalogues to the browser. */
export const I18N_SCRIPT_ID = "i18n-data";

export interface I18nPayload {
  lng: string;
  version: string;
  resources: Record<string, Record<string, unknown>>;
}
