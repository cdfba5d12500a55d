import { count, desc, eq, inArray, is, like, SQL, sql } from "drizzle-orm";
import { db } from "#db/client";
import {
  auditLog,
  comments,
  donationPools,
  donations,
  poolDonations,
  stories,
  users,
} from "#db/schema";

export interface Actor {
  id: string;
  username: string;
}

/** Builds the audit row for a change, so it can join the change's own batch and be written with it. */
export function auditEntry(
  actor: Actor | null,
  action: string,
  entityType: string,
  entityId: string | number | null,
  details?: Record<string, unknown>,
) {
  return db.insert(auditLog).values({
    actor_id: actor?.id ?? null,
    actor_username: actor?.username ?? null,
    action,
    entity_type: entityType,
    entity_id: entityId === null ? null : String(entityId),
    details: details ? JSON.stringify(details) : null,
  });
}

/**
 * The audit row as one SQL statement, for a change's own batch when the row needs what only the
 * database knows at that point: an id the batch has just made (`last_insert_rowid()`), counts
 * of the rows it is about to remove, or a condition under which the change happens at all (the
 * entry is written only if it holds, so a change that lost a race leaves none). With `from`, one
 * entry per row of it that `where` selects (a story read just before it is deleted).
 */
export function auditStatement({
  actor,
  action,
  entityType,
  entityId,
  details,
  from,
  where,
}: {
  actor: Actor | null;
  action: string;
  entityType: string;
  /** SQL for an id known only inside the batch; it is stored as text. */
  entityId: string | number | SQL | null;
  /** SQL for details computed by the database (a JSON object). */
  details?: Record<string, unknown> | SQL;
  from?: SQL;
  where?: SQL;
}) {
  const id =
    entityId === null
      ? null
      : is(entityId, SQL)
        ? sql`CAST(${entityId} AS TEXT)`
        : String(entityId);
  const detailsValue =
    details === undefined ? null : is(details, SQL) ? details : JSON.stringify(details);
  return db.run(sql`
    INSERT INTO audit_log (actor_id, actor_username, action, entity_type, entity_id, details)
    SELECT ${actor?.id ?? null}, ${actor?.username ?? null}, ${action}, ${entityType}, ${id},
           ${detailsValue}
    ${from ? sql`FROM ${from}` : sql``}
    ${where ? sql`WHERE ${where}` : sql``}`);
}

/**
 * The audit row of a conditional change, for the change's own batch: written only when the
 * statement just before it changed exactly one row (`changes()`), so a change that lost a race
 * (already decided, already dismissed) leaves no entry.
 */
export function auditIfChanged(
  actor: Actor | null,
  action: string,
  entityType: string,
  entityId: string | number,
  details?: Record<string, unknown>,
) {
  return auditStatement({
    actor,
    action,
    entityType,
    entityId,
    details,
    where: sql`changes() = 1`,
  });
}

export const AUDIT_PAGE_SIZE = 20;

/**
 * The activity tab: newest first, optionally one action ("story.approve") or one family
 * ("story"), a page at a time. Two statements (page and total) on the created_at index.
 */
export async function listAuditLog({ action, page }: { action: string | null; page: number }) {
  const where = action
    ? action.includes(".")
      ? eq(auditLog.action, action)
      : like(auditLog.action, `${action.replace(/[%_\\]/g, "")}.%`)
    : undefined;
  const [rows, [{ total } = { total: 0 }]] = await Promise.all([
    db
      .select()
      .from(auditLog)
      .where(where)
      .orderBy(desc(auditLog.created_at), desc(auditLog.id))
      .limit(AUDIT_PAGE_SIZE)
      .offset((Math.max(1, page) - 1) * AUDIT_PAGE_SIZE),
    db.select({ total: count() }).from(auditLog).where(where),
  ]);
  return {
    total,
    pageCount: Math.max(1, Math.ceil(total / AUDIT_PAGE_SIZE)),
    items: rows.map((row) => ({ ...row, details: parseDetails(row.details) })),
  };
}

/** Every action recorded so far, for the filter: the list grows with the log by itself. */
export async function listAuditActions(): Promise<string[]> {
  const rows = await db
    .selectDistinct({ action: auditLog.action })
    .from(auditLog)
    .orderBy(auditLog.action);
  return rows.map((r) => r.action);
}

/**
 * What an activity entry points at, read now so the log says what a thing is, not only its
 * number (issue 41 item 12): a story's title, a campaign's name, a donor's name, a comment's
 * opening words, an account's username, with what a link to it needs (a comment's story, a
 * pledge's campaign). A record that is gone has no entry here; the page says so, and the entry's
 * own details keep what it was.
 */
export interface AuditRef {
  name: string;
  story_id?: number;
  pool_id?: number;
}

/** The kinds of record the log can name, as `entity_type` spells them. */
export const NAMED_KINDS = [
  "story",
  "donation_pool",
  "pool_donation",
  "donation",
  "comment",
  "user",
] as const;
export type NamedKind = (typeof NAMED_KINDS)[number];

const isId = (value: unknown) =>
  (typeof value === "number" && Number.isInteger(value)) ||
  (typeof value === "string" && /^\d{1,15}$/.test(value));

/** Every (kind, id) an entry names: its own record and the ones its details mention. */
export function referencesOf(row: {
  entity_type: string;
  entity_id: string | null;
  details?: Record<string, unknown> | null;
}): [NamedKind, string][] {
  const refs: [NamedKind, string][] = [];
  const add = (kind: unknown, id: unknown) => {
    if (!NAMED_KINDS.includes(kind as NamedKind) || id === null || id === undefined) return;
    if (kind === "user" ? typeof id === "string" && id !== "" : isId(id)) {
      refs.push([kind as NamedKind, String(id)]);
    }
  };
  add(row.entity_type, row.entity_id);
  const details = row.details ?? {};
  add("story", details.story_id);
  add("donation_pool", details.pool_id);
  add(details.item, details.item_id);
  if (Array.isArray(details.verified)) {
    for (const key of details.verified) {
      const match = /^(pool|general):(\d{1,15})$/.exec(String(key));
      if (match) add(match[1] === "pool" ? "pool_donation" : "donation", match[2]);
    }
  }
  return refs;
}

const COMMENT_NAME = 60;

export async function entityNames(
  rows: {
    entity_type: string;
    entity_id: string | null;
    details?: Record<string, unknown> | null;
  }[],
): Promise<Record<string, AuditRef>> {
  const all = rows.flatMap(referencesOf);
  const ids = (kind: NamedKind) => [
    ...new Set(all.filter(([k]) => k === kind).map(([, id]) => id)),
  ];
  const numbers = (kind: NamedKind) => ids(kind).map(Number);
  const named = async <K extends string | number>(
    kind: NamedKind,
    list: K[],
    query: (list: K[]) => Promise<({ id: K; name: string } & Omit<AuditRef, "name">)[]>,
  ) => {
    if (list.length === 0) return [];
    return (await query(list)).map(({ id, ...ref }) => [`${kind}:${id}`, ref] as const);
  };
  const entries = await Promise.all([
    named("story", numbers("story"), (list) =>
      db
        .select({ id: stories.id, name: stories.title })
        .from(stories)
        .where(inArray(stories.id, list)),
    ),
    named("donation_pool", numbers("donation_pool"), (list) =>
      db
        .select({ id: donationPools.id, name: donationPools.name })
        .from(donationPools)
        .where(inArray(donationPools.id, list)),
    ),
    named("pool_donation", numbers("pool_donation"), (list) =>
      db
        .select({
          id: poolDonations.id,
          name: poolDonations.donor_name,
          pool_id: poolDonations.pool_id,
        })
        .from(poolDonations)
        .where(inArray(poolDonations.id, list)),
    ),
    named("donation", numbers("donation"), (list) =>
      db
        .select({ id: donations.id, name: donations.donor_name })
        .from(donations)
        .where(inArray(donations.id, list)),
    ),
    named("comment", numbers("comment"), async (list) =>
      (
        await db
          .select({ id: comments.id, content: comments.content, story_id: comments.story_id })
          .from(comments)
          .where(inArray(comments.id, list))
      ).map(({ content, ...row }) => ({ ...row, name: opening(content) })),
    ),
    named("user", ids("user"), (list) =>
      db.select({ id: users.id, name: users.username }).from(users).where(inArray(users.id, list)),
    ),
  ]);
  return Object.fromEntries(entries.flat());
}

/** A comment's first words, on one line, as its name in the log. */
export function opening(text: string) {
  const line = text.replace(/\s+/g, " ").trim();
  return line.length > COMMENT_NAME ? `${line.slice(0, COMMENT_NAME - 1)}…` : line;
}

function parseDetails(text: string | null): Record<string, unknown> | null {
  if (!text) return null;
  try {
    const value = JSON.parse(text);
    return value && typeof value === "object" && !Array.isArray(value) ? value : { value };
  } catch {
    return { value: text };
  }
}
