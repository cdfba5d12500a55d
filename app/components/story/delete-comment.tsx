import { Form, Link, useNavigation } from "@remix-run/react";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { SpinnerIcon, TrashIcon } from "~/components/page-icons";
import { useHydrated } from "~/components/use-hydrated";

function DeleteFields({ commentId }: { commentId: number }) {
  return (
    <>
      <input type="hidden" name="intent" value="delete-comment" />
      <input type="hidden" name="commentId" value={commentId} />
    </>
  );
}

function useDeleting(commentId: number) {
  const navigation = useNavigation();
  return (
    navigation.formData?.get("intent") === "delete-comment" &&
    navigation.formData.get("commentId") === String(commentId)
  );
}

/**
 * Deleting asks first. With JavaScript the button asks "Are you sure?" and a second click
 * deletes; without it the button is a link to `?delete=<id>`, which shows <DeleteConfirmation>.
 */
export function DeleteCommentButton({ commentId, author }: { commentId: number; author: string }) {
  const { t } = useTranslation("story");
  const hydrated = useHydrated();
  const [armed, setArmed] = useState(false);
  const deleting = useDeleting(commentId);
  const base =
    "inline-flex items-center gap-1.5 rounded-md px-2 py-1 text-xs font-semibold transition-colors";

  if (!hydrated) {
    return (
      <Link
        to={`?delete=${commentId}#comment-${commentId}`}
        preventScrollReset
        className={`${base} text-muted-foreground hover:bg-destructive/10 hover:text-destructive`}
        aria-label={t("comments.deleteLabel", { author })}
      >
        <TrashIcon width={14} height={14} />
        {t("comments.delete")}
      </Link>
    );
  }

  return (
    <Form method="post" preventScrollReset>
      <DeleteFields commentId={commentId} />
      <button
        type="submit"
        onClick={(event) => {
          if (!armed) {
            event.preventDefault();
            setArmed(true);
          }
        }}
        onBlur={() => setArmed(false)}
        onKeyDown={(event) => {
          if (event.key === "Escape") setArmed(false);
        }}
        aria-disabled={deleting || undefined}
        aria-label={armed ? undefined : t("comments.deleteLabel", { author })}
        className={`${base} ${
          armed
            ? "bg-destructive text-destructive-foreground hover:bg-destructive/90"
            : "text-muted-foreground hover:bg-destructive/10 hover:text-destructive"
        }`}
      >
        {deleting ? <SpinnerIcon width={14} height={14} /> : <TrashIcon width={14} height={14} />}
        <span>{armed ? t("comments.confirm") : t("comments.delete")}</span>
      </button>
    </Form>
  );
}

/** The confirmation step of a deletion without JavaScript (`?delete=<id>`). */
export function DeleteConfirmation({
  commentId,
  cancelHref,
}: {
  commentId: number;
  cancelHref: string;
}) {
  const { t } = useTranslation("story");
  const deleting = useDeleting(commentId);
  return (
    <Form
      method="post"
      preventScrollReset
      className="mt-3 rounded-xl border border-destructive/40 bg-destructive/5 p-4"
      aria-labelledby={`confirm-${commentId}`}
      data-testid="delete-confirmation"
    >
      <DeleteFields commentId={commentId} />
      <p id={`confirm-${commentId}`} className="font-semibold">
        {t("comments.confirmTitle")}
      </p>
      <p className="mt-1 text-sm text-muted-foreground">{t("comments.confirmText")}</p>
      <div className="mt-3 flex flex-wrap gap-2">
        <button
          type="submit"
          className="btn bg-destructive px-3 py-2 text-destructive-foreground hover:bg-destructive/90"
          aria-disabled={deleting || undefined}
        >
          {deleting ? <SpinnerIcon width={16} height={16} /> : <TrashIcon width={16} height={16} />}
          {t("comments.confirmYes")}
        </button>
        <Link to={cancelHref} preventScrollReset className="btn-outline px-3 py-2">
          {t("comments.cancel")}
        </Link>
      </div>
    </Form>
  );
}
