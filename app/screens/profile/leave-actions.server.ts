import { data } from "@remix-run/node";
import { HttpError } from "~/http/http.server";
import { idOr404 } from "~/http/params.server";
import { type FormReply, formResult } from "~/lib/form-reply";
import { deleteAccount } from "~/models/account-delete.server";
import { endUserSession, redirectWithToast } from "~/models/sessions.server";
import { deleteStory } from "~/models/story-delete.server";
import type { User } from "~/models/users.server";

/** The /profile forms of leaving (issue 18): deleting one's own story, and one's account. */
export const LEAVE_INTENTS = ["delete-story", "delete-account"] as const;

export function isLeaveIntent(value: unknown): value is (typeof LEAVE_INTENTS)[number] {
  return (LEAVE_INTENTS as readonly unknown[]).includes(value);
}

export async function leaveAction(request: Request, user: User, form: FormData) {
  if (form.get("intent") === "delete-story") {
    await deleteStory(idOr404(String(form.get("id") ?? ""), "errors.storyNotFound"), user);
    return redirectWithToast(request, "/profile", {
      type: "success",
      title: "leave.story.toast",
    });
  }
  const choice = form.get("keep_stories");
  const values = { username: String(form.get("username") ?? ""), keep_stories: choice ?? "" };
  try {
    await deleteAccount(user, {
      username: values.username,
      keep_stories: choice === "keep" ? true : choice === "remove" ? false : undefined,
      currentPassword: String(form.get("currentPassword") ?? ""),
    });
  } catch (error) {
    if (!(error instanceof HttpError) || ![400, 409, 429].includes(error.status)) throw error;
    // What was typed comes back, the password never.
    return data<FormReply>(
      {
        intent: "delete-account",
        result: formResult(
          { username: values.username, keep_stories: String(values.keep_stories) },
          error.fieldErrors,
          error.fieldErrors ? [] : [error.message],
        ),
        toast: null,
      },
      { status: error.status, headers: error.headers },
    );
  }
  // Signed out (the session row went with the account; this clears the cookie), then home.
  return redirectWithToast(
    request,
    "/",
    { type: "success", title: "leave.account.toast", description: "leave.account.toastText" },
    { headers: { "Set-Cookie": await endUserSession(request) } },
  );
}
