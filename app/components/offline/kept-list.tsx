import { Link } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { formatDateTime } from "~/lib/format";
import type { KeptStory } from "~/sw/kept";

/**
 * Stories kept on this device (decision 066), each a link to its own address, which opens
 * without a connection; with when it was saved or read, and a Remove button where one is given.
 */
export function KeptList({
  stories,
  dateKey,
  onRemove,
  testId,
}: {
  stories: KeptStory[];
  /** `offline:saved.savedOn` or `offline:saved.readOn`, with {{when}}. */
  dateKey: string;
  onRemove?: (story: KeptStory) => void;
  testId: string;
}) {
  const { t, i18n } = useTranslation("offline");
  return (
    <ul
      className="divide-y divide-border rounded-2xl border border-border bg-card"
      data-testid={testId}
    >
      {stories.map((story) => (
        <li key={story.path} className="flex flex-wrap items-center gap-x-4 gap-y-1 px-4 py-3">
          <div className="min-w-0 flex-1">
            <Link to={story.path} className="break-words font-semibold hover:underline">
              {story.title}
            </Link>
            <p className="text-sm text-muted-foreground">
              {t(dateKey, { when: formatDateTime(new Date(story.at), i18n.language) })}
            </p>
          </div>
          {onRemove ? (
            <button
              type="button"
              className="btn-outline px-3 py-1.5 text-sm"
              onClick={() => onRemove(story)}
              aria-label={t("saved.removeNamed", { title: story.title })}
            >
              {t("saved.remove")}
            </button>
          ) : null}
        </li>
      ))}
    </ul>
  );
}
