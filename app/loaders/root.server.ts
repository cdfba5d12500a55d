import { data, type LoaderFunctionArgs } from "@remix-run/node";
import { contact, social } from "~/config.server";
import { isLanguage, languageCookie } from "~/i18next.server";
import { lightMode } from "~/lib/light-mode.server";
import { readToast } from "~/models/sessions.server";
import { getTheme } from "~/theme.server";
import { decide, localeOf, shownViewer, viewerOf } from "~/web/member-pages.server";

/**
 * The root route's loader. Loaders of the routes on the home page's path live in app/loaders/:
 * the browser build replaces each server module a route imports with an empty chunk of its own,
 * so one import here instead of five keeps those out of the first download (issue 8's budget).
 */
export async function rootData({ request, context }: LoaderFunctionArgs) {
  const [viewer, locale, toast, decision] = await Promise.all([
    viewerOf({ request, context }),
    localeOf({ request, context }),
    readToast(request),
    decide({ request, context }),
  ]);
  const headers = new Headers();
  if (toast.setCookie) headers.append("Set-Cookie", toast.setCookie);

  // `?lng=en` works on any page and is remembered, like a click on the switch.
  const lngParam = new URL(request.url).searchParams.get("lng");
  if (isLanguage(lngParam)) {
    const saved = await languageCookie.parse(request.headers.get("Cookie"));
    if (saved !== lngParam) headers.append("Set-Cookie", await languageCookie.serialize(lngParam));
  }

  return data(
    {
      user: shownViewer(decision, viewer),
      locale,
      theme: getTheme(request),
      // Decision 065: no scripts, pictures on demand.
      light: lightMode(request),
      toast: toast.toast,
      contact,
      social,
    },
    { headers },
  );
}
