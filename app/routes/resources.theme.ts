import { type ActionFunctionArgs, redirect } from "@remix-run/node";
import { THEMES, type Theme } from "~/constants";
import { cookieSecure } from "~/http/origin.server";
import { safeRedirect } from "~/http/redirect.server";
import { themeCookie } from "~/theme.server";
import { resourceAction } from "~/web/route.server";

/** Sets the theme cookie and goes back to the page (DESIGN §9: works without JavaScript). */
export const action = (args: ActionFunctionArgs) =>
  resourceAction(
    args,
    async ({ request }) => {
      const form = await request.formData();
      const value = form.get("theme");
      const theme: Theme = (THEMES as readonly unknown[]).includes(value)
        ? (value as Theme)
        : "system";
      return redirect(safeRedirect(form.get("redirectTo")), {
        headers: { "Set-Cookie": themeCookie(theme, cookieSecure(request)) },
      });
    },
    // Nothing another visitor sees has changed: the shared pages in front stay fresh.
    { changes: "none" },
  );

export const loader = () => redirect("/");
