import { type ActionFunctionArgs, redirect } from "@remix-run/node";
import { endUserSession, toastHeader } from "~/models/sessions.server";

import { screenAction } from "~/web/route.server";

/** Ends the session (row deleted, cookie cleared) and returns to / with the "Logged out" toast. */
export const action = (args: ActionFunctionArgs) =>
  screenAction(
    args,
    async ({ request }) => {
      const headers = new Headers();
      headers.append("Set-Cookie", await endUserSession(request));
      headers.append(
        "Set-Cookie",
        await toastHeader(request, {
          type: "success",
          title: "toast.logout.title",
          description: "toast.logout.description",
        }),
      );
      return redirect("/", { headers });
    },
    // Nothing another visitor sees has changed: the shared pages in front stay fresh.
    { changes: "none" },
  );

export const loader = () => redirect("/");
