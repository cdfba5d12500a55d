import { Form, Link, useActionData, useFetcher, useNavigation } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { ErrorList, StatusButton } from "~/components/forms";
import { BellIcon } from "~/components/icons";
import { UserAvatar } from "~/components/story/user-avatar";
import { Toaster } from "~/components/toaster";
import { useHydrated } from "~/components/use-hydrated";
import { authorHref } from "~/lib/author";
import type { FormReply } from "~/lib/form-reply";
import type { ToastMessage } from "~/lib/toast";

const DIGEST_CHOICES = ["daily", "weekly", "never"] as const;

interface Following {
  authors: { username: string; avatar_url: string | null }[];
  pools: { id: number; name: string }[];
}

/** One unfollow button: a plain post back to /profile, or a fetcher that stays. */
function Unfollow({ action, label }: { action: string; label: string }) {
  const { t } = useTranslation("follow");
  const fetcher = useFetcher<{ toast?: ToastMessage | null }>();
  const hydrated = useHydrated();
  return (
    <fetcher.Form method="post" action={action} preventScrollReset>
      <input type="hidden" name="follow" value="false" />
      <input type="hidden" name="redirectTo" value="/profile#following" />
      {hydrated ? <input type="hidden" name="via" value="fetcher" /> : null}
      <StatusButton
        pending={fetcher.state !== "idle"}
        className="btn-outline px-3 py-1.5 text-sm"
        aria-label={label}
        data-testid="unfollow"
      >
        {t("profile.unfollow")}
      </StatusButton>
      <Toaster toast={fetcher.data?.toast} />
    </fetcher.Form>
  );
}

/**
 * /profile's «Following» (issue 42): the authors and campaigns one follows, each with its
 * unfollow, and how often the e-mail digest of them comes. Plain forms: they work without JS.
 */
export function FollowingSection({
  following,
  digest,
  mailable,
}: {
  following: Following;
  digest: string;
  /** The account has a confirmed address, the only kind a digest goes to. */
  mailable: boolean;
}) {
  const { t } = useTranslation("follow");
  const reply = useActionData<FormReply>();
  const navigation = useNavigation();
  const errors = reply?.intent === "digest" ? reply.result.error?.digest : undefined;
  const none = following.authors.length === 0 && following.pools.length === 0;
  return (
    <section
      className="card mt-10 p-5 sm:p-6"
      aria-labelledby="following-title"
      id="following"
      data-testid="following"
    >
      <h2 id="following-title" className="flex items-center gap-2 text-lg font-semibold">
        <BellIcon width={20} height={20} className="text-primary" />
        {t("profile.title")}
      </h2>
      <p className="mt-1 text-sm text-muted-foreground">{t("profile.intro")}</p>
      {none ? (
        <p className="mt-4 text-sm" data-testid="following-empty">
          {t("profile.empty")}
        </p>
      ) : null}
      {following.authors.length > 0 ? (
        <>
          <h3 className="mt-5 text-sm font-semibold">{t("profile.authors")}</h3>
          <ul className="mt-2 divide-y divide-border">
            {following.authors.map((author) => (
              <li
                key={author.username}
                className="flex items-center justify-between gap-3 py-2"
                data-testid="followed-author"
              >
                <Link
                  to={authorHref(author.username) ?? "/"}
                  className="flex min-w-0 items-center gap-3 font-medium hover:text-primary hover:underline"
                >
                  <UserAvatar name={author.username} url={author.avatar_url} />
                  <span className="truncate">{author.username}</span>
                </Link>
                <Unfollow
                  action={`/follow${authorHref(author.username)}`}
                  label={t("profile.unfollowAuthor", { name: author.username })}
                />
              </li>
            ))}
          </ul>
        </>
      ) : null}
      {following.pools.length > 0 ? (
        <>
          <h3 className="mt-5 text-sm font-semibold">{t("profile.pools")}</h3>
          <ul className="mt-2 divide-y divide-border">
            {following.pools.map((pool) => (
              <li
                key={pool.id}
                className="flex items-center justify-between gap-3 py-2"
                data-testid="followed-pool"
              >
                <Link
                  to={`/donation-pools/${pool.id}`}
                  className="min-w-0 break-words font-medium hover:text-primary hover:underline"
                >
                  {pool.name}
                </Link>
                <Unfollow
                  action={`/follow/donation-pools/${pool.id}`}
                  label={t("profile.unfollowPool", { name: pool.name })}
                />
              </li>
            ))}
          </ul>
        </>
      ) : null}
      <Form method="post" className="mt-5 border-t border-border pt-4" data-testid="digest-form">
        <input type="hidden" name="intent" value="digest" />
        <fieldset aria-describedby={errors ? "digest-error" : undefined}>
          <legend className="text-sm font-semibold">{t("digest.title")}</legend>
          <p className="mt-1 text-xs text-muted-foreground">{t("digest.intro")}</p>
          <p className="mt-2 text-sm">{t("digest.legend")}</p>
          <div className="mt-2 flex flex-wrap gap-x-5 gap-y-2">
            {DIGEST_CHOICES.map((choice) => (
              <label key={choice} className="flex items-center gap-2 text-sm">
                <input
                  type="radio"
                  name="digest"
                  value={choice}
                  defaultChecked={digest === choice}
                  className="h-4 w-4 accent-primary"
                />
                {t(`digest.${choice}`)}
              </label>
            ))}
          </div>
          {mailable ? null : (
            <p className="mt-2 text-xs text-muted-foreground" data-testid="digest-no-email">
              {t("digest.noEmail")}
            </p>
          )}
        </fieldset>
        <ErrorList id="digest-error" errors={errors} />
        <StatusButton
          pending={navigation.formData?.get("intent") === "digest"}
          className="btn-outline mt-3"
        >
          {t("digest.save")}
        </StatusButton>
      </Form>
    </section>
  );
}
