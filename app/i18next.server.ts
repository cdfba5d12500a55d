import { createCookie } from "@remix-run/node";
import { RemixI18Next } from "remix-i18next/server";
import { DEFAULT_LANGUAGE, LANGUAGES, type Language } from "~/constants";
import { i18nConfig } from "~/i18n";
import { resources } from "~/locales/index.server";

/** The language choice (DESIGN §4: cookie `lng`); a Remix cookie, as remix-i18next reads it. */
export const languageCookie = createCookie("lng", {
  path: "/",
  sameSite: "lax",
  httpOnly: true,
  maxAge: 60 * 60 * 24 * 365,
});

/**
 * Detection order: `?lng=`, then the cookie, then mn. The browser's Accept-Language is not
 * consulted: the site is Mongolian first, and English is a choice the visitor makes.
 */
export const i18next = new RemixI18Next({
  detection: {
    supportedLanguages: [...LANGUAGES],
    fallbackLanguage: DEFAULT_LANGUAGE,
    cookie: languageCookie,
    order: ["searchParams", "cookie"],
  },
  i18next: { ...i18nConfig, resources },
});

export function isLanguage(value: unknown): value is Language {
  return typeof value === "string" && (LANGUAGES as readonly string[]).includes(value);
}

/** A translator for loaders, actions and /api answers, in the request's language. */
export async function getT(request: Request, ns: string | string[] = "common") {
  return i18next.getFixedT(request, ns as "common");
}
