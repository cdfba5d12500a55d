import { useTranslation } from "react-i18next";
import { AuthorName } from "~/components/author-name";
import { CalendarIcon, ClockIcon } from "~/components/page-icons";
import { authorLabel } from "~/lib/author";
import { UserAvatar } from "./user-avatar";

/**
 * Who wrote the story, when it was posted and how long it takes to read. A story not yet
 * published (its author's or an administrator's preview) says when it was sent, in words: its
 * date is not a publication date.
 */
export function StoryByline({
  author,
  avatarUrl,
  postedAt,
  postedOn,
  minutes,
  published,
}: {
  author: string;
  avatarUrl: string | null;
  postedAt: string | null;
  /** `postedAt` formatted on the server (browsers differ in their Mongolian date data). */
  postedOn: string;
  minutes: number;
  published: boolean;
}) {
  const { t } = useTranslation("story");
  return (
    <div className="flex flex-wrap items-center gap-x-5 gap-y-3">
      <div className="flex min-w-0 items-center gap-3">
        <UserAvatar name={authorLabel(t, author)} url={avatarUrl} />
        <div className="min-w-0">
          <p className="text-xs font-medium uppercase tracking-wide text-muted-foreground">
            {t("author")}
          </p>
          <p className="truncate font-semibold" data-testid="story-author">
            <AuthorName author={author} />
          </p>
        </div>
      </div>
      <div className="flex flex-wrap items-center gap-x-4 gap-y-1 text-sm text-muted-foreground">
        <span className="inline-flex items-center gap-1.5">
          <CalendarIcon width={16} height={16} />
          {published ? (
            <span className="sr-only">{t("posted")}</span>
          ) : (
            <span data-testid="story-date-label">{t("sent")}:</span>
          )}
          {postedAt ? (
            <time dateTime={postedAt} data-testid="story-date">
              {postedOn}
            </time>
          ) : (
            <span data-testid="story-date">{postedOn}</span>
          )}
        </span>
        <span className="inline-flex items-center gap-1.5" data-testid="reading-time">
          <ClockIcon width={16} height={16} />
          {t("readingTime", { count: minutes })}
        </span>
      </div>
    </div>
  );
}
