import { type ActionFunctionArgs, redirect } from "@remix-run/node";
import { DEFAULT_LANGUAGE } from "~/constants";
import { safeRedirect } from "~/http/redirect.server";
import { isLanguage, languageCookie } from "~/i18next.server";
import { getSessionUserId } from "~/models/sessions.server";
import { recordAccountLanguage } from "~/web/account-language.server";
import { resourceAction } from "~/web/route.server";

/**
 * Saves the language choice in the `lng` cookie and goes back (without the `?lng=` that would
 * override it). A signed-in person's mail follows the choice (decision 027, amended).
 */
export const action = (args: ActionFunctionArgs) =>
  resourceAction(
    args,
    async ({ request }) => {
      const form = await request.formData();
      const value = form.get("lng");
      const lng = isLanguage(value) ? value : DEFAULT_LANGUAGE;
      const userId = await getSessionUserId(request);
      if (userId) await recordAccountLanguage(userId, lng);
      const back = new URL(safeRedirect(form.get("redirectTo")), "http://x");
      back.searchParams.delete("lng");
      return redirect(`${back.pathname}${back.search}`, {
        headers: { "Set-Cookie": await languageCookie.serialize(lng) },
      });
    },
    // Nothing another visitor sees has changed: the shared pages in front stay fresh.
    { changes: "none" },
  );

export const loader = () => redirect("/");
