import { useTranslation } from "react-i18next";
import { ConfirmAction } from "~/components/admin/confirm-action";
import { TrashIcon } from "~/components/page-icons";

/**
 * Deleting one's own story from /profile (issue 18): a first click asks, the second deletes.
 * The same <details> question as the admin screens', so it works without JavaScript too.
 */
export function OwnStoryDelete({
  story,
}: {
  story: { id: number; title: string; pricing_tier: string };
}) {
  const { t } = useTranslation();
  const question = [
    t("leave.story.question", { title: story.title }),
    story.pricing_tier === "free" ? "" : t("leave.story.paidNote"),
  ]
    .filter(Boolean)
    .join(" ");
  return (
    <ConfirmAction
      intent="delete-story"
      id={story.id}
      label={t("leave.story.delete")}
      question={question}
      confirmLabel={t("leave.story.confirm")}
      cancelLabel={t("leave.cancel")}
      icon={<TrashIcon width={16} height={16} />}
      align="left"
    />
  );
}
