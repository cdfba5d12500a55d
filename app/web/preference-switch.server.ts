import { THEMES, type Theme } from "~/constants";
import { cookieSecure } from "~/http/origin.server";
import { isLanguage, languageCookie } from "~/i18next.server";
import { SWITCH_FIELDS } from "~/lib/keep-typing";
import { lightChoice } from "~/lib/light-mode";
import { lightCookie } from "~/lib/light-mode.server";
import { themeCookie } from "~/theme.server";

/**
 * Without JavaScript, the language, theme and light-mode buttons of a page with a long form post
 * that form itself (keep-typing.ts), so what was typed is not lost: the page's action, seeing one
 * of these fields, answers with the values it received, shown in the new language, theme or mode
 * (the URL's `?lng=`, `?theme=` or `?light=` says which), and stores the choice. Null when the
 * form was sent as usual.
 */
export async function preferenceSwitch(form: FormData, request: Request): Promise<Headers | null> {
  const lng = form.get(SWITCH_FIELDS.lng);
  const theme = form.get(SWITCH_FIELDS.theme);
  const light = form.get(SWITCH_FIELDS.light);
  if (lng === null && theme === null && light === null) return null;
  const headers = new Headers({ "Cache-Control": "private, no-store" });
  if (isLanguage(lng)) headers.append("Set-Cookie", await languageCookie.serialize(lng));
  if ((THEMES as readonly unknown[]).includes(theme))
    headers.append("Set-Cookie", themeCookie(theme as Theme, cookieSecure(request)));
  const lightOn = lightChoice(typeof light === "string" ? light : null);
  if (lightOn !== null) headers.append("Set-Cookie", lightCookie(lightOn, cookieSecure(request)));
  return headers;
}
