import { Link } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { RecordName, useAuditRefs } from "~/components/admin/activity/refs";
import { poolUpdatesHref, recordHref } from "~/lib/audit-links";
import { formatDateTime, formatMoney, formatNumber } from "~/lib/format";

/**
 * An activity entry's details as a person reads them (issue 16): each field under its translated
 * name, money as money, dates as dates, states in words, a before/after as two readable blocks,
 * and long texts whole (folded, so a page of the log stays short) — never raw JSON.
 */

const ISO_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}/;
/** Fields that hold tugrik (and, under `prices`, every tier). */
const MONEY = new Set([
  "amount",
  "amount_due",
  "amount_received",
  "paid_amount",
  "goal_amount",
  "price",
  "pledged",
]);
/** Fields whose values are words of the site (states, plans, languages, pages, reasons). */
const WORDS = new Set([
  "status",
  "from",
  "to",
  "pricing_tier",
  "language",
  "page",
  "reason",
  "via",
  "mode",
  "payment_status",
  "stories",
]);
const LONG = 160;
/** Fields that hold the id of a record of one kind: shown by its name, with a link. */
const RECORDS: Record<string, string> = { story_id: "story", pool_id: "donation_pool" };

/** A donation as the batch lists it ("pool:3", "general:5"), by its donor's name. */
function DonationKey({ value }: { value: string }) {
  const match = /^(pool|general):(\d+)$/.exec(value);
  if (!match) return <>{value}</>;
  return <RecordName kind={match[1] === "pool" ? "pool_donation" : "donation"} id={match[2]!} />;
}

type Value = unknown;

function Scalar({
  name,
  value,
  path,
  siblings,
}: {
  name: string;
  value: Value;
  path: string[];
  siblings: Record<string, Value>;
}) {
  const { t, i18n } = useTranslation("admin");
  const refs = useAuditRefs();
  if (value === null || value === undefined || value === "") return <>{t("common.na")}</>;
  const kind = name === "item_id" ? String(siblings.item ?? "") : RECORDS[name];
  if (kind && (typeof value === "number" || typeof value === "string")) {
    return <RecordName kind={kind} id={String(value)} />;
  }
  if (name === "item") {
    const id = siblings.item_id;
    return (
      <>
        {t(`activity.entities.${String(value)}`)}{" "}
        {typeof id === "number" || typeof id === "string" ? (
          <RecordName kind={String(value)} id={String(id)} />
        ) : null}
      </>
    );
  }
  if (name === "preset") return <>{t(`reconcile.presets.${String(value)}`)}</>;
  if (name === "verified" && typeof value === "string") return <DonationKey value={value} />;
  if (name === "update_id" && refs.entityType === "donation_pool" && refs.entityId) {
    return (
      <Link to={poolUpdatesHref(refs.entityId)} className="text-primary hover:underline">
        {t("activity.poolUpdates")}
      </Link>
    );
  }
  if (name === "id" && path.at(-1) === "statement_line") {
    return (
      <Link
        to={recordHref("statement_line", String(value))!}
        className="text-primary hover:underline"
      >
        {t("activity.openStatement")}
      </Link>
    );
  }
  if (typeof value === "boolean") return <>{t(value ? "activity.yes" : "activity.no")}</>;
  if (typeof value === "number") {
    const money = MONEY.has(name) || path.includes("prices");
    return <span className="tabular-nums">{money ? formatMoney(value) : formatNumber(value)}</span>;
  }
  const text = String(value);
  if (ISO_TIME.test(text)) return <>{formatDateTime(text, i18n.language, t("common.na"))}</>;
  if (WORDS.has(name)) {
    return (
      <>
        {name === "reason"
          ? t(`common:rejection.reasons.${text}`, { defaultValue: text })
          : t(`activity.values.${text}`, { defaultValue: text })}
      </>
    );
  }
  if (text.length <= LONG) return <span className="whitespace-pre-wrap">{text}</span>;
  // The whole text, folded: open it to read all of it (works without JavaScript).
  return (
    <details>
      <summary className="cursor-pointer">
        <span className="whitespace-pre-wrap">{text.slice(0, LONG)}</span>
        <span className="ml-1 font-medium text-primary">{t("activity.showAll")}</span>
      </summary>
      <p className="mt-1 whitespace-pre-wrap">{text}</p>
    </details>
  );
}

export function DetailList({
  details,
  path = [],
}: {
  details: Record<string, Value>;
  path?: string[];
}) {
  const { t } = useTranslation("admin");
  const refs = useAuditRefs();
  // A reported item is named once, with its kind («Юу»); not again when it is the entry's own record.
  const own =
    path.length === 0 &&
    details.item === refs.entityType &&
    String(details.item_id) === refs.entityId;
  const shown = Object.entries(details).filter(
    ([name]) =>
      name !== "item_id" &&
      !(own && name === "item") &&
      !(
        name === "story_id" &&
        details.item === "story" &&
        String(details.story_id) === String(details.item_id)
      ),
  );
  return (
    <dl className="grid grid-cols-[auto_minmax(0,1fr)] gap-x-3 gap-y-1 text-xs text-muted-foreground">
      {shown.map(([name, value]) => (
        <div key={name} className="contents">
          <dt className="font-medium text-foreground/80">
            {t(`activity.fields.${name}`, { defaultValue: name.replace(/_/g, " ") })}
          </dt>
          <dd className="min-w-0 break-words">
            {value && typeof value === "object" && !Array.isArray(value) ? (
              <div className="rounded-md border border-border/70 bg-muted/40 p-2">
                <DetailList details={value as Record<string, Value>} path={[...path, name]} />
              </div>
            ) : Array.isArray(value) ? (
              value.length === 0 ? (
                t("common.na")
              ) : (
                <ul className="space-y-1">
                  {value.map((item, index) => (
                    <li key={index}>
                      {item && typeof item === "object" ? (
                        <DetailList
                          details={item as Record<string, Value>}
                          path={[...path, name]}
                        />
                      ) : (
                        <Scalar name={name} value={item} path={path} siblings={details} />
                      )}
                    </li>
                  ))}
                </ul>
              )
            ) : (
              <Scalar name={name} value={value} path={path} siblings={details} />
            )}
          </dd>
        </div>
      ))}
    </dl>
  );
}
