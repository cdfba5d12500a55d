import { and, type Column, count, desc, eq, inArray, isNull, type SQL, sql } from "drizzle-orm";
import { db } from "#db/client";
import { notifications, stories } from "#db/schema";
import type { MailGroup } from "~/constants";
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
  "story.editApproved",
  "story.editRejected",
  "comment.new",
  "admin.failing",
  // Issue 18 (decision 030): what reports and administrators did to a person's things.
  "story.held",
  "story.hidden",
  "comment.hidden",
  "account.suspended",
  // Issue 42: what those one follows did (no e-mail of their own: the digest carries them).
  "follow.story",
  "follow.update",
] as const;
export type InboxKind = (typeof INBOX_KINDS)[number];

const STORY_PARAMS = sql`json_object('story_id', s.id, 'title', s.title, 'tier', s.pricing_tier,
  'status', s.status, 'expires_at', s.expires_at, 'reason', s.rejection_reason)`;

/** The person has a confirmed address and has not turned this group of mail off. */
const mailable = (group: MailGroup) => sql`u.email IS NOT NULL AND u.email_confirmed_at IS NOT NULL
  AND instr(',' || u.mail_muted || ',', ${`,${group},`}) = 0`;

/**
 * The story's author is told of a change to it, for the change's own batch: an inbox entry, and
 * the same by e-mail to a confirmed address (decision 027). Only when the statement before it
 * changed a row (`changes() = 1`), so a decision that lost a race tells no one. Spread it last in
 * the batch (it may add no row: a story without an account). `extra` adds to what the text is
 * made from (why an edit was turned down).
 */
export function storyNote(
  kind: InboxKind,
  storyId: number | "last",
  extra: Record<string, string | null> = {},
) {
  const which = storyId === "last" ? sql`last_insert_rowid()` : sql`${storyId}`;
  return [
    db.run(sql`
      INSERT INTO notifications (user_id, kind, params)
      SELECT s.user_id, ${kind}, json_patch(${STORY_PARAMS}, ${JSON.stringify(extra)})
        FROM stories s
       WHERE s.id = ${which} AND s.user_id IS NOT NULL AND changes() = 1`),
    // The entry just written (changes() = 1 only if it was), by e-mail.
    db.run(sql`
      INSERT OR IGNORE INTO outbox (dedupe_key, channel, recipient, kind, language, params)
      SELECT 'notification:' || n.id || ':email', 'email', u.email, 'inbox', u.language,
             json_object('notification_id', n.id)
        FROM notifications n JOIN users u ON u.id = n.user_id
       WHERE n.id = last_insert_rowid() AND changes() = 1 AND ${mailable("stories")}`),
  ] as const;
}

/** The e-mail copy of the inbox entry just written (only if it was), for a batch. */
const mailLastEntry = () =>
  db.run(sql`
    INSERT OR IGNORE INTO outbox (dedupe_key, channel, recipient, kind, language, params)
    SELECT 'notification:' || n.id || ':email', 'email', u.email, 'inbox', u.language,
           json_object('notification_id', n.id)
      FROM notifications n JOIN users u ON u.id = n.user_id
     WHERE n.id = last_insert_rowid() AND changes() = 1 AND ${mailable("stories")}`);

/**
 * A person is told of something done to their account (a suspension), for the change's own
 * batch: only when the statement before it changed a row, like `storyNote`.
 */
export function accountNote(
  kind: InboxKind,
  userId: string,
  params: Record<string, string | number | null>,
) {
  return [
    db.run(sql`
      INSERT INTO notifications (user_id, kind, params)
      SELECT ${userId}, ${kind}, ${JSON.stringify(params)}
       WHERE changes() = 1 AND EXISTS (SELECT 1 FROM users WHERE id = ${userId})`),
    mailLastEntry(),
  ] as const;
}

/**
 * A comment's author is told it was hidden after reports (with the story it was on and its
 * first words), for the change's own batch, only when the statement before it changed a row.
 */
export function commentHiddenNote(commentId: number) {
  return [
    db.run(sql`
      INSERT INTO notifications (user_id, kind, params)
      SELECT c.user_id, 'comment.hidden',
             json_object('story_id', s.id, 'title', s.title, 'excerpt', substr(c.content, 1, 80))
        FROM comments c JOIN stories s ON s.id = c.story_id
       WHERE c.id = ${commentId} AND c.user_id IS NOT NULL AND changes() = 1`),
    mailLastEntry(),
  ] as const;
}

/** The follower is not suspended at `now`: nothing new reaches a suspended account (issue 42). */
const notSuspended = (now: string) =>
  sql`(u.suspended_until IS NULL OR u.suspended_until <= ${now})`;

/**
 * The followers of a story's author are told it is public (issue 42), for the batch that made it
 * so, after the statement that did. Only when the story is approved at `publishedAt` exactly: a
 * story put back after readers' reports keeps its first approval time, and its followers were
 * told then. Once per follower and story (`dedupe_key`); not to a suspended account. `storyId`
 * is the id, or an expression for one inserted in the same batch.
 */
export function followedStoryNote(storyId: number | SQL, publishedAt: string) {
  return db.run(sql`
    INSERT OR IGNORE INTO notifications (user_id, kind, params, dedupe_key)
    SELECT f.follower_id, 'follow.story',
           json_object('story_id', s.id, 'title', s.title, 'author', s.author),
           'follow:story:' || s.id || ':' || f.follower_id
      FROM stories s
      JOIN author_follows f ON f.author_id = s.user_id
      JOIN users u ON u.id = f.follower_id
     WHERE s.id = ${storyId} AND s.status = 'approved' AND s.approved_at = ${publishedAt}
       AND ${notSuspended(publishedAt)}`);
}

/**
 * The followers of a campaign are told of its new update (issue 42), for the update's batch:
 * `updateId` names the update inserted there. Donors without an account keep their mails
 * (pool-updates.server.ts); this is the inbox of accounts that follow.
 */
export function followedUpdateNote(poolId: number, updateId: SQL, now = new Date().toISOString()) {
  return db.run(sql`
    INSERT OR IGNORE INTO notifications (user_id, kind, params, dedupe_key)
    SELECT f.follower_id, 'follow.update',
           json_object('pool_id', p.id, 'name', p.name, 'update_id', pu.id,
                       'final', pu.is_final),
           'follow:update:' || pu.id || ':' || f.follower_id
      FROM pool_follows f
      JOIN users u ON u.id = f.follower_id
      JOIN donation_pools p ON p.id = f.pool_id
      JOIN pool_updates pu ON pu.id = ${updateId} AND pu.pool_id = p.id
     WHERE f.pool_id = ${poolId} AND ${notSuspended(now)}`);
}

const HOUR_MS = 60 * 60 * 1000;

/**
 * The story's author is told of a new comment, unless they wrote it themselves: an inbox entry
 * each time, and at most one e-mail per story and hour, sent when the hour ends with every
 * comment it collected.
 */
export function commentNote(
  storyId: number,
  commenter: Pick<User, "id" | "username">,
  now = Date.now(),
) {
  const hour = Math.floor(now / HOUR_MS) * HOUR_MS;
  const others = sql`s.id = ${storyId} AND s.user_id IS NOT NULL AND s.user_id <> ${commenter.id}`;
  return [
    db.run(sql`
      INSERT INTO notifications (user_id, kind, params)
      SELECT s.user_id, 'comment.new',
             json_object('story_id', s.id, 'title', s.title, 'by', ${commenter.username})
        FROM stories s
       WHERE ${others}`),
    db.run(sql`
      INSERT OR IGNORE INTO outbox (dedupe_key, channel, recipient, kind, language, params,
                                    next_attempt_at)
      SELECT 'comments:' || s.id || ':' || ${hour}, 'email', u.email, 'comments', u.language,
             json_object('story_id', s.id, 'since', ${new Date(hour).toISOString()}),
             ${new Date(hour + HOUR_MS).toISOString()}
        FROM stories s JOIN users u ON u.id = s.user_id
       WHERE ${others} AND ${mailable("comments")}`),
  ] as const;
}

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * Authors whose featured period ends within a day are told, once per period (the scan runs every
 * minute in the message sender; the key names the story and the period's end).
 */
export async function noteFeaturedEnding(now = Date.now()) {
  const scan = new Date(now).toISOString();
  await db.batch([
    db.run(sql`
      INSERT OR IGNORE INTO notifications (user_id, kind, params, dedupe_key)
      SELECT s.user_id, 'story.featuredEnding', ${STORY_PARAMS},
             'story:' || s.id || ':ending:' || s.expires_at
        FROM stories s
       WHERE s.status = 'approved' AND s.user_id IS NOT NULL
         AND s.expires_at > ${scan}
         AND s.expires_at <= ${new Date(now + DAY_MS).toISOString()}`),
    // Those just written, by e-mail (once: the outbox key names the entry).
    db.run(sql`
      INSERT OR IGNORE INTO outbox (dedupe_key, channel, recipient, kind, language, params)
      SELECT 'notification:' || n.id || ':email', 'email', u.email, 'inbox', u.language,
             json_object('notification_id', n.id)
        FROM notifications n JOIN users u ON u.id = n.user_id
       WHERE n.kind = 'story.featuredEnding'
         AND n.created_at >= strftime('%Y-%m-%dT%H:%M:%fZ', 'now', '-1 hour')
         AND ${mailable("stories")}`),
  ]);
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
  await forgetPaidPayments(items);
  return { items, total, unread, page: current, pageCount };
}

/** What a paid story's "received" entry records of where to pay (storyNote's `extra`). */
const PAYMENT_PARAMS = ["bank", "account", "holder", "amount", "code"];

/**
 * A "received" entry says where to pay only while that payment still waits under that code:
 * once it is verified, the story turned down, or a new code owed, the old details would mislead.
 */
async function forgetPaidPayments(items: InboxEntry[]) {
  const asking = items.filter((i) => i.kind === "story.received" && i.params.code);
  if (asking.length === 0) return;
  const waiting = await db
    .select({ id: stories.id, code: stories.payment_reference })
    .from(stories)
    .where(
      and(
        inArray(
          stories.id,
          asking.map((i) => Number(i.params.story_id)),
        ),
        eq(stories.status, "pending"),
        eq(stories.payment_status, "pending"),
      ),
    );
  const owed = new Set(waiting.map((s) => `${s.id}:${s.code}`));
  for (const item of asking) {
    if (owed.has(`${item.params.story_id}:${item.params.code}`)) continue;
    for (const key of PAYMENT_PARAMS) delete item.params[key];
  }
}

const unreadOf = (userId: string | Column) =>
  and(eq(notifications.user_id, userId), isNull(notifications.read_at));

/** How many of a person's inbox entries are unread, as a column of a larger query. */
export const unreadColumn = (userId: Column) => db.$count(notifications, unreadOf(userId));

export function unreadCount(user: Pick<User, "id">): Promise<number> {
  return db.$count(notifications, unreadOf(user.id));
}

/** Marks every entry of a person's inbox read; answers how many were unread. */
export async function markAllRead(user: Pick<User, "id">): Promise<number> {
  const result = await db
    .update(notifications)
    .set({ read_at: new Date().toISOString() })
    .where(unreadOf(user.id));
  return result.rowsAffected;
}
