import { data } from "@remix-run/node";
import { HttpError } from "~/http/http.server";
import { PURGE_HEADER, purgeValue } from "~/http/shared-cache.server";
import { type FormReply, formResult } from "~/lib/form-reply";
import { setDigest } from "~/models/digest.server";
import { redirectWithToast } from "~/models/sessions.server";
import type { User } from "~/models/users.server";
import { sayChanges } from "~/web/route.server";

/** /profile's digest choice (issue 42): saved with a toast, or the refusal under the choice. */
export async function digestAction(request: Request, user: Pick<User, "id">, form: FormData) {
  const values = { digest: String(form.get("digest") ?? "") };
  try {
    await setDigest(user, values);
  } catch (error) {
    if (!(error instanceof HttpError) || error.status !== 400) throw error;
    return data<FormReply>(
      { intent: "digest", result: formResult(values, error.fieldErrors), toast: null },
      { status: 400, headers: { [PURGE_HEADER]: purgeValue("none") } },
    );
  }
  // How often one's own mail comes changes no page another visitor sees.
  return sayChanges(
    await redirectWithToast(request, "/profile#following", {
      type: "success",
      title: "follow:digest.saved",
    }),
    "none",
  );
}
