import { Link } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { PenIcon } from "~/components/icons";
import { ShieldIcon } from "~/components/page-icons";
import { RejectionText } from "~/components/story/rejection";

/**
 * Shown above a story that readers cannot see yet, when its author or an admin previews it; a
 * rejected one says why, and offers its author the way to edit and send it again.
 */
export function PreviewBanner({
  status,
  rejection,
  editHref,
}: {
  status: "pending" | "rejected";
  rejection: { reason: string | null; note: string | null } | null;
  editHref: string | null;
}) {
  const { t } = useTranslation("story");
  return (
    <div
      role="status"
      data-testid="preview-banner"
      className="mb-6 flex gap-3 rounded-xl border border-gold/50 bg-gold-soft p-4 text-foreground"
    >
      <ShieldIcon className="mt-0.5 shrink-0 text-gold" />
      <div>
        <p className="font-semibold">{t(`preview.${status}.title`)}</p>
        <p className="mt-1 text-sm text-foreground/80">{t(`preview.${status}.text`)}</p>
        {rejection ? (
          <p className="mt-2 text-sm">
            <span className="font-semibold">{t("common:rejection.label")}</span>{" "}
            <RejectionText reason={rejection.reason} note={rejection.note} />
          </p>
        ) : null}
        {editHref ? (
          <Link to={editHref} className="btn-outline mt-3 bg-card">
            <PenIcon width={16} height={16} />
            {status === "rejected" ? t("common:rejection.editAgain") : t("editOwn")}
          </Link>
        ) : null}
      </div>
    </div>
  );
}
