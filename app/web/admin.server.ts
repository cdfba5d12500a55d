import type { ActionFunctionArgs } from "@remix-run/node";
import { HttpError } from "~/http/http.server";
import { idOr404 } from "~/http/params.server";
import type { ToastMessage } from "~/lib/toast";
import { redirectWithToast } from "~/models/sessions.server";
import type { User } from "~/models/users.server";
import { requireAdmin } from "~/web/auth.server";
import { screenAction } from "~/web/route.server";

/**
 * The page an admin form was posted from, to come back to: the action URL is the page's own
 * (forms post to themselves), less Remix's `?index` marker.
 */
export function backTo(request: Request): string {
  const url = new URL(request.url);
  url.searchParams.delete("index");
  const search = url.searchParams.toString();
  return `${url.pathname}${search ? `?${search}` : ""}`;
}

/**
 * Every action of the admin screens: same-origin check, administrators only (anyone else is sent
 * to /), and a refusal by the service (409 payment pending, 404 gone…) turned into the spec's
 * error toast on the same page instead of an error screen. A handler returns the success toast;
 * the browser comes back to the page it posted from (POST/redirect/GET), with or without JS.
 */
export function adminAction(
  args: ActionFunctionArgs,
  handler: (
    args: ActionFunctionArgs & { admin: User; form: FormData },
  ) => Promise<ToastMessage | Response>,
  errorTitle = "admin:toast.failed",
) {
  return screenAction(args, async ({ request, ...rest }) => {
    const admin = await requireAdmin(request);
    const form = await request.formData();
    try {
      const outcome = await handler({ request, ...rest, admin, form });
      if (outcome instanceof Response) return outcome;
      return redirectWithToast(request, backTo(request), outcome);
    } catch (error) {
      if (!(error instanceof HttpError)) throw error;
      return redirectWithToast(request, backTo(request), {
        type: "error",
        title: errorTitle,
        description: error.message,
      });
    }
  });
}

/** A positive whole number from a form field (an id), or a 404 the toast reports. */
export function formId(form: FormData, name = "id"): number {
  return idOr404(String(form.get(name) ?? ""), "admin:errors.notFound");
}
