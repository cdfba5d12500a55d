import { Form, Link, useNavigation } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { ErrorList, StatusButton } from "~/components/forms";
import { PenIcon } from "~/components/icons";
import { COMMENT_MAX } from "~/lib/comment-rules";

/**
 * Changing one's own comment within its first 15 minutes (issue 18). "Edit" is a link to
 * `?edit=<id>`, which shows the form in place of the text: the same with and without
 * JavaScript (with it, the link and the save need no full reload).
 */
export function EditCommentLink({ commentId }: { commentId: number }) {
  const { t } = useTranslation("story");
  return (
    <Link
      to={`?edit=${commentId}#comment-${commentId}`}
      preventScrollReset
      className="inline-flex items-center gap-1.5 rounded-md px-2 py-1 text-xs font-semibold text-muted-foreground transition-colors hover:bg-muted hover:text-foreground"
      data-testid="edit-comment"
    >
      <PenIcon width={14} height={14} />
      {t("comments.edit")}
    </Link>
  );
}

export function EditCommentForm({
  commentId,
  content,
  error,
  cancelHref,
}: {
  commentId: number;
  /** The text to start from: the comment, or what the author sent when it was refused. */
  content: string;
  error?: string;
  cancelHref: string;
}) {
  const { t } = useTranslation("story");
  const navigation = useNavigation();
  const saving =
    navigation.formData?.get("intent") === "edit-comment" &&
    navigation.formData.get("commentId") === String(commentId);
  const fieldId = `edit-comment-${commentId}`;
  return (
    <Form
      method="post"
      action={`${cancelHref.split("#")[0]}?edit=${commentId}`}
      preventScrollReset
      // The server's message, in the page's language, rather than the browser's own bubble.
      noValidate
      className="mt-2"
      data-testid="edit-comment-form"
    >
      <input type="hidden" name="intent" value="edit-comment" />
      <input type="hidden" name="commentId" value={commentId} />
      <label htmlFor={fieldId} className="sr-only">
        {t("comments.editLabel")}
      </label>
      <textarea
        id={fieldId}
        name="content"
        defaultValue={content}
        rows={4}
        maxLength={COMMENT_MAX}
        aria-required
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${fieldId}-error` : undefined}
        className="input min-h-24"
      />
      <ErrorList id={`${fieldId}-error`} errors={error ? [error] : null} />
      <p className="mt-1 text-xs text-muted-foreground">{t("comments.editWindow")}</p>
      <div className="mt-2 flex flex-wrap gap-2">
        <StatusButton pending={saving} className="btn-primary px-3 py-2">
          {t("comments.save")}
        </StatusButton>
        <Link to={cancelHref} preventScrollReset className="btn-outline px-3 py-2">
          {t("comments.cancel")}
        </Link>
      </div>
    </Form>
  );
}
