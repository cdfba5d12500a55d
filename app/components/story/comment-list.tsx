import { useSearchParams } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import {
  DeleteCommentButton,
  DeleteConfirmation,
  EditCommentForm,
  EditCommentLink,
  ReportControl,
} from "./on-demand";
import type { ReportMode } from "./report-sign-in";
import { TextParagraphs } from "./text-paragraphs";
import { UserAvatar } from "./user-avatar";

export interface StoryComment {
  id: number;
  author: string;
  content: string;
  created_at: string;
  /** `created_at` formatted on the server (browsers differ in their Mongolian date data). */
  date: string;
  /** The viewer wrote it, or is an administrator. */
  canDelete: boolean;
  /** The viewer wrote it less than 15 minutes ago. */
  canEdit: boolean;
  /** Its author changed it after posting. */
  edited: boolean;
  /** Waiting for an administrator: only its author sees it. */
  held: boolean;
  /** Written by the story's author. */
  byAuthor: boolean;
  /** How the viewer may report it (issue 18). */
  report?: ReportMode;
}

export function CommentList({
  comments,
  storyPath,
  botTrap,
  refusedEdit,
}: {
  comments: StoryComment[];
  storyPath: string;
  /** The signed time the page was served, for the report forms (decision 032). */
  botTrap?: string;
  /** An edit the server refused: its text and why, so nothing typed is lost. */
  refusedEdit?: { commentId: number; content: string; error: string };
}) {
  const { t } = useTranslation("story");
  const [params] = useSearchParams();
  const confirming = Number(params.get("delete"));
  const editing = Number(params.get("edit"));

  if (!comments.length) {
    return (
      <p className="rounded-xl border border-dashed border-border px-4 py-8 text-center text-muted-foreground">
        {t("comments.empty")}
      </p>
    );
  }
  return (
    <ol className="space-y-4" aria-label={t("comments.list")}>
      {comments.map((comment) => (
        <li
          key={comment.id}
          id={`comment-${comment.id}`}
          className="scroll-mt-24 rounded-2xl border border-border bg-card p-4 sm:p-5"
          data-testid="comment"
        >
          <div className="flex items-start gap-3">
            <UserAvatar name={comment.author} size="sm" />
            <div className="min-w-0 flex-1">
              <div className="flex flex-wrap items-center gap-x-2 gap-y-1">
                <span className="font-semibold" data-testid="comment-author">
                  {comment.author}
                </span>
                {comment.byAuthor ? (
                  <span className="rounded-full bg-secondary px-2 py-0.5 text-xs font-semibold text-secondary-foreground">
                    {t("author")}
                  </span>
                ) : null}
                <time dateTime={comment.created_at} className="text-xs text-muted-foreground">
                  {comment.date}
                </time>
                {comment.held ? (
                  <span
                    className="rounded-full border border-gold/50 bg-gold-soft px-2 py-0.5 text-xs font-semibold"
                    data-testid="comment-held"
                  >
                    {t("comments.held")}
                  </span>
                ) : null}
                {comment.edited ? (
                  <span className="text-xs text-muted-foreground" data-testid="comment-edited">
                    {t("comments.edited")}
                  </span>
                ) : null}
                {comment.canDelete || comment.canEdit || comment.report ? (
                  <div className="ml-auto flex items-center gap-1">
                    {comment.canEdit ? <EditCommentLink commentId={comment.id} /> : null}
                    {comment.report ? (
                      <ReportControl
                        type="comment"
                        id={comment.id}
                        mode={comment.report}
                        label={t("report.labelComment", { author: comment.author })}
                        botTrap={botTrap}
                      />
                    ) : null}
                    {comment.canDelete ? (
                      <DeleteCommentButton commentId={comment.id} author={comment.author} />
                    ) : null}
                  </div>
                ) : null}
              </div>
              {comment.canEdit && editing === comment.id ? (
                <EditCommentForm
                  commentId={comment.id}
                  content={
                    refusedEdit?.commentId === comment.id ? refusedEdit.content : comment.content
                  }
                  error={refusedEdit?.commentId === comment.id ? refusedEdit.error : undefined}
                  cancelHref={`${storyPath}#comment-${comment.id}`}
                />
              ) : (
                <TextParagraphs
                  text={comment.content}
                  className="mt-1.5 space-y-2 break-words leading-relaxed"
                />
              )}
              {comment.canDelete && confirming === comment.id ? (
                <DeleteConfirmation
                  commentId={comment.id}
                  cancelHref={`${storyPath}#comment-${comment.id}`}
                />
              ) : null}
            </div>
          </div>
        </li>
      ))}
    </ol>
  );
}
