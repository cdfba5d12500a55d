import { useTranslation } from "react-i18next";
import { ShieldIcon } from "~/components/page-icons";

/** Shown above a story that readers cannot see yet, when its author or an admin previews it. */
export function PreviewBanner({ status }: { status: "pending" | "rejected" }) {
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
      </div>
    </div>
  );
}
