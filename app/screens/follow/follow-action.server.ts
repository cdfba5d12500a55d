import { data, redirect } from "@remix-run/node";
import { HttpError } from "~/http/http.server";
import { safeRedirect } from "~/http/redirect.server";
import type { ToastMessage } from "~/lib/toast";
import { type FollowState, setAuthorFollow, setPoolFollow } from "~/models/follows.server";
import { redirectWithToast } from "~/models/sessions.server";
import { getUser } from "~/web/auth.server";

/**
 * The Follow buttons' post (issue 42), for /follow/authors/{username} and
 * /follow/donation-pools/{id}: the form says the state it wants (`follow`), so a double click
 * cannot undo itself, and the page to go back to. Without JavaScript it is POST/redirect/GET with
 * a toast; a fetcher (`via=fetcher`) stays on the page and gets the new state. Someone not signed
 * in is sent to sign in and back.
 */

export type FollowTarget = { kind: "author"; username: string } | { kind: "pool"; id: number };

export interface FollowReply {
  state: FollowState | null;
  toast: ToastMessage | null;
}

function doneToast(target: FollowTarget, follow: boolean, name: string): ToastMessage {
  if (target.kind === "pool") {
    return follow
      ? {
          type: "success",
          title: "follow:toast.followedPool",
          description: "follow:toast.followedPoolText",
        }
      : { type: "success", title: "follow:toast.unfollowedPool" };
  }
  return follow
    ? {
        type: "success",
        title: "follow:toast.followed",
        description: "follow:toast.followedText",
        values: { name },
      }
    : { type: "success", title: "follow:toast.unfollowed", values: { name } };
}

export async function followAction(request: Request, target: FollowTarget, fallback: string) {
  const form = await request.formData();
  const follow = form.get("follow") === "true";
  const back = safeRedirect(form.get("redirectTo"), fallback);
  const viaFetcher = form.get("via") === "fetcher";
  const user = await getUser(request);
  if (!user) {
    if (viaFetcher) {
      return data<FollowReply>(
        { state: null, toast: { type: "error", title: "follow:toast.signIn" } },
        { status: 401 },
      );
    }
    return redirect(`/login?redirect=${encodeURIComponent(back)}`, 303);
  }
  try {
    const state =
      target.kind === "author"
        ? await setAuthorFollow(user, target.username, follow)
        : await setPoolFollow(user, target.id, follow);
    const name = "username" in state ? state.username : "";
    if (viaFetcher) return data<FollowReply>({ state, toast: null });
    return redirectWithToast(request, back, doneToast(target, follow, name));
  } catch (error) {
    if (!(error instanceof HttpError)) throw error;
    const toast: ToastMessage = {
      type: "error",
      title: "follow:toast.failed",
      description: error.message,
    };
    if (viaFetcher) {
      return data<FollowReply>(
        { state: null, toast },
        { status: error.status, headers: error.headers },
      );
    }
    return redirectWithToast(request, back, toast);
  }
}
