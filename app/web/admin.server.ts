import type { ActionFunctionArgs } from "@remix-run/node";
import { HttpError } from "~/http/http.server";
import { idOr404 } from "~/http/params.server";
import { ASKED_FIELD, type AskedRefusal } from "~/lib/asked-refusal";
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
 * A service's refusal of a field a question asked for (a ConfirmAction posts ASKED_FIELD): the
 * page is answered with what was typed and the field's message, so the question opens again
 * filled in and marked; null when the refusal is not one (it is then the usual redirect's toast).
 */
export function askedRefusal(form: FormData, error: HttpError, toast: ToastMessage) {
  if (!form.get(ASKED_FIELD) || !error.fieldErrors || error.status !== 400) return null;
  const values: Record<string, string> = {};
  for (const [key, value] of form)
    if (typeof value === "string" && key !== ASKED_FIELD && key !== "id" && key !== "intent")
      values[key] = value;
  const asked: AskedRefusal = {
    intent: String(form.get("intent") ?? ""),
    id: String(form.get("id") ?? ""),
    values,
    fieldErrors: error.fieldErrors,
    // The toast names what is wrong, not the schema's general "check the form".
    toast: { ...toast, description: Object.values(error.fieldErrors)[0]?.[0] ?? toast.description },
  };
  return Response.json({ asked }, { status: 400 });
}

/**
 * Every action of the admin screens: same-origin check, administrators only (anyone else is sent
 * to /), and a refusal by the service (409 payment pending, 404 gone…) turned into the spec's
 * error toast on the same page instead of an error screen. A handler returns the success toast;
 * the browser comes back to the page it posted from (POST/redirect/GET), with or without JS. A
 * refused field of a question is answered in place instead (askedRefusal).
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
      const toast: ToastMessage = { type: "error", title: errorTitle, description: error.message };
      return askedRefusal(form, error, toast) ?? redirectWithToast(request, backTo(request), toast);
    }
  });
}

/** A positive whole number from a form field (an id), or a 404 the toast reports. */
export function formId(form: FormData, name = "id"): number {
  return idOr404(String(form.get(name) ?? ""), "admin:errors.notFound");
}
