import { createCookie } from "@remix-run/node";
import { createInstance, type i18n } from "i18next";
import { initReactI18next } from "react-i18next";
import { RemixI18Next } from "remix-i18next/server";
import { DEFAULT_LANGUAGE, LANGUAGES, type Language } from "~/constants";
import { ALL_NAMESPACES, i18nConfig } from "~/i18n";
import { withQuickTranslations } from "~/i18n-quick";
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

/**
 * /api answers follow the client's language: `?lng=`, the `lng` cookie, then Accept-Language (a
 * script has no language switch to press), then mn. Pages keep the rule above.
 */
const apiLanguage = new RemixI18Next({
  detection: {
    supportedLanguages: [...LANGUAGES],
    fallbackLanguage: DEFAULT_LANGUAGE,
    cookie: languageCookie,
    order: ["searchParams", "cookie", "header"],
  },
});

export function isLanguage(value: unknown): value is Language {
  return typeof value === "string" && (LANGUAGES as readonly string[]).includes(value);
}

const translators = new Map<string, Promise<i18n>>();

/**
 * One i18next instance per language, shared by every request and the page render. The catalogues
 * are fixed while the process runs and nothing changes an instance's language, so sharing is
 * safe; a fresh instance per call (remix-i18next's getFixedT) was a tenth of a page's server time.
 */
export function translatorFor(lng: string): Promise<i18n> {
  let translator = translators.get(lng);
  if (!translator) {
    const instance = createInstance();
    translator = instance
      .use(initReactI18next)
      .init({ ...i18nConfig, lng, ns: [...ALL_NAMESPACES], resources })
      .then(() => rememberTranslations(withQuickTranslations(instance)));
    translators.set(lng, translator);
  }
  return translator;
}

const REMEMBERED = 20_000;

/**
 * Keeps each translated string, by key and options: a page makes about 200 translation calls,
 * and i18next resolves, pluralises and interpolates each one afresh (a tenth of a render's CPU).
 * The catalogues do not change while the process runs, so the same call always gives the same
 * string. Calls with an object among their options (nested values, returnObjects) are not kept;
 * the store is emptied when full, as interpolated visitors' words (titles, names) keep coming.
 */
function rememberTranslations(instance: i18n): i18n {
  const translate = instance.t.bind(instance) as unknown as (
    key: unknown,
    options?: unknown,
  ) => unknown;
  const kept = new Map<string, unknown>();
  instance.t = ((key: unknown, options?: unknown) => {
    const id = callId(key, options);
    if (id === null) return translate(key, options);
    let value = kept.get(id);
    if (value === undefined) {
      value = translate(key, options);
      if (typeof value !== "string") return value;
      if (kept.size >= REMEMBERED) kept.clear();
      kept.set(id, value);
    }
    return value;
  }) as i18n["t"];
  return instance;
}

/** A call's key and options as one string, or null when an option is an object. */
function callId(key: unknown, options: unknown): string | null {
  let id = Array.isArray(key) ? key.join("\u0001") : String(key);
  if (options === undefined || options === null) return id;
  if (typeof options !== "object") return null;
  for (const [name, value] of Object.entries(options)) {
    if (value === undefined) continue;
    if (Array.isArray(value)) {
      if (!value.every((v) => typeof v === "string")) return null;
      id += `\u0000${name}=[${value.join("\u0001")}]`;
    } else if (typeof value === "function") {
      return null;
    } else if (value === null || typeof value !== "object") {
      id += `\u0000${name}=${typeof value}:${String(value)}`;
    } else {
      return null;
    }
  }
  return id;
}

/** The request's language: the page's rule, or the /api's for an /api request. */
export async function requestLanguage(request: Request): Promise<Language> {
  const isApi = new URL(request.url).pathname.startsWith("/api/");
  const lng = await (isApi ? apiLanguage : i18next).getLocale(request);
  return isLanguage(lng) ? lng : DEFAULT_LANGUAGE;
}

/** A translator for loaders, actions and /api answers, in the request's language. */
export async function getT(request: Request, ns: string | string[] = "common") {
  const lng = await requestLanguage(request);
  return (await translatorFor(lng)).getFixedT(lng, ns as "common");
}
