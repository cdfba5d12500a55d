import { Link, useFetcher } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { BellIcon } from "~/components/icons";
import { CheckIcon } from "~/components/page-icons";
import { Toaster } from "~/components/toaster";
import { useHydrated } from "~/components/use-hydrated";
import type { ToastMessage } from "~/lib/toast";

export interface FollowView {
  following: boolean;
  followers: number;
  /**
   * Who sees it: a member may toggle, a visitor is offered to sign in, the author sees the count;
   * on an archived campaign, which posts nothing more, whoever does not follow it sees the count.
   */
  mode: "toggle" | "anonymous" | "own" | "closed";
}

/**
 * Follow / Following (issue 42), with the count of followers. A member's form posts the state
 * they want to `action` (so a double click cannot undo itself); with JavaScript it goes through a
 * fetcher and shows the asked-for state at once, without it the post comes back to `redirectTo`
 * with a toast. A visitor gets a link to sign in that comes back here.
 */
export function FollowButton({
  view,
  action,
  redirectTo,
  name,
  testId = "follow",
}: {
  view: FollowView;
  action: string;
  redirectTo: string;
  /** Whom or what it follows, for screen readers: the button reads «Follow Saraa». */
  name: string;
  testId?: string;
}) {
  const { t } = useTranslation("follow");
  const fetcher = useFetcher<{ toast?: ToastMessage | null }>();
  const hydrated = useHydrated();

  const wanted = fetcher.formData?.get("follow");
  const shown =
    typeof wanted === "string" && (wanted === "true") !== view.following
      ? {
          following: wanted === "true",
          followers: Math.max(0, view.followers + (wanted === "true" ? 1 : -1)),
        }
      : view;
  const count = (
    <span
      className="text-sm text-muted-foreground"
      data-testid={`${testId}-count`}
      data-count={shown.followers}
    >
      {t("followers", { count: shown.followers })}
    </span>
  );
  const pill = (on: boolean) =>
    `inline-flex items-center gap-1.5 rounded-full border px-3 py-1.5 text-sm font-semibold transition-colors ${
      on
        ? "border-primary/40 bg-primary/10 text-foreground hover:bg-primary/5"
        : "border-border bg-card text-foreground hover:border-primary/40 hover:bg-primary/5"
    }`;

  if (view.mode === "own" || view.mode === "closed")
    return <div className="flex items-center gap-3">{count}</div>;
  if (view.mode === "anonymous") {
    return (
      <div className="flex flex-wrap items-center gap-3">
        <Link
          to={`/login?redirect=${encodeURIComponent(redirectTo)}`}
          className={pill(false)}
          data-testid={`${testId}-sign-in`}
          title={t("button.signIn")}
        >
          <BellIcon width={16} height={16} />
          {t("button.follow")}
          <span className="sr-only"> {name}</span>
        </Link>
        {count}
      </div>
    );
  }
  return (
    <fetcher.Form
      method="post"
      action={action}
      preventScrollReset
      className="flex flex-wrap items-center gap-3"
    >
      <input type="hidden" name="follow" value={String(!shown.following)} />
      <input type="hidden" name="redirectTo" value={redirectTo} />
      {hydrated ? <input type="hidden" name="via" value="fetcher" /> : null}
      <button
        type="submit"
        aria-pressed={shown.following}
        aria-busy={fetcher.state !== "idle"}
        className={`${pill(shown.following)} ${fetcher.state !== "idle" ? "opacity-70" : ""}`}
        data-testid={testId}
        data-following={shown.following}
      >
        {shown.following ? (
          <CheckIcon width={16} height={16} />
        ) : (
          <BellIcon width={16} height={16} />
        )}
        {t(shown.following ? "button.following" : "button.follow")}
        <span className="sr-only"> {name}</span>
      </button>
      {count}
      <Toaster toast={fetcher.data?.toast} />
    </fetcher.Form>
  );
}
