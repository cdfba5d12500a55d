import type { SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod";
import {
  type ActionFunctionArgs,
  data,
  type LoaderFunctionArgs,
  type MetaFunction,
  redirect,
} from "@remix-run/node";
import { Link, useActionData, useLoaderData, useRouteError } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { VipBadge } from "~/components/badges";
import { ErrorPage, errorStatus } from "~/components/error-page";
import { FollowButton, type FollowView } from "~/components/follow/follow-button";
import { ArrowLeftIcon, PenIcon } from "~/components/icons";
import { ImageOnDemand } from "~/components/image-on-demand";
import { SaveForOffline } from "~/components/offline/save-story";
import { MessageIcon } from "~/components/page-icons";
import { ShareLinks } from "~/components/share-links";
import { CommentList } from "~/components/story/comment-list";
import { CommentSignIn } from "~/components/story/comment-sign-in";
import { DonatePanel } from "~/components/story/donate-panel";
import { HeartButton } from "~/components/story/heart-button";
import {
  CommentForm,
  PreviewBanner,
  ReportControl,
  StoryPaymentBox,
} from "~/components/story/on-demand";
import type { ReportMode } from "~/components/story/report-sign-in";
import { StoryByline } from "~/components/story/story-byline";
import { TextParagraphs } from "~/components/story/text-paragraphs";
import { Toaster } from "~/components/toaster";
import { botTrapRefusal, botTrapToken } from "~/http/bot-trap.server";
import { HttpError } from "~/http/http.server";
import { siteOrigin } from "~/http/origin.server";
import { idParam } from "~/http/params.server";
import { getT, i18next } from "~/i18next.server";
import { formatDate, formatNumber } from "~/lib/format";
import { metaFrom } from "~/lib/meta";
import type { ToastMessage } from "~/lib/toast";
import {
  addComment,
  canDeleteComment,
  canEditComment,
  deleteComment,
  editComment,
  listComments,
} from "~/models/comments.server";
import { followState } from "~/models/follows.server";
import { storyPreview } from "~/models/og-cards.server";
import { reportedByReader } from "~/models/reports.server";
import { redirectWithToast } from "~/models/sessions.server";
import { getStoryForReader, readingMinutes, setHeart } from "~/models/stories.server";
import { storyPageOwnParts } from "~/models/story-own-parts.server";
import { authorsPaymentBox } from "~/models/story-payment.server";
import { maySeeStats } from "~/models/story-stats.server";
import { CommentSchema } from "~/schemas/comment";
import { getUser } from "~/web/auth.server";
import { memberShown, sameForMembers } from "~/web/member-pages.server";
import { countReadHere } from "~/web/read-here.server";
import { screenAction } from "~/web/route.server";

/**
 * Story detail (spec 02 §2), canonical at /stories/{id}; routes/story.$id.tsx serves the same
 * module at /story/{id}. One action for hearts, comments and comment deletion (a hidden
 * `intent`); every form works without JavaScript.
 */

const DESCRIPTION_CHARS = 150;

const notFound = () => new Response(null, { status: 404, statusText: "Not Found" });

/** Where signing in from this page comes back to: the canonical page, at its comments. */
const loginHref = (id: number) =>
  `/login?redirect=${encodeURIComponent(`/stories/${id}#comments`).replaceAll("%2F", "/")}`;

async function load({ request, params, context }: LoaderFunctionArgs) {
  const id = idParam(params.id);
  const user = await getUser(request);
  const story = id ? await getStoryForReader(id, user) : null;
  if (!story) throw notFound();
  const [comments, t, locale] = await Promise.all([
    listComments(story.id, user),
    getT(request, ["common", "story"]),
    i18next.getLocale(request),
  ]);
  const published = story.status === "approved";
  const reported =
    user && published
      ? await reportedByReader(
          user.id,
          story.id,
          comments.map((c) => c.id),
        )
      : { story: false, comments: [] as number[] };
  // Who may report what (issue 18): a signed-in reader, not their own, once; administrators
  // decide on the Reports tab instead. Anonymous readers are offered to sign in first.
  const reportMode = (authorId: string | null, done: boolean): ReportMode =>
    !published
      ? null
      : !user
        ? "signIn"
        : user.role === "admin" || authorId === user.id
          ? null
          : done
            ? "reported"
            : "form";
  // Dates are written on the server: browsers without Mongolian locale data would format them
  // differently and the page would not hydrate cleanly.
  const date = (value: string | null) => formatDate(value, locale, t("story:na"));

  const origin = siteOrigin(request);
  const canonical = `${origin}/stories/${story.id}`;
  return {
    story: {
      id: story.id,
      title: story.title,
      story: story.story,
      author: story.author,
      author_avatar_url: story.author_avatar_url,
      pricing_tier: story.pricing_tier,
      is_featured: story.is_featured,
      submitted_at: story.submitted_at,
      posted_on: date(story.submitted_at),
      status: story.status,
      hearts_count: story.hearts_count,
      hearted: story.hearted,
      image: story.image,
      bank: story.bank,
      rejection: story.rejection,
      report: reportMode(story.user_id, reported.story),
    },
    // Its author may edit it, whatever its state (decision 029 says what saving does).
    editHref:
      user && story.user_id !== null && user.id === story.user_id
        ? `/stories/${story.id}/edit`
        : null,
    // Its author and administrators see how it is read (issue 42 item 3).
    statsHref: maySeeStats(user, story.user_id) ? `/profile/stats?story=${story.id}` : null,
    readingMinutes: readingMinutes(story.story.length),
    // Where to pay, for its author while the payment waits (issue 41 item 1).
    payment: published ? null : await authorsPaymentBox(story.id, user, request),
    comments: comments.map((c) => ({
      id: c.id,
      author: c.author,
      content: c.content,
      created_at: c.created_at,
      date: date(c.created_at),
      canDelete: canDeleteComment(c, user),
      canEdit: canEditComment(c, user),
      edited: c.edited_at !== null,
      held: c.held,
      byAuthor: c.user_id !== null && c.user_id === story.user_id,
      report: reportMode(c.user_id, reported.comments.includes(c.id)),
    })),
    viewer: user
      ? { ...memberShown({ request, context }, user.username), botTrap: botTrapToken() }
      : null,
    loginHref: loginHref(story.id),
    follow: await bylineFollow(story, user),
    siteName: t("brand.name"),
    canonical,
    meta: {
      image: await storyPreview(request, story),
      title: t("meta.titleTemplate", { title: story.title }),
      description: story.story.replace(/\s+/g, " ").trim().slice(0, DESCRIPTION_CHARS),
    },
  };
}

/** The Follow button on the byline (issue 42): a published story whose author has an account. */
async function bylineFollow(
  story: { status: string; user_id: string | null; author: string },
  user: { id: string } | null,
) {
  if (story.status !== "approved" || !story.user_id) return null;
  const state = await followState({ authorId: story.user_id }, user?.id ?? null);
  const mode: FollowView["mode"] = !user
    ? "anonymous"
    : user.id === story.user_id
      ? "own"
      : "toggle";
  return {
    view: { ...state, mode },
    action: `/follow/authors/${encodeURIComponent(story.author)}`,
  };
}

/**
 * A member's page is a copy (decision 039) when nothing on it is theirs but the heart and the
 * Follow button: a published story not their own, not commented on or reported by them, and
 * they are not an administrator.
 */
export async function loader(args: LoaderFunctionArgs) {
  const page = await sameForMembers(args, load, async (userId, viewer) => {
    const id = idParam(args.params.id);
    if (!id || viewer.role === "admin") return null;
    const own = await storyPageOwnParts(id, userId);
    return (
      own &&
      `${own.hearted ? "hearted" : "not hearted"} ${own.following ? "following" : "not following"}`
    );
  });
  // Shown (a 404 has been thrown by now): a read, unless the front in front counts it.
  countReadHere(args.request, idParam(args.params.id)!);
  return page;
}

type ActionResult = {
  intent: "heart" | "comment" | "delete-comment" | "edit-comment";
  toast: ToastMessage | null;
  result?: SubmissionResult<string[]>;
  refusedEdit?: { commentId: number; content: string; error: string };
};

function failure(body: ActionResult, error: HttpError) {
  return data(body, { status: error.status, headers: error.headers });
}

const signInFirst = (intent: ActionResult["intent"], title: string) =>
  data<ActionResult>({ intent, toast: { type: "error", title } }, { status: 401 });

export const action = (args: ActionFunctionArgs) =>
  screenAction(args, async ({ request, params }) => {
    const id = idParam(params.id);
    if (!id) throw notFound();
    const form = await request.formData();
    const intent = form.get("intent");
    const user = await getUser(request);
    const page = `/stories/${id}`;

    if (intent === "heart") {
      if (!user) return signInFirst("heart", "story:toast.loginToHeart");
      try {
        const heart = await setHeart(id, user, form.get("hearted") === "true");
        // A fetcher stays on the page; a plain form post gets a redirect (no re-post on reload).
        if (form.get("via") === "fetcher")
          return data({ intent: "heart" as const, toast: null, heart });
        return redirect(`${page}#hearts`, 303);
      } catch (error) {
        if (!(error instanceof HttpError)) throw error;
        const toast: ToastMessage = {
          type: "error",
          title: "story:toast.heartFailed",
          description: error.message,
        };
        return failure({ intent: "heart", toast }, error);
      }
    }

    if (intent === "comment") {
      if (!user) return signInFirst("comment", "story:toast.loginToComment");
      const submission = parseWithZod(form, { schema: CommentSchema });
      if (submission.status !== "success") {
        return data<ActionResult>(
          { intent: "comment", toast: null, result: submission.reply() },
          { status: 400 },
        );
      }
      const trapped = botTrapRefusal(form);
      if (trapped) {
        return data<ActionResult>(
          {
            intent: "comment",
            toast: { type: "error", title: "story:toast.commentFailed", description: trapped },
            result: submission.reply({ formErrors: [trapped] }),
          },
          { status: 400 },
        );
      }
      try {
        const comment = await addComment(id, user, submission.value);
        return redirectWithToast(
          request,
          `${page}#comment-${comment.id}`,
          comment.held
            ? {
                type: "success",
                title: "story:toast.commentHeld",
                description: "story:toast.commentHeldText",
              }
            : { type: "success", title: "story:toast.commentAdded" },
        );
      } catch (error) {
        if (!(error instanceof HttpError)) throw error;
        return failure(
          {
            intent: "comment",
            result: submission.reply({ formErrors: [error.message] }),
            toast: {
              type: "error",
              title: "story:toast.commentFailed",
              description: error.message,
            },
          },
          error,
        );
      }
    }

    if (intent === "delete-comment") {
      if (!user) return signInFirst("delete-comment", "story:toast.loginToComment");
      const commentId = idParam(String(form.get("commentId") ?? ""));
      try {
        if (commentId === null) throw new HttpError(404, "errors.commentNotFound");
        await deleteComment(commentId, user);
        return redirectWithToast(request, `${page}#comments`, {
          type: "success",
          title: "story:toast.commentDeleted",
        });
      } catch (error) {
        if (!(error instanceof HttpError)) throw error;
        const toast: ToastMessage = {
          type: "error",
          title: "story:toast.deleteFailed",
          description: error.message,
        };
        return failure({ intent: "delete-comment", toast }, error);
      }
    }

    if (intent === "edit-comment") {
      if (!user) return signInFirst("edit-comment", "story:toast.loginToComment");
      const commentId = idParam(String(form.get("commentId") ?? ""));
      const content = String(form.get("content") ?? "");
      try {
        if (commentId === null) throw new HttpError(404, "errors.commentNotFound");
        await editComment(commentId, user, { content });
        return redirectWithToast(request, `${page}#comment-${commentId}`, {
          type: "success",
          title: "story:toast.commentEdited",
        });
      } catch (error) {
        if (!(error instanceof HttpError)) throw error;
        const message = error.fieldErrors?.content?.[0] ?? error.message;
        return failure(
          {
            intent: "edit-comment",
            toast: { type: "error", title: "story:toast.editFailed", description: message },
            refusedEdit: { commentId: commentId ?? 0, content, error: message },
          },
          error,
        );
      }
    }

    throw new HttpError(400, "errors.validation");
  });

export default function StoryPage() {
  const { t } = useTranslation("story");
  const {
    story,
    comments,
    viewer,
    readingMinutes,
    loginHref,
    editHref,
    statsHref,
    canonical,
    payment,
    follow,
  } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const published = story.status === "approved";
  const storyPath = `/stories/${story.id}`;

  return (
    <article className="container max-w-3xl py-6 sm:py-10" data-testid="story">
      <Link to="/" className="btn-ghost -ml-3 mb-4 text-muted-foreground">
        <ArrowLeftIcon width={18} height={18} />
        {t("back")}
      </Link>

      {story.status === "approved" ? null : (
        <PreviewBanner status={story.status} rejection={story.rejection} editHref={editHref} />
      )}

      <header>
        {/* Featured now, or (for its author's preview) a paid story waiting for approval; not once
            its featured period has ended. */}
        {story.is_featured || (story.status === "pending" && story.pricing_tier !== "free") ? (
          <VipBadge className="mb-3" />
        ) : null}
        <h1 className="text-balance break-words text-3xl font-extrabold leading-tight tracking-tight sm:text-4xl">
          {story.title}
        </h1>
        <div className="mt-5">
          <StoryByline
            author={story.author}
            avatarUrl={story.author_avatar_url}
            postedAt={story.submitted_at}
            postedOn={story.posted_on}
            minutes={readingMinutes}
            published={published}
          />
          {follow ? (
            <div className="mt-3">
              <FollowButton
                view={follow.view}
                action={follow.action}
                redirectTo={storyPath}
                name={story.author}
              />
            </div>
          ) : null}
        </div>
        {(published && editHref) || statsHref ? (
          <div className="mt-4 flex flex-wrap gap-2">
            {published && editHref ? (
              <Link to={editHref} className="btn-outline px-3 py-2" data-testid="edit-own-story">
                <PenIcon width={16} height={16} />
                {t("editOwn")}
              </Link>
            ) : null}
            {statsHref ? (
              <Link to={statsHref} className="btn-outline px-3 py-2" data-testid="story-stats-link">
                {t("statsOwn")}
              </Link>
            ) : null}
          </div>
        ) : null}
      </header>

      {/* Below the title: a heading of its own may not come before the page's h1. */}
      {payment ? (
        <div className="mt-8">
          <StoryPaymentBox payment={payment} id="story-payment" />
        </div>
      ) : null}

      {story.image ? (
        <figure className="mt-8 overflow-hidden rounded-2xl border border-border bg-muted">
          <ImageOnDemand
            thumbnail={story.image.thumbnail_url}
            alt={t("imageAlt", { title: story.title })}
            className="h-auto w-full"
            boxClassName="min-h-32 p-4 text-sm"
          >
            <img
              src={story.image.url}
              width={story.image.width}
              height={story.image.height}
              alt={t("imageAlt", { title: story.title })}
              decoding="async"
              className="h-auto w-full"
            />
          </ImageOnDemand>
        </figure>
      ) : null}

      <TextParagraphs
        text={story.story}
        className="mt-8 space-y-5 break-words font-serif text-lg leading-8 text-foreground/90"
      />

      <div className="mt-10 flex flex-wrap items-center gap-3 border-y border-border py-5">
        <HeartButton
          hearted={story.hearted}
          count={story.hearts_count}
          mode={!published ? "readonly" : viewer ? "toggle" : "anonymous"}
          loginHref={loginHref}
        />
        <a
          href="#comments"
          className="inline-flex items-center gap-2 rounded-full px-3 py-2 text-sm font-medium text-muted-foreground hover:bg-muted hover:text-foreground"
        >
          <MessageIcon width={18} height={18} />
          {t("commentsCount", { count: comments.length })}
        </a>
        {story.report ? (
          <div className="ml-auto">
            <ReportControl
              type="story"
              id={story.id}
              mode={story.report}
              label={t("report.labelStory", { title: story.title })}
              botTrap={viewer?.botTrap}
            />
          </div>
        ) : null}
        {story.bank ? (
          <div className="basis-full">
            <DonatePanel author={story.author} bank={story.bank} />
          </div>
        ) : null}
      </div>

      {published ? (
        <div className="mt-8 space-y-5">
          <ShareLinks url={canonical} title={story.title} />
          <SaveForOffline
            title={story.title}
            image={story.image?.url ?? null}
            phone={story.image?.thumbnail_url ?? null}
          />
        </div>
      ) : null}

      <section id="comments" aria-labelledby="comments-title" className="mt-10 scroll-mt-24">
        <h2 id="comments-title" className="text-2xl font-bold tracking-tight">
          {t("comments.title")}{" "}
          <span className="font-medium text-muted-foreground">
            ({formatNumber(comments.length)})
          </span>
        </h2>
        <div className="mt-5 space-y-6">
          {published ? (
            <CommentList
              comments={comments}
              storyPath={storyPath}
              botTrap={viewer?.botTrap}
              refusedEdit={
                actionData?.intent === "edit-comment" ? actionData.refusedEdit : undefined
              }
            />
          ) : null}
          {!published ? (
            <p className="rounded-xl border border-dashed border-border px-4 py-8 text-center text-muted-foreground">
              {t("comments.closed")}
            </p>
          ) : viewer ? (
            <CommentForm
              username={viewer.username}
              avatar={viewer.avatar}
              botTrap={viewer.botTrap}
              lastResult={actionData?.intent === "comment" ? actionData.result : undefined}
            />
          ) : (
            <CommentSignIn loginHref={loginHref} />
          )}
        </div>
      </section>
      <Toaster toast={actionData?.toast} />
    </article>
  );
}

export const meta: MetaFunction<typeof loader> = ({ data }) => {
  if (!data) return [];
  return [
    ...metaFrom(data),
    { property: "og:type", content: "article" },
    { property: "og:site_name", content: data.siteName },
    { property: "og:url", content: data.canonical },
    { tagName: "link", rel: "canonical", href: data.canonical },
    // A preview by its author or an admin must never be indexed.
    ...(data.story.status === "approved" ? [] : [{ name: "robots", content: "noindex" }]),
  ];
};

export const handle = {
  i18n: ["common", "story", "plans", "follow", "offline"],
  sharedCache: true,
  absoluteLinks: true,
  errorTitle: (status: number) => (status === 404 ? "story:notFound.title" : undefined),
};

/** A story that does not exist, or no longer does, says so (the generic 404 keeps the spec's words). */
const NOT_FOUND = { titleKey: "story:notFound.title", messageKey: "story:notFound.text" };

export function ErrorBoundary() {
  const status = errorStatus(useRouteError());
  return <ErrorPage status={status} {...(status === 404 ? NOT_FOUND : {})} />;
}
