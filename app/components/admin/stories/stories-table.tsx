import { Link } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { ConfirmAction } from "~/components/admin/confirm-action";
import { TrashIcon } from "~/components/page-icons";
import { TableHead } from "~/components/table-head";
import { authorLabel } from "~/lib/author";
import { formatDate, truncate } from "~/lib/format";
import { StoryStatusBadge, TierBadge } from "./badges";

export interface AdminStoryRow {
  id: number;
  title: string;
  author: string;
  pricing_tier: string;
  status: string;
  submitted_at: string;
}

/** Spec 02 §9: titles are cut to 30 characters in the table. */
const TITLE_CHARS = 30;

/** The title cut to fit, the whole of it on hover and for screen readers. */
function CutTitle({ title }: { title: string }) {
  const cut = truncate(title, TITLE_CHARS);
  if (cut === title) return <>{title}</>;
  return (
    <span title={title}>
      <span aria-hidden="true">{cut}</span>
      <span className="sr-only">{title}</span>
    </span>
  );
}

function Actions({ story }: { story: AdminStoryRow }) {
  const { t } = useTranslation("admin");
  return (
    <div className="flex items-center justify-end gap-2">
      <Link
        to={`/story/${story.id}`}
        className="btn-outline px-3 py-1.5"
        aria-label={t("stories.viewStory", { title: story.title })}
      >
        {t("stories.view")}
      </Link>
      <ConfirmAction
        intent="delete"
        id={story.id}
        label={t("stories.delete")}
        question={t("stories.deleteQuestion", { title: truncate(story.title, 60) })}
        confirmLabel={t("stories.deleteConfirm")}
        icon={<TrashIcon width={16} height={16} />}
      />
    </div>
  );
}

/**
 * Every story (spec 02 §2 Stories): a table on wide screens, one card per story on phones, so
 * nothing scrolls sideways and the delete confirmation is never clipped by a scroll box.
 */
export function StoriesTable({ stories }: { stories: AdminStoryRow[] }) {
  const { t, i18n } = useTranslation("admin");
  const date = (value: string) => formatDate(value, i18n.language, t("common.na"));
  return (
    <>
      <table className="hidden w-full text-left text-sm lg:table" data-testid="stories-table">
        <caption className="sr-only">{t("stories.title")}</caption>
        <TableHead
          columns={[
            ...(["title", "author", "tier", "status", "date"] as const).map((key) => ({
              key,
              label: t(`stories.columns.${key}`),
            })),
            { key: "actions", label: t("stories.columns.actions"), end: true },
          ]}
        />
        <tbody className="divide-y divide-border">
          {stories.map((story) => (
            <tr key={story.id} data-testid="story-row" data-story-id={story.id}>
              <td className="max-w-[18rem] px-4 py-3 font-medium">
                <CutTitle title={story.title} />
              </td>
              <td className="max-w-[12rem] truncate px-4 py-3" title={authorLabel(t, story.author)}>
                {authorLabel(t, story.author)}
              </td>
              <td className="px-4 py-3">
                <TierBadge tier={story.pricing_tier} />
              </td>
              <td className="px-4 py-3">
                <StoryStatusBadge status={story.status} />
              </td>
              <td className="whitespace-nowrap px-4 py-3 text-muted-foreground">
                <time dateTime={story.submitted_at}>{date(story.submitted_at)}</time>
              </td>
              <td className="px-4 py-3">
                <Actions story={story} />
              </td>
            </tr>
          ))}
        </tbody>
      </table>

      <ul className="divide-y divide-border lg:hidden" data-testid="stories-cards">
        {stories.map((story) => (
          <li key={story.id} className="p-4" data-testid="story-row" data-story-id={story.id}>
            <p className="break-words font-semibold leading-snug">
              <CutTitle title={story.title} />
            </p>
            <p className="mt-1 flex flex-wrap items-center gap-x-2 gap-y-1 text-sm text-muted-foreground">
              <span className="break-all">{authorLabel(t, story.author)}</span>
              <span aria-hidden="true">·</span>
              <time dateTime={story.submitted_at}>{date(story.submitted_at)}</time>
            </p>
            <div className="mt-3 flex flex-wrap items-center gap-2">
              <TierBadge tier={story.pricing_tier} />
              <StoryStatusBadge status={story.status} />
              <div className="ml-auto">
                <Actions story={story} />
              </div>
            </div>
          </li>
        ))}
      </ul>
    </>
  );
}
