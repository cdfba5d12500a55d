import { and, count, desc, eq, isNull, sql } from "drizzle-orm";
import { db } from "#db/client";
import { notifications } from "#db/schema";
import type { User } from "~/models/users.server";

/**
 * The inbox of signed-in people (issue 17, decision 027): what happened to their stories and who
 * commented on them. Entries are written in the same batch as the change that causes them.
 */

export const INBOX_KINDS = [
  "story.received",
  "story.approved",
  "story.rejected",
  "story.paymentVerified",
  "story.featuredEnding",
  "comment.new",
] as const;
export type InboxKind = (typeof INBOX_KINDS)[number];

const STORY_PARAMS = sql`json_object('story_id', s.id, 'title', s.title, 'tier', s.pricing_tier,
  'status', s.status, 'expires_at', s.expires_at, 'reason', s.rejection_reason)`;

/**
 * The story's author is told of a change to it, for the change's own batch: only when the
 * statement before it changed a row (`changes() = 1`), so a decision that lost a race tells no
 * one. Put it last in the batch (it may add no row: a story without an account).
 */
export function storyNote(kind: InboxKind, storyId: number | "last") {
  const which = storyId === "last" ? sql`last_insert_rowid()` : sql`${storyId}`;
  return db.run(sql`
    INSERT INTO notifications (user_id, kind, params)
    SELECT s.user_id, ${kind}, ${STORY_PARAMS}
      FROM stories s
     WHERE s.id = ${which} AND s.user_id IS NOT NULL AND changes() = 1`);
}

/** The story's author is told of a new comment, unless they wrote it themselves. */
export function commentNote(storyId: number, commenter: Pick<User, "id" | "username">) {
  return db.run(sql`
    INSERT INTO notifications (user_id, kind, params)
    SELECT s.user_id, 'comment.new',
           json_object('story_id', s.id, 'title', s.title, 'by', ${commenter.username})
      FROM stories s
     WHERE s.id = ${storyId} AND s.user_id IS NOT NULL AND s.user_id <> ${commenter.id}`);
}

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * Authors whose featured period ends within a day are told, once per period (the scan runs every
 * minute in the message sender; the key names the story and the period's end).
 */
export async function noteFeaturedEnding(now = Date.now()) {
  await db.run(sql`
    INSERT OR IGNORE INTO notifications (user_id, kind, params, dedupe_key)
    SELECT s.user_id, 'story.featuredEnding', ${STORY_PARAMS},
           'story:' || s.id || ':ending:' || s.expires_at
      FROM stories s
     WHERE s.status = 'approved' AND s.user_id IS NOT NULL
       AND s.expires_at > ${new Date(now).toISOString()}
       AND s.expires_at <= ${new Date(now + DAY_MS).toISOString()}`);
}

export const INBOX_PAGE_SIZE = 20;

export interface InboxEntry {
  id: number;
  kind: InboxKind;
  params: Record<string, string | number | null>;
  created_at: string;
  read_at: string | null;
}

/** One page of a person's inbox, newest first, with how many are unread. */
export async function listInbox(user: Pick<User, "id">, page = 1) {
  const mine = eq(notifications.user_id, user.id);
  const [[{ total } = { total: 0 }], unread] = await Promise.all([
    db.select({ total: count() }).from(notifications).where(mine),
    unreadCount(user),
  ]);
  const pageCount = Math.max(1, Math.ceil(total / INBOX_PAGE_SIZE));
  const current = Math.min(Math.max(1, page), pageCount);
  const rows = await db
    .select()
    .from(notifications)
    .where(mine)
    .orderBy(desc(notifications.created_at), desc(notifications.id))
    .limit(INBOX_PAGE_SIZE)
    .offset((current - 1) * INBOX_PAGE_SIZE);
  const items: InboxEntry[] = rows.map((r) => ({
    id: r.id,
    kind: r.kind as InboxKind,
    params: JSON.parse(r.params),
    created_at: r.created_at,
    read_at: r.read_at,
  }));
  return { items, total, unread, page: current, pageCount };
}

export async function unreadCount(user: Pick<User, "id">): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(notifications)
    .where(and(eq(notifications.user_id, user.id), isNull(notifications.read_at)));
  return row?.n ?? 0;
}

/** Marks every entry of a person's inbox read; answers how many were unread. */
export async function markAllRead(user: Pick<User, "id">): Promise<number> {
  const result = await db
    .update(notifications)
    .set({ read_at: new Date().toISOString() })
    .where(and(eq(notifications.user_id, user.id), isNull(notifications.read_at)));
  return result.rowsAffected;
}
