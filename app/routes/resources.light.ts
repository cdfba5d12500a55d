import { type ActionFunctionArgs, redirect } from "@remix-run/node";
import { cookieSecure } from "~/http/origin.server";
import { safeRedirect } from "~/http/redirect.server";
import { lightChoice } from "~/lib/light-mode";
import { lightCookie } from "~/lib/light-mode.server";
import { resourceAction } from "~/web/route.server";

/**
 * Sets the light-mode cookie (decision 065) and goes back to the page: works without JavaScript
 * (it is how a light page, which has none, turns the mode off). A value that is neither `1` nor
 * `0` turns it off: the full page is the site's default.
 */
export const action = (args: ActionFunctionArgs) =>
  resourceAction(
    args,
    async ({ request }) => {
      const form = await request.formData();
      const value = form.get("light");
      const on = lightChoice(typeof value === "string" ? value : null) ?? false;
      // A page reached by a switch of a long form carries `?light=`, which would outvote the
      // cookie set here: the way back leaves it out.
      const back = new URL(safeRedirect(form.get("redirectTo")), "http://x");
      back.searchParams.delete("light");
      return redirect(`${back.pathname}${back.search}${back.hash}`, {
        headers: { "Set-Cookie": lightCookie(on, cookieSecure(request)) },
      });
    },
    // Nothing another visitor sees has changed: the shared pages in front stay fresh.
    { changes: "none" },
  );

export const loader = () => redirect("/");
