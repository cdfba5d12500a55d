import { useTranslation } from "react-i18next";

const TONE = {
  active: "bg-success/15 text-success",
  completed: "bg-primary/10 text-primary",
  archived: "bg-muted text-muted-foreground",
} as const;

/** A pool's status as a coloured pill: active, completed or archived. */
export function PoolStatusBadge({ status }: { status: keyof typeof TONE }) {
  const { t } = useTranslation("admin");
  return (
    <span
      data-testid="pool-status"
      data-status={status}
      className={`inline-flex items-center rounded-full px-2.5 py-0.5 text-xs font-semibold ${TONE[status]}`}
    >
      {t(`donations.status.${status}`)}
    </span>
  );
}
