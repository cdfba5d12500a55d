import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { useLoaderData, useLocation } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { ApprovalCard, type ApprovalStory } from "~/components/admin/stories/approval-card";
import { EditReviewCard } from "~/components/admin/stories/edit-review-card";
import { FilterLinks } from "~/components/admin/stories/filter-links";
import { HeldCommentCard } from "~/components/admin/stories/held-comment-card";
import { hrefWith, landOnValidPage, pageParam } from "~/components/admin/stories/list-params";
import { Pagination } from "~/components/pagination";
import { EmptyState } from "~/components/section-error";
import { truncate } from "~/lib/format";
import {
  APPROVAL_FILTERS,
  listPendingStories,
  oneOf,
  thumbnailUrls,
} from "~/models/admin-stories.server";
import { listHeldComments, publishComment } from "~/models/comment-review.server";
import { deleteComment } from "~/models/comments.server";
import { redirectWithToast } from "~/models/sessions.server";
import { readingMinutes } from "~/models/stories.server";
import { listStoryEdits } from "~/models/story-edit.server";
import { runStoryIntent } from "~/screens/admin/story-intents.server";
import { adminAction, formId } from "~/web/admin.server";
import { requireAdmin } from "~/web/auth.server";

/**
 * Approvals (spec 02 §2): stories waiting for a decision, newest first, 5 a page, all or premium
 * only (?filter=premium&page=N), then authors' edits of published stories (decision 029). Approve,
 * reject, verify payment and the edits' decisions post here with an `intent`; so do the held
 * comments' (publish, delete).
 */
const PAGE_SIZE = 5;
const EXCERPT = 150;

function listFor(url: URL) {
  const filter = oneOf(APPROVAL_FILTERS, url.searchParams.get("filter"), "all");
  return { filter, list: () => listPendingStories(filter, pageParam(url.searchParams), PAGE_SIZE) };
}

export async function loader({ request }: LoaderFunctionArgs) {
  await requireAdmin(request);
  const { filter, list } = listFor(new URL(request.url));
  const [result, edits, heldComments] = await Promise.all([
    list(),
    listStoryEdits(),
    listHeldComments(),
  ]);
  const thumbs = await thumbnailUrls(result.items.map((s) => s.story_image));
  const stories: ApprovalStory[] = result.items.map((s) => ({
    id: s.id,
    title: s.title,
    excerpt: truncate(s.preview, EXCERPT),
    author: s.author,
    pricing_tier: s.pricing_tier,
    payment_status: s.payment_status,
    payment_reference: s.payment_reference,
    price: s.price,
    bank_name: s.bank_name,
    bank_account: s.bank_account,
    account_name: s.account_name,
    submitted_at: s.submitted_at,
    // The list carries the length, not the text.
    read_minutes: readingMinutes(s.story_length),
    thumbnail_url: s.story_image ? (thumbs[s.story_image] ?? null) : null,
    held_word: s.held_word,
    held: s.held_at !== null,
  }));
  return {
    // The choices travel with the data: the list lives in a server-only module.
    filters: APPROVAL_FILTERS,
    filter,
    stories,
    edits,
    heldComments,
    total: result.total,
    page: result.page,
    pageCount: result.pageCount,
  };
}

export const action = (args: ActionFunctionArgs) =>
  adminAction(args, async ({ request, form, admin }) => {
    // Held comments (decision 029): published, or deleted as a moderation.
    const intent = form.get("intent");
    if (intent === "publish-comment" || intent === "delete-comment") {
      const id = formId(form);
      if (intent === "publish-comment") await publishComment(id, admin);
      else await deleteComment(id, admin);
      return redirectWithToast(request, request.url, {
        type: "success",
        title: `admin:heldComments.toast.${intent === "publish-comment" ? "published" : "deleted"}`,
      });
    }
    const toast = await runStoryIntent(form, admin, [
      "approve",
      "reject",
      "verify",
      "approve-edit",
      "reject-edit",
    ]);
    // The decided story leaves the list: if it was the last on the last page, go one back.
    const { pageCount } = await listFor(new URL(request.url)).list();
    return redirectWithToast(request, landOnValidPage(request.url, pageCount), toast);
  });

export const handle = { i18n: ["common", "admin", "stories", "plans"] };

export default function Approvals() {
  const { t } = useTranslation("admin");
  const { filters, filter, stories, edits, heldComments, total, page, pageCount } =
    useLoaderData<typeof loader>();
  const { pathname, search } = useLocation();
  const params = new URLSearchParams(search);
  const href = (changes: Record<string, string | number | null>) =>
    hrefWith(pathname, params, changes, { filter: "all" });

  return (
    <section aria-labelledby="approvals-title">
      <div className="flex flex-wrap items-end justify-between gap-4">
        <div>
          <h2 id="approvals-title" className="text-xl font-semibold">
            {t("approvals.title")}
          </h2>
          <p className="text-sm text-muted-foreground" data-testid="approvals-count">
            {t(filter === "premium" ? "approvals.countPremium" : "approvals.count", {
              count: total,
            })}
          </p>
        </div>
        <FilterLinks
          label={t("approvals.filter.label")}
          options={filters.map((value) => ({
            value,
            label: t(`approvals.filter.${value}`),
            href: href({ filter: value }),
            active: value === filter,
          }))}
        />
      </div>

      {stories.length === 0 ? (
        <div className="mt-6">
          <EmptyState>
            {t(filter === "premium" ? "approvals.emptyPremium" : "approvals.empty")}
          </EmptyState>
        </div>
      ) : (
        <ul className="mt-6 space-y-4">
          {stories.map((story) => (
            <li key={story.id}>
              <ApprovalCard story={story} />
            </li>
          ))}
        </ul>
      )}
      <Pagination page={page} pageCount={pageCount} hrefFor={(p) => href({ page: p })} />
      {edits.length ? (
        <section aria-labelledby="edits-title" className="mt-10" data-testid="story-edits">
          <h2 id="edits-title" className="text-xl font-semibold">
            {t("edits.title")}
          </h2>
          <p className="text-sm text-muted-foreground">
            {t("edits.count", { count: edits.length })} · {t("edits.intro")}
          </p>
          <ul className="mt-4 space-y-4">
            {edits.map((edit) => (
              <li key={edit.story_id}>
                <EditReviewCard edit={edit} />
              </li>
            ))}
          </ul>
        </section>
      ) : null}
      {heldComments.length ? (
        <section aria-labelledby="held-title" className="mt-10" data-testid="held-comments">
          <h2 id="held-title" className="text-xl font-semibold">
            {t("heldComments.title")}
          </h2>
          <p className="text-sm text-muted-foreground">
            {t("heldComments.count", { count: heldComments.length })} · {t("heldComments.intro")}
          </p>
          <ul className="mt-4 space-y-4">
            {heldComments.map((comment) => (
              <li key={comment.id}>
                <HeldCommentCard comment={comment} />
              </li>
            ))}
          </ul>
        </section>
      ) : null}
    </section>
  );
}
