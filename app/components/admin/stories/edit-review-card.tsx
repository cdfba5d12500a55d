import { Form, Link } from "@remix-run/react";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { ConfirmAction } from "~/components/admin/confirm-action";
import { PendingButton } from "~/components/admin/pending-button";
import { RejectionFields } from "~/components/story/rejection";
import { formatDateTime } from "~/lib/format";
import { bankDisplayName } from "~/lib/plans";
import { HeldWord } from "./held-word";

interface Version {
  title: string;
  story: string;
  story_image: string | null;
  bank_name: string;
  bank_account: string;
  account_name: string | null;
}

/** An author's edit of a published story waiting for review, with what it replaces. */
export interface EditReview extends Version {
  story_id: number;
  held_word: string | null;
  author: string;
  submitted_at: string;
  current: Version;
}

/**
 * One waiting edit (decision 029): each changed field shown as it is published and as the edit
 * would make it, unchanged fields named as such; publish it, or turn it down with a reason.
 */
export function EditReviewCard({ edit }: { edit: EditReview }) {
  const { t, i18n } = useTranslation("admin");
  const bank = (v: Version) =>
    [bankDisplayName(t, v.bank_name), v.bank_account, v.account_name].filter(Boolean).join(" · ");
  const image = (v: Version) =>
    v.story_image ? (
      <img src={v.story_image} alt="" loading="lazy" className="max-h-40 rounded-lg" />
    ) : (
      <span className="text-muted-foreground">{t("edits.noImage")}</span>
    );
  const rows: { key: string; now: ReactNode; after: ReactNode; same: boolean }[] = [
    {
      key: "title",
      now: edit.current.title,
      after: edit.title,
      same: edit.title === edit.current.title,
    },
    {
      key: "story",
      now: edit.current.story,
      after: edit.story,
      same: edit.story === edit.current.story,
    },
    {
      key: "image",
      now: image(edit.current),
      after: image(edit),
      same: edit.story_image === edit.current.story_image,
    },
    {
      key: "bank",
      now: bank(edit.current),
      after: bank(edit),
      same: bank(edit) === bank(edit.current),
    },
  ];
  const titleId = `edit-${edit.story_id}-title`;
  return (
    <article
      aria-labelledby={titleId}
      className="card"
      data-testid="edit-review-card"
      data-story-id={edit.story_id}
    >
      <div className="p-4 sm:p-5">
        <h3 id={titleId} className="break-words text-lg font-semibold leading-snug">
          {edit.current.title}
        </h3>
        <p className="mt-1 text-xs text-muted-foreground">
          {t("edits.author")}: <span className="font-medium text-foreground">{edit.author}</span>
          <span aria-hidden="true"> · </span>
          {t("edits.sent")}:{" "}
          <time dateTime={edit.submitted_at}>
            {formatDateTime(edit.submitted_at, i18n.language)}
          </time>
        </p>
        {edit.held_word ? <HeldWord word={edit.held_word} /> : null}
        <dl className="mt-4 space-y-4 text-sm">
          {rows.map((row) => (
            <div key={row.key} data-field={row.key} data-changed={!row.same}>
              <dt className="text-xs font-semibold uppercase tracking-wide text-muted-foreground">
                {t(`edits.fields.${row.key}`)}
              </dt>
              {row.same ? (
                <dd className="mt-1 text-muted-foreground">{t("edits.unchanged")}</dd>
              ) : (
                <dd className="mt-1 grid gap-2 sm:grid-cols-2">
                  <Side label={t("edits.now")} tone="old">
                    {row.now}
                  </Side>
                  <Side label={t("edits.after")} tone="new">
                    {row.after}
                  </Side>
                </dd>
              )}
            </div>
          ))}
        </dl>
      </div>
      <div className="flex flex-wrap items-center gap-2 border-t border-border px-4 py-3 sm:px-5">
        <Link to={`/stories/${edit.story_id}`} className="btn-outline px-3 py-2">
          {t("edits.open")}
        </Link>
        <Form method="post" preventScrollReset>
          <input type="hidden" name="id" value={edit.story_id} />
          <PendingButton
            intent="approve-edit"
            pendingId={edit.story_id}
            className="btn-primary px-3 py-2"
          >
            {t("edits.approve")}
          </PendingButton>
        </Form>
        <div className="ml-auto">
          <ConfirmAction
            intent="reject-edit"
            id={edit.story_id}
            label={t("edits.reject")}
            question={t("edits.rejectQuestion", { title: edit.current.title })}
            confirmLabel={t("edits.rejectConfirm")}
          >
            <RejectionFields id={`edit-${edit.story_id}`} />
          </ConfirmAction>
        </div>
      </div>
    </article>
  );
}

function Side({
  label,
  tone,
  children,
}: {
  label: string;
  tone: "old" | "new";
  children: ReactNode;
}) {
  return (
    <div
      className={`max-h-72 overflow-auto whitespace-pre-line break-words rounded-lg border p-3 ${
        tone === "new" ? "border-primary/40 bg-primary/5" : "border-border bg-muted/40"
      }`}
    >
      <p className="mb-1 text-xs font-semibold text-muted-foreground">{label}</p>
      {children}
    </div>
  );
}
