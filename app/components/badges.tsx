import { useTranslation } from "react-i18next";

function StarIcon({ className = "" }: { className?: string }) {
  return (
    <svg
      viewBox="0 0 20 20"
      width="12"
      height="12"
      fill="currentColor"
      aria-hidden="true"
      className={className}
    >
      <path d="M10 1.5l2.6 5.3 5.9.9-4.3 4.1 1 5.8L10 14.9l-5.2 2.7 1-5.8L1.5 7.7l5.9-.9z" />
    </svg>
  );
}

/** VIP badge with a star: a story featured now (spec 01 §2 Story card; not once its period ended). */
export function VipBadge({ className = "" }: { className?: string }) {
  const { t } = useTranslation("common");
  return (
    <span
      className={`inline-flex items-center gap-1 rounded-full bg-gold px-2 py-0.5 text-xs font-bold uppercase tracking-wide text-gold-foreground shadow-sm ${className}`}
    >
      <StarIcon />
      {t("badges.vip")}
    </span>
  );
}

/** "Free" badge: a free story shown among featured ones. */
export function FreeBadge({ className = "" }: { className?: string }) {
  const { t } = useTranslation("common");
  return (
    <span
      className={`inline-flex items-center rounded-full bg-secondary px-2 py-0.5 text-xs font-semibold text-secondary-foreground ${className}`}
    >
      {t("badges.free")}
    </span>
  );
}
