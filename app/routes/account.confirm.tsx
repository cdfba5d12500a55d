import type { LoaderFunctionArgs } from "@remix-run/node";
import { confirmAccountEmail } from "~/models/account-email.server";
import { redirectWithToast } from "~/models/sessions.server";

/**
 * The link in the confirmation mail (issue 17): confirms the address and goes to /profile with a
 * toast. It needs no session (the mail may be opened on another device): the signed token says
 * which account and address it is for.
 */
export async function loader({ request }: LoaderFunctionArgs) {
  const token = new URL(request.url).searchParams.get("token") ?? "";
  const confirmed = await confirmAccountEmail(token);
  return redirectWithToast(
    request,
    "/profile",
    confirmed
      ? { type: "success", title: "account.email.toast.confirmed" }
      : { type: "error", title: "account.email.toast.invalidLink" },
  );
}
