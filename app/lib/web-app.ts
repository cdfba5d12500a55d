import { DEFAULT_LANGUAGE, LANGUAGES } from "~/constants";

/**
 * The installable site (decision 064), the parts a page needs: where its manifest is and the
 * colour of the browser's bar in each theme. The colours are the background tokens of
 * app/theme-tokens.ts, which the sticky header shows, written out here so that the browser bundle
 * does not carry every token (tests/unit/web-manifest.test.ts checks they agree).
 */
export const THEME_COLORS = { light: "#f8f7f4", dark: "#0d111b" } as const;

/** One manifest per language, at its own address: browsers fetch a manifest without cookies. */
export function manifestHref(lng: string): string {
  const known = (LANGUAGES as readonly string[]).includes(lng) ? lng : DEFAULT_LANGUAGE;
  return `/manifest.${known}.webmanifest`;
}
