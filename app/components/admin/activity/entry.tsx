import { Link } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { DetailList } from "~/components/admin/activity/details";
import { AuditRefsContext, RecordName } from "~/components/admin/activity/refs";
import { auditActor } from "~/lib/audit-actor";
import { type RefLinkData, recordHref } from "~/lib/audit-links";
import { formatDateTime } from "~/lib/format";

export interface ActivityEntryData {
  id: number;
  created_at: string;
  action: string;
  actor_username: string | null;
  entity_type: string;
  entity_id: string | null;
  details: Record<string, unknown> | null;
}

/** The kinds of record the log names by what they are (entityNames). */
const NAMED = new Set(["story", "donation_pool", "pool_donation", "donation", "comment", "user"]);

/** One row of the activity log: when, what, on which record (named and linked), who, details. */
export function ActivityEntry({
  entry,
  names,
}: {
  entry: ActivityEntryData;
  names: Record<string, RefLinkData>;
}) {
  const { t, i18n } = useTranslation("admin");
  const actor = auditActor(entry);
  return (
    <AuditRefsContext.Provider
      value={{ names, entityType: entry.entity_type, entityId: entry.entity_id }}
    >
      <li
        className="grid gap-2 p-4 sm:grid-cols-[11rem_minmax(0,1fr)_minmax(0,1.2fr)] sm:gap-4"
        data-testid="audit-entry"
        data-action={entry.action}
      >
        <time dateTime={entry.created_at} className="text-sm text-muted-foreground">
          {formatDateTime(entry.created_at, i18n.language, t("common.na"))}
        </time>
        <div className="min-w-0">
          <p className="font-semibold">
            {t(`activity.actions.${entry.action}`, { defaultValue: entry.action })}
          </p>
          <p className="text-sm text-muted-foreground">
            <Target entry={entry} />
            {" · "}
            <span data-testid="audit-actor">{"name" in actor ? actor.name : t(actor.key)}</span>
          </p>
        </div>
        {entry.details ? <DetailList details={entry.details} /> : <span />}
      </li>
    </AuditRefsContext.Provider>
  );
}

/** The record an entry is about, by its kind and name, never by its bare id. */
function Target({ entry }: { entry: ActivityEntryData }) {
  const { t } = useTranslation("admin");
  const type = entry.entity_type;
  const id = entry.entity_id;
  const details = entry.details ?? {};
  const kind = t(`activity.entities.${type}`, { defaultValue: t("activity.entities.record") });
  const word = (key: string) => t(`activity.values.${key}`, { defaultValue: key });
  const linked = (text: string) => {
    const href = id === null ? null : recordHref(type, id);
    return href ? (
      <Link to={href} className="text-primary hover:underline" data-testid="audit-link">
        {text}
      </Link>
    ) : (
      text
    );
  };
  if (id !== null && NAMED.has(type)) {
    const remembered = [details.title, details.name, details.username, details.content]
      .find((v): v is string => typeof v === "string" && v !== "")
      ?.replace(/\s+/g, " ")
      .slice(0, 60);
    return (
      <>
        {kind} <RecordName kind={type} id={id} remembered={remembered} />
      </>
    );
  }
  if (id !== null && type === "settings") {
    return linked(t(`activity.settingsParts.${id}`, { defaultValue: kind }));
  }
  if (id !== null && (type === "faq" || type === "legal_page")) {
    // "mn", "mn:key" (a question) or "privacy:mn" (a page and its language).
    const parts = id.split(":");
    const language = type === "faq" ? parts[0]! : (parts[1] ?? "");
    const name = type === "legal_page" ? `${kind} «${word(parts[0]!)}»` : kind;
    return linked(language ? `${name} (${word(language)})` : name);
  }
  if (type === "statement_import" && typeof details.preset === "string") {
    return linked(`${kind} «${t(`reconcile.presets.${details.preset}`)}»`);
  }
  return linked(kind);
}
