import {
  type ActionFunctionArgs,
  data,
  type LoaderFunctionArgs,
  type MetaFunction,
} from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { AccountEmailForm } from "~/components/account-email-form";
import { DeleteAccountForm } from "~/components/delete-account-form";
import { MonthlyGiftList } from "~/components/donate/monthly-gift-list";
import { FollowingSection } from "~/components/follow/following-section";
import { HeartIcon, PenIcon } from "~/components/icons";
import { OwnStoryDelete } from "~/components/own-story-delete";
import { PasswordForm } from "~/components/password-form";
import { OwnStoryStatus } from "~/components/post-story/own-story-status";
import { StoryPaymentBox } from "~/components/post-story/story-payment-box";
import { EmptyState } from "~/components/section-error";
import { SessionsList } from "~/components/sessions-list";
import { RejectionText } from "~/components/story/rejection";
import { contact } from "~/config.server";
import { mailGroupsFor } from "~/constants";
import { HttpError } from "~/http/http.server";
import { getT } from "~/i18next.server";
import { avatarEmoji } from "~/lib/avatar";
import { type FormReply, formResult } from "~/lib/form-reply";
import { formatDate, formatDateTime, formatMoney, formatNumber } from "~/lib/format";
import { metaFrom, pageMeta } from "~/lib/meta";
import { bankDisplayName } from "~/lib/plans";
import { accountEmail, setAccountEmail } from "~/models/account-email.server";
import { getDigest } from "~/models/digest.server";
import { listFollowing } from "~/models/follows.server";
import { mailPreferences, setMailPreferences } from "~/models/mail-preferences.server";
import { monthlyGiftsOfUser } from "~/models/monthly-gifts.server";
import { changePassword } from "~/models/passwords.server";
import {
  endOtherSessions,
  endSession,
  listSessions,
  redirectWithToast,
} from "~/models/sessions.server";
import { storyPaymentBox } from "~/models/story-payment.server";
import { listOwnStories } from "~/models/story-submission.server";
import { SUSPENDED_FOR_GOOD, suspendedUntil } from "~/models/suspension.server";
import { digestAction } from "~/screens/follow/digest-action.server";
import { isLeaveIntent, leaveAction } from "~/screens/profile/leave-actions.server";
import { requireUser } from "~/web/auth.server";
import { screenAction } from "~/web/route.server";

/** The signed-in user's own stories and where each one stands (DESIGN §4 /profile). */
export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireUser(request);
  const t = await getT(request, ["common", "post"]);
  // A story whose payment waits carries where to pay, QPay's invoice too (issue 41 item 1).
  const stories = await Promise.all(
    (await listOwnStories(user)).map(async (story) => ({
      ...story,
      payment: story.state === "pending_payment" ? await storyPaymentBox(story, request) : null,
    })),
  );
  return {
    meta: pageMeta(t, "post:profile.metaTitle", "post:profile.metaDescription"),
    user: { username: user.username, role: user.role },
    stories,
    contactEmail: contact.email,
    account: await accountEmail(user),
    wanted: await mailPreferences(user),
    sessions: await listSessions(user.id, request),
    suspendedUntil: await suspendedUntil(user.id),
    following: await listFollowing(user),
    monthlyGifts: (await monthlyGiftsOfUser(user.id)).map(
      ({ id, pool, amount, day_of_month, status, payment_code, path }) => ({
        id,
        pool,
        amount,
        day_of_month,
        status,
        payment_code,
        path,
      }),
    ),
    digest: await getDigest(user),
    forGood: SUSPENDED_FOR_GOOD,
  };
}

/** The profile's forms: the account's e-mail address and which mail it gets (AccountEmailForm). */
export const action = (args: ActionFunctionArgs) =>
  screenAction(args, async ({ request }) => {
    const user = await requireUser(request);
    const form = await request.formData();
    if (isLeaveIntent(form.get("intent"))) return leaveAction(request, user, form);
    if (form.get("intent") === "end-session" || form.get("intent") === "end-others") {
      const all = form.get("intent") === "end-others";
      if (all) await endOtherSessions(user.id, request);
      else await endSession(user.id, String(form.get("id") ?? ""), request);
      return redirectWithToast(request, "/profile", {
        type: "success",
        title: all ? "sessions.toast.endedOthers" : "sessions.toast.ended",
      });
    }
    if (form.get("intent") === "password") {
      const values = Object.fromEntries(
        ["currentPassword", "password", "confirmPassword"].map((k) => [
          k,
          String(form.get(k) ?? ""),
        ]),
      );
      try {
        await changePassword(user, values, request);
      } catch (error) {
        if (!(error instanceof HttpError) || (error.status !== 400 && error.status !== 429))
          throw error;
        // Passwords are never sent back to the page.
        return data<FormReply>(
          {
            intent: "password",
            result: formResult({}, error.fieldErrors, error.fieldErrors ? [] : [error.message]),
            toast: null,
          },
          { status: error.status, headers: error.headers },
        );
      }
      return redirectWithToast(request, "/profile", {
        type: "success",
        title: "password.change.toast",
        description: "password.change.toastText",
      });
    }
    if (form.get("intent") === "digest") return digestAction(request, user, form);
    if (form.get("intent") === "mail-preferences") {
      await setMailPreferences(
        user.id,
        Object.fromEntries(
          mailGroupsFor(user.role === "admin").map((g) => [g, form.get(g) === "on"]),
        ),
      );
      return redirectWithToast(request, "/profile", {
        type: "success",
        title: "account.email.toast.prefsSaved",
      });
    }
    const values = { email: String(form.get("email") ?? "") };
    try {
      const saved = await setAccountEmail(user, values, request);
      return redirectWithToast(
        request,
        "/profile",
        saved.confirmationSent
          ? {
              type: "success",
              title: "account.email.toast.sent",
              description: "account.email.toast.sentText",
            }
          : {
              type: "success",
              title: saved.email ? "account.email.toast.saved" : "account.email.toast.removed",
            },
      );
    } catch (error) {
      // Refused by its rules, its daily limit or a suspension: said under the address typed.
      if (!(error instanceof HttpError) || ![400, 403, 429].includes(error.status)) throw error;
      return data<FormReply>(
        { result: formResult(values, error.fieldErrors), toast: null },
        { status: error.status, headers: error.headers },
      );
    }
  });

export const meta: MetaFunction<typeof loader> = ({ data }) => metaFrom(data);
export const handle = { i18n: ["common", "post", "plans", "stats", "follow", "donate"] };

export default function Profile() {
  const { t, i18n } = useTranslation("post");
  const {
    user,
    stories,
    contactEmail,
    account,
    wanted,
    sessions,
    suspendedUntil,
    forGood,
    following,
    monthlyGifts,
    digest,
  } = useLoaderData<typeof loader>();
  return (
    <div className="container max-w-4xl py-8 sm:py-12">
      <div className="flex flex-wrap items-center gap-4">
        <span
          className="grid h-16 w-16 shrink-0 place-items-center rounded-full bg-secondary text-3xl"
          aria-hidden="true"
        >
          {avatarEmoji(user.username)}
        </span>
        <div className="min-w-0 flex-1">
          <h1 className="break-words text-2xl font-bold tracking-tight sm:text-3xl">
            {user.username}
          </h1>
          <p className="text-muted-foreground">{t("profile.count", { count: stories.length })}</p>
        </div>
        <Link to="/post-story" className="btn-primary w-full py-3 sm:w-auto sm:py-2.5">
          <PenIcon width={16} height={16} />
          {t("profile.newStory")}
        </Link>
      </div>

      {suspendedUntil ? (
        <p
          role="status"
          data-testid="suspended-notice"
          className="mt-6 rounded-xl border border-destructive/40 bg-destructive/5 p-4 text-sm leading-relaxed"
        >
          {suspendedUntil >= forGood
            ? t("profile.suspendedForGood")
            : t("profile.suspended", { until: formatDateTime(suspendedUntil, i18n.language) })}
        </p>
      ) : null}

      <h2 className="mb-4 mt-10 text-xl font-semibold">{t("profile.heading")}</h2>
      {stories.length === 0 ? (
        <EmptyState>
          <p>{t("profile.empty")}</p>
          <Link to="/post-story" className="btn-primary mt-4">
            {t("profile.newStory")}
          </Link>
        </EmptyState>
      ) : (
        <ul className="space-y-4">
          {stories.map((story) => (
            <li
              key={story.id}
              className={`card p-5 sm:p-6 ${story.pricing_tier !== "free" ? "border-gold/50" : ""}`}
              data-testid="own-story"
              data-state={story.state}
            >
              {/* Phones: the badges on top, the title below at full width; wider: badges on the right. */}
              <div className="flex flex-col-reverse gap-3 sm:flex-row sm:items-start sm:justify-between sm:gap-4">
                <div className="min-w-0 flex-1">
                  <h3 className="text-lg font-semibold leading-snug">
                    <Link
                      to={`/stories/${story.id}`}
                      className="break-words hover:text-primary hover:underline"
                    >
                      {story.title}
                    </Link>
                  </h3>
                  <p className="mt-1 text-sm text-muted-foreground">
                    {t("profile.submitted", {
                      date: formatDate(story.submitted_at, i18n.language, t("common:na")),
                    })}
                    <span aria-hidden="true"> · </span>
                    <span className="whitespace-nowrap">
                      {t(`profile.tier.${story.pricing_tier}`)}
                      {story.price ? ` · ${formatMoney(story.price)}` : ""}
                    </span>
                  </p>
                </div>
                <OwnStoryStatus pricingTier={story.pricing_tier} state={story.state} />
              </div>
              <p className="mt-3 border-t border-border pt-3 text-sm leading-relaxed">
                {story.state === "featured"
                  ? t("profile.explain.featured", {
                      date: formatDate(story.expires_at, i18n.language),
                    })
                  : story.state === "pending_payment"
                    ? t("profile.explain.pending_payment", {
                        reference: story.payment_reference ?? "",
                      })
                    : t(`profile.explain.${story.state}`)}
              </p>
              {story.payment ? (
                <div className="mt-3">
                  <StoryPaymentBox payment={story.payment} id={`pay-${story.id}`} Heading="h4" />
                </div>
              ) : null}
              {story.state === "rejected" ? (
                <RejectedDetails story={story} contactEmail={contactEmail} />
              ) : null}
              {story.edit_waiting ? (
                <p className="mt-2 text-sm text-primary" data-testid="edit-waiting-note">
                  {t("profile.editWaiting")}
                </p>
              ) : null}
              <div className="mt-3 flex flex-wrap items-center justify-between gap-3">
                {story.state === "published" || story.state === "featured" ? (
                  <p className="flex items-center gap-4 text-xs text-muted-foreground">
                    <span className="inline-flex items-center gap-1">
                      <HeartIcon width={14} height={14} /> {formatNumber(story.hearts_count)}
                    </span>
                    <span>{t("profile.comments", { count: story.comments_count })}</span>
                  </p>
                ) : (
                  <span />
                )}
                <div className="flex flex-wrap items-center gap-2">
                  {story.state !== "rejected" ? (
                    <Link
                      to={`/stories/${story.id}/edit`}
                      className="btn-outline px-3 py-2"
                      aria-label={t("profile.editFor", { title: story.title })}
                    >
                      <PenIcon width={16} height={16} />
                      {t("profile.edit")}
                    </Link>
                  ) : null}
                  <Link
                    to={`/profile/stats?story=${story.id}`}
                    className="btn-outline px-3 py-2"
                    aria-label={t("stats:linkFor", { title: story.title })}
                    data-testid="own-story-stats"
                  >
                    {t("stats:link")}
                  </Link>
                  <OwnStoryDelete story={story} />
                </div>
              </div>
            </li>
          ))}
        </ul>
      )}
      <FollowingSection following={following} digest={digest} mailable={account.confirmed} />
      <MonthlyGiftList gifts={monthlyGifts} />
      <AccountEmailForm
        email={account.email}
        confirmed={account.confirmed}
        wanted={wanted}
        admin={user.role === "admin"}
      />
      <PasswordForm />
      <SessionsList sessions={sessions} />
      <DeleteAccountForm username={user.username} />
    </div>
  );
}

type OwnStory = ReturnType<typeof useLoaderData<typeof loader>>["stories"][number];

/** A rejected story: why, where the author's money stands, and the way to send it again. */
function RejectedDetails({ story, contactEmail }: { story: OwnStory; contactEmail: string }) {
  const { t, i18n } = useTranslation("post");
  const paid = story.pricing_tier !== "free";
  const money = !paid
    ? null
    : story.payment_status !== "verified"
      ? "notDue"
      : story.refunded_at
        ? "returned"
        : "toReturn";
  return (
    <div className="mt-3 space-y-3 text-sm leading-relaxed">
      <p className="rounded-lg border border-destructive/30 bg-destructive/5 p-3">
        <span className="font-semibold">{t("common:rejection.label")}</span>{" "}
        <RejectionText reason={story.rejection_reason} note={story.rejection_note} />
      </p>
      {money ? (
        <p data-testid="refund-words">
          {t(`profile.money.${money}`, {
            price: formatMoney(story.price),
            bank: bankDisplayName(t, story.bank_name),
            account: story.bank_account,
            email: contactEmail,
            date: formatDate(story.refunded_at, i18n.language),
          })}
        </p>
      ) : null}
      <Link
        to={`/stories/${story.id}/edit`}
        className="btn-outline"
        aria-label={t("profile.editAgainFor", { title: story.title })}
      >
        <PenIcon width={16} height={16} />
        {t("common:rejection.editAgain")}
      </Link>
    </div>
  );
}
