import { Link, useFetcher } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { HeartIcon } from "~/components/icons";
import { Toaster } from "~/components/toaster";
import { useHydrated } from "~/components/use-hydrated";
import type { ToastMessage } from "~/lib/toast";

interface HeartState {
  hearted: boolean;
  count: number;
}

/**
 * The story's hearts. A signed-in reader toggles with a form that posts the state they want
 * (so a double click cannot undo itself); with JavaScript it goes through a fetcher and the
 * heart changes at once. Anonymous readers see the count and a way to sign in.
 */
export function HeartButton({
  hearted,
  count,
  mode,
  loginHref,
}: HeartState & { mode: "toggle" | "anonymous" | "readonly"; loginHref: string }) {
  const { t } = useTranslation("story");
  const fetcher = useFetcher<{ toast?: ToastMessage | null }>();
  const hydrated = useHydrated();

  // While the post and the reload that follows are under way, show what was asked for.
  const wanted = fetcher.formData?.get("hearted");
  const shown: HeartState =
    typeof wanted === "string" && (wanted === "true") !== hearted
      ? { hearted: wanted === "true", count: Math.max(0, count + (wanted === "true" ? 1 : -1)) }
      : { hearted, count };

  const pill = (filled: boolean) =>
    `inline-flex items-center gap-2 rounded-full border px-4 py-2 text-sm font-semibold transition-colors ${
      filled ? "border-destructive/40 bg-destructive/10" : "border-border bg-card"
    }`;
  const icon = (filled: boolean) => (
    <HeartIcon
      width={18}
      height={18}
      fill={filled ? "currentColor" : "none"}
      className={filled ? "text-destructive" : "text-muted-foreground"}
    />
  );
  const countText = (
    <span data-testid="hearts-count" data-count={shown.count}>
      {t("hearts.count", { count: shown.count })}
    </span>
  );

  if (mode !== "toggle") {
    return (
      <div className="flex flex-wrap items-center gap-3" id="hearts">
        <span className={`${pill(false)} text-foreground`}>
          {icon(false)}
          {countText}
        </span>
        {mode === "anonymous" ? (
          <Link to={loginHref} className="text-sm font-semibold text-primary hover:underline">
            {t("hearts.signIn")}
          </Link>
        ) : null}
      </div>
    );
  }

  return (
    <fetcher.Form method="post" preventScrollReset id="hearts">
      <input type="hidden" name="intent" value="heart" />
      <input type="hidden" name="hearted" value={String(!shown.hearted)} />
      {hydrated ? <input type="hidden" name="via" value="fetcher" /> : null}
      <button
        type="submit"
        aria-pressed={shown.hearted}
        title={t(shown.hearted ? "hearts.remove" : "hearts.add")}
        className={`${pill(shown.hearted)} text-foreground hover:border-destructive/40 hover:bg-destructive/5`}
        data-testid="heart-button"
      >
        {icon(shown.hearted)}
        {/* A toggle keeps one name; aria-pressed says whether it is on. */}
        <span className="sr-only">{t("hearts.add")}: </span>
        {countText}
      </button>
      <Toaster toast={fetcher.data?.toast} />
    </fetcher.Form>
  );
}
