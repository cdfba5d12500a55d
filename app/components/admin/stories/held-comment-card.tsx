import { Form, Link } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { ConfirmAction } from "~/components/admin/confirm-action";
import { PendingButton } from "~/components/admin/pending-button";
import { formatDateTime } from "~/lib/format";
import { HeldWord } from "./held-word";

/** A comment held for review, as the approvals tab shows it (shaped by the loader). */
export interface HeldComment {
  id: number;
  story_id: number;
  story_title: string;
  author: string;
  content: string;
  created_at: string;
  held_word: string | null;
}

/** One held comment: what it says, on which story, why it waits; publish or delete it. */
export function HeldCommentCard({ comment }: { comment: HeldComment }) {
  const { t, i18n } = useTranslation("admin");
  return (
    <article className="card" data-testid="held-comment" data-comment-id={comment.id}>
      <div className="p-4 sm:p-5">
        <p className="text-xs text-muted-foreground">
          <span className="font-medium text-foreground">{comment.author}</span>
          <span aria-hidden="true"> · </span>
          <time dateTime={comment.created_at}>
            {formatDateTime(comment.created_at, i18n.language)}
          </time>
          <span aria-hidden="true"> · </span>
          <Link to={`/stories/${comment.story_id}`} className="underline hover:text-primary">
            {comment.story_title}
          </Link>
        </p>
        <p className="mt-2 whitespace-pre-line break-words leading-relaxed">{comment.content}</p>
        {comment.held_word ? (
          <HeldWord word={comment.held_word} />
        ) : (
          <p className="mt-2 text-sm" data-testid="held-word">
            {t("heldComments.newAccount")}
          </p>
        )}
      </div>
      <div className="flex flex-wrap items-center gap-2 border-t border-border px-4 py-3 sm:px-5">
        <Form method="post" preventScrollReset>
          <input type="hidden" name="id" value={comment.id} />
          <PendingButton
            intent="publish-comment"
            pendingId={comment.id}
            className="btn-primary px-3 py-2"
          >
            {t("heldComments.publish")}
          </PendingButton>
        </Form>
        <div className="ml-auto">
          <ConfirmAction
            intent="delete-comment"
            id={comment.id}
            label={t("heldComments.delete")}
            question={t("heldComments.deleteQuestion", { author: comment.author })}
            confirmLabel={t("heldComments.deleteConfirm")}
          />
        </div>
      </div>
    </article>
  );
}
