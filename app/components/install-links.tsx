import type { Theme } from "~/constants";
import { manifestHref, THEME_COLORS } from "~/lib/web-app";

/**
 * The page's manifest, in its language, and the browser bar's colour (decision 064): the chosen
 * theme's, or both with a media query when the system decides, as the page's own CSS does.
 */
export function InstallLinks({ locale, theme }: { locale: string; theme: Theme }) {
  return (
    <>
      {theme === "system" ? (
        <>
          <meta
            name="theme-color"
            media="(prefers-color-scheme: light)"
            content={THEME_COLORS.light}
          />
          <meta
            name="theme-color"
            media="(prefers-color-scheme: dark)"
            content={THEME_COLORS.dark}
          />
        </>
      ) : (
        <meta name="theme-color" content={THEME_COLORS[theme]} />
      )}
      <link rel="manifest" href={manifestHref(locale)} />
    </>
  );
}
