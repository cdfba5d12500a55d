import { and, eq, isNull, type SQL, sql } from "drizzle-orm";
import { db } from "#db/client";
import {
  comments,
  type ReportOutcome,
  type ReportTarget,
  reports,
  stories,
  users,
} from "#db/schema";
import { REPORTS_PER_HOUR, REPORTS_TO_HIDE, SUSPEND_DAYS } from "~/constants";
import { recountComments } from "~/models/comments.server";
import { commentHiddenNote, storyNote } from "~/models/inbox.server";
import { refuseSuspended, suspendStatements } from "~/models/suspension.server";
import type { User } from "~/models/users.server";
import { ReportSchema } from "~/schemas/report";
import { HttpError, parseOrThrow } from "~/utils/http.server";
import { hitLimit } from "~/utils/rate-limit.server";

/**
 * Readers' reports and the administrators' decisions on them (issue 18, decision 030).
 *
 * A signed-in reader reports a published story or a visible comment once; reports from
 * REPORTS_TO_HIDE different readers take the item out of sight until an administrator decides:
 * a story goes back to review (`pending`, `held_at` set), a comment is hidden (`hidden_at`). An
 * administrator's decision (hide, delete, dismiss, suspend the author) resolves every open report
 * of the item in one batch with the change, its audit row and the author's inbox entry.
 */

type Admin = Pick<User, "id" | "username">;

const HOUR_MS = 60 * 60 * 1000;

/** The item as a reader may see it (else 404), with its author's account. */
async function visibleItem(type: ReportTarget, id: number) {
  if (type === "story") {
    const story = await db.query.stories.findFirst({
      where: and(eq(stories.id, id), eq(stories.status, "approved")),
      columns: { id: true, user_id: true },
    });
    if (!story) throw new HttpError(404, "errors.storyNotFound");
    return { userId: story.user_id };
  }
  const [comment] = await db
    .select({ id: comments.id, user_id: comments.user_id })
    .from(comments)
    .innerJoin(stories, eq(stories.id, comments.story_id))
    .where(and(eq(comments.id, id), isNull(comments.hidden_at), eq(stories.status, "approved")));
  if (!comment) throw new HttpError(404, "errors.commentNotFound");
  return { userId: comment.user_id };
}

const openReportsOf = (type: ReportTarget, id: number) =>
  sql`(SELECT count(*) FROM reports r
        WHERE r.target_type = ${type} AND r.target_id = ${id} AND r.status = 'open')`;

/** The audit row of an automatic change (no actor), only when the statement before changed a row. */
const autoAudit = (action: string, type: ReportTarget, id: number, details: object) =>
  db.run(sql`
    INSERT INTO audit_log (actor_id, actor_username, action, entity_type, entity_id, details)
    SELECT NULL, NULL, ${action}, ${type}, ${String(id)}, ${JSON.stringify(details)}
     WHERE changes() = 1`);

/**
 * Three strikes: once REPORTS_TO_HIDE readers have open reports on the item, it leaves the
 * public pages; the author is told. For the report's own batch.
 */
function strikeStatements(type: ReportTarget, id: number, now: string) {
  const enough = sql`${openReportsOf(type, id)} >= ${REPORTS_TO_HIDE}`;
  if (type === "story") {
    return [
      db
        .update(stories)
        .set({ status: "pending", held_at: now })
        .where(and(eq(stories.id, id), eq(stories.status, "approved"), enough)),
      autoAudit("story.hold", "story", id, { reports: REPORTS_TO_HIDE }),
      ...storyNote("story.held", id),
    ];
  }
  return [
    db
      .update(comments)
      .set({ hidden_at: now })
      .where(and(eq(comments.id, id), isNull(comments.hidden_at), enough)),
    autoAudit("comment.hide", "comment", id, { reports: REPORTS_TO_HIDE }),
    ...commentHiddenNote(id),
    recountComments(sql`(SELECT story_id FROM comments WHERE id = ${id})`),
  ];
}

/**
 * A signed-in reader reports a story or a comment: not their own, once per item (a second
 * report is a 409 that changes nothing), at most REPORTS_PER_HOUR an hour, not while suspended.
 */
export async function reportItem(
  user: Pick<User, "id" | "username">,
  input: unknown,
  now = new Date(),
) {
  const value = parseOrThrow(ReportSchema, input);
  await refuseSuspended(user, now);
  const item = await visibleItem(value.target_type, value.target_id);
  if (item.userId === user.id) throw new HttpError(403, "reports.errors.ownItem");
  const mine = and(
    eq(reports.target_type, value.target_type),
    eq(reports.target_id, value.target_id),
    eq(reports.reporter_id, user.id),
  );
  if (await db.query.reports.findFirst({ where: mine, columns: { id: true } }))
    throw new HttpError(409, "reports.errors.already");
  const limit = await hitLimit({
    key: `report:user:${user.id}`,
    max: REPORTS_PER_HOUR,
    windowMs: HOUR_MS,
  });
  if (!limit.allowed) {
    throw new HttpError(429, "reports.errors.tooMany", undefined, {
      "Retry-After": String(limit.retryAfterSeconds),
    });
  }
  const at = now.toISOString();
  const [inserted] = await db.batch([
    db
      .insert(reports)
      .values({
        target_type: value.target_type,
        target_id: value.target_id,
        target_user_id: item.userId,
        reporter_id: user.id,
        reason: value.reason,
        note: value.note ?? null,
        created_at: at,
      })
      .onConflictDoNothing()
      .returning({ id: reports.id, created_at: reports.created_at }),
    ...strikeStatements(value.target_type, value.target_id, at),
  ]);
  // Sent twice at once: the unique index kept one, and the other is told as a second report is.
  const row = inserted[0];
  if (!row) throw new HttpError(409, "reports.errors.already");
  return {
    id: row.id,
    target_type: value.target_type,
    target_id: value.target_id,
    reason: value.reason,
    created_at: row.created_at,
  };
}

/** The items the reader has reported among a story and its comments (to show them as reported). */
export async function reportedByReader(userId: string, storyId: number, commentIds: number[]) {
  const rows = await db
    .select({ type: reports.target_type, id: reports.target_id })
    .from(reports)
    .where(
      and(
        eq(reports.reporter_id, userId),
        sql`((${reports.target_type} = 'story' AND ${reports.target_id} = ${storyId})
          OR (${reports.target_type} = 'comment' AND ${reports.target_id} IN
              (SELECT id FROM comments WHERE story_id = ${storyId})))`,
      ),
    );
  const ids = new Set(commentIds);
  return {
    story: rows.some((r) => r.type === "story"),
    comments: rows.filter((r) => r.type === "comment" && ids.has(r.id)).map((r) => r.id),
  };
}

// ————— The administrators' side —————

export const REPORT_ACTIONS = ["hide", "delete", "dismiss", "suspend"] as const;
export type ReportAction = (typeof REPORT_ACTIONS)[number];

export interface ReportDecision {
  action: ReportAction;
  /** For `suspend`: 1, 7 or 30 days, or null for good. */
  suspend_days?: number | null;
  /** For `suspend`: also hide the item. */
  hide?: boolean;
}

const OUTCOME: Record<ReportAction, ReportOutcome> = {
  hide: "hidden",
  delete: "deleted",
  dismiss: "dismissed",
  suspend: "suspended",
};

interface ItemRow {
  type: ReportTarget;
  id: number;
  userId: string | null;
  title: string;
  storyId: number;
  status: string;
  held: boolean;
  hidden: boolean;
  /** A comment's text. */
  content: string | null;
}

async function itemOf(type: ReportTarget, id: number): Promise<ItemRow | null> {
  if (type === "story") {
    const s = await db.query.stories.findFirst({
      where: eq(stories.id, id),
      columns: { id: true, user_id: true, title: true, status: true, held_at: true },
    });
    if (!s) return null;
    return {
      type,
      id,
      userId: s.user_id,
      title: s.title,
      storyId: s.id,
      status: s.status,
      held: s.held_at !== null,
      hidden: s.status === "rejected",
      content: null,
    };
  }
  const [c] = await db
    .select({
      user_id: comments.user_id,
      story_id: comments.story_id,
      hidden_at: comments.hidden_at,
      content: comments.content,
      title: stories.title,
      status: stories.status,
    })
    .from(comments)
    .innerJoin(stories, eq(stories.id, comments.story_id))
    .where(eq(comments.id, id));
  if (!c) return null;
  return {
    type,
    id,
    userId: c.user_id,
    title: c.content.slice(0, 200),
    storyId: c.story_id,
    status: c.status,
    held: c.hidden_at !== null,
    hidden: c.hidden_at !== null,
    content: c.content,
  };
}

/** Hides the item for good (until an administrator decides otherwise); the author is told. */
function hideStatements(item: ItemRow, claimed: SQL, now: string) {
  if (item.type === "story") {
    // Rejected with the reason "reported": the author sees why, and may edit and send it again.
    return [
      db
        .update(stories)
        .set({
          status: "rejected",
          held_at: null,
          rejected_at: now,
          rejection_reason: "reported",
          rejection_note: null,
        })
        .where(and(eq(stories.id, item.id), sql`${stories.status} <> 'rejected'`, claimed)),
      ...storyNote("story.hidden", item.id),
    ];
  }
  return [
    db
      .update(comments)
      .set({ hidden_at: now })
      .where(and(eq(comments.id, item.id), isNull(comments.hidden_at), claimed)),
    ...commentHiddenNote(item.id),
    recountComments(item.storyId),
  ];
}

function deleteStatements(item: ItemRow, claimed: SQL, admin: Admin, now: string) {
  if (item.type === "story") {
    return [
      // Its comments go with it: their open reports are settled by the same decision.
      db
        .update(reports)
        .set({ status: "resolved", outcome: "deleted", resolved_at: now, resolved_by: admin.id })
        .where(
          and(
            eq(reports.target_type, "comment"),
            eq(reports.status, "open"),
            sql`${reports.target_id} IN (SELECT id FROM comments WHERE story_id = ${item.id})`,
            claimed,
          ),
        ),
      db.delete(stories).where(and(eq(stories.id, item.id), claimed)),
    ];
  }
  return [
    db.delete(comments).where(and(eq(comments.id, item.id), claimed)),
    recountComments(item.storyId),
  ];
}

/** Dismissed reports put back what three strikes took away: the story is published again as it was. */
function dismissStatements(item: ItemRow, claimed: SQL) {
  if (item.type === "story") {
    return [
      db
        .update(stories)
        .set({ status: "approved", held_at: null })
        .where(
          and(
            eq(stories.id, item.id),
            eq(stories.status, "pending"),
            sql`${stories.held_at} IS NOT NULL`,
            claimed,
          ),
        ),
    ];
  }
  return [
    db
      .update(comments)
      .set({ hidden_at: null })
      .where(and(eq(comments.id, item.id), claimed)),
    recountComments(item.storyId),
  ];
}

/** 1, 7 or 30 days, or null for good; left out is a 400 (for good is never a default). */
function suspendDays(value: unknown): number | null {
  if (value === null || value === "forever") return null;
  const days = Number(value);
  if (value === undefined || !SUSPEND_DAYS.includes(days as never)) {
    const message = "admin:reports.errors.suspendDays";
    throw new HttpError(400, message, { suspend_days: [message] });
  }
  return days;
}

/**
 * An administrator decides on the item report `reportId` names: every open report of that item is
 * resolved with the outcome, in one batch with the change, the activity log and the author's
 * inbox. Decided already (the report is resolved, or another administrator was first): 409.
 */
export async function decideReport(
  reportId: number,
  admin: Admin,
  decision: ReportDecision,
  now = new Date(),
) {
  const report = await db.query.reports.findFirst({ where: eq(reports.id, reportId) });
  if (!report) throw new HttpError(404, "admin:reports.errors.notFound");
  if (report.status !== "open") throw new HttpError(409, "admin:reports.errors.decided");
  const days = decision.action === "suspend" ? suspendDays(decision.suspend_days) : null;
  const item = await itemOf(report.target_type, report.target_id);
  // The item is gone (its story was deleted): only closing the reports is left.
  if (!item && decision.action !== "dismiss" && decision.action !== "suspend")
    throw new HttpError(409, "admin:reports.errors.itemGone");
  const authorId = item?.userId ?? report.target_user_id;
  if (decision.action === "suspend" && !authorId)
    throw new HttpError(409, "admin:reports.errors.noAuthor");
  const at = now.toISOString();
  const outcome = OUTCOME[decision.action];
  const ofItem = and(
    eq(reports.target_type, report.target_type),
    eq(reports.target_id, report.target_id),
  );
  // This decision's claim: the item's open reports, resolved by this administrator at this time.
  // Every change below is conditioned on it, so a decision that lost its race changes nothing.
  const claimed = sql`EXISTS (SELECT 1 FROM reports WHERE target_type = ${report.target_type}
    AND target_id = ${report.target_id} AND resolved_by = ${admin.id} AND resolved_at = ${at})`;
  const details = {
    item: report.target_type,
    item_id: report.target_id,
    ...(item ? { title: item.title.slice(0, 120), story_id: item.storyId } : {}),
  };
  const changes = !item
    ? []
    : decision.action === "hide" || (decision.action === "suspend" && decision.hide)
      ? hideStatements(item, claimed, at)
      : decision.action === "delete"
        ? deleteStatements(item, claimed, admin, at)
        : decision.action === "dismiss"
          ? dismissStatements(item, claimed)
          : [];
  const [resolved] = await db.batch([
    db
      .update(reports)
      .set({ status: "resolved", outcome, resolved_at: at, resolved_by: admin.id })
      .where(and(ofItem, eq(reports.status, "open"))),
    ...changes,
    db.run(sql`
      INSERT INTO audit_log (actor_id, actor_username, action, entity_type, entity_id, details)
      SELECT ${admin.id}, ${admin.username}, ${`report.${decision.action}`},
             ${report.target_type}, ${String(report.target_id)},
             ${JSON.stringify({ ...details, ...(decision.hide ? { hide: true } : {}) })}
       WHERE ${claimed}`),
    ...(decision.action === "suspend" && authorId
      ? suspendStatements(authorId, days, admin, details, now, claimed)
      : []),
  ]);
  if (resolved.rowsAffected === 0) throw new HttpError(409, "admin:reports.errors.decided");
  return {
    id: reportId,
    target_type: report.target_type,
    target_id: report.target_id,
    action: decision.action,
    resolved: resolved.rowsAffected,
  };
}

export const REPORTS_PAGE_SIZE = 10;

export interface ReportedItem {
  target_type: ReportTarget;
  target_id: number;
  /** The oldest open report's id: the one the decision forms and PATCH /api/reports/{id} name. */
  report_id: number;
  open_reports: number;
  first_reported_at: string;
  /** Gone when the item was deleted meanwhile (with its story). */
  exists: boolean;
  story_id: number | null;
  story_title: string | null;
  /** A comment's text; null for a story. */
  content: string | null;
  /** published | held (three strikes) | hidden | pending | rejected | gone */
  state: string;
  author: { id: string | null; username: string | null; suspended_until: string | null };
  reports: {
    id: number;
    reason: string;
    note: string | null;
    reporter: string | null;
    created_at: string;
  }[];
}

/** Items with open reports, the most reported first, then the oldest; a page at a time. */
export async function listReportedItems(page = 1, pageSize = REPORTS_PAGE_SIZE, now = new Date()) {
  const [{ total } = { total: 0 }] = await db.all<{ total: number }>(sql`
    SELECT count(*) AS total FROM (SELECT 1 FROM reports WHERE status = 'open'
     GROUP BY target_type, target_id)`);
  const pageCount = Math.max(1, Math.ceil(Number(total) / pageSize));
  const groups = await db.all<{
    target_type: ReportTarget;
    target_id: number;
    report_id: number;
    n: number;
    first: string;
  }>(sql`
    SELECT target_type, target_id, min(id) AS report_id, count(*) AS n, min(created_at) AS first
      FROM reports WHERE status = 'open'
     GROUP BY target_type, target_id
     ORDER BY n DESC, first ASC, report_id ASC
     LIMIT ${pageSize} OFFSET ${(Math.max(1, page) - 1) * pageSize}`);
  const items = await Promise.all(groups.map((g) => describeItem(g, now)));
  return { items, total: Number(total), page, pageCount };
}

async function describeItem(
  g: { target_type: ReportTarget; target_id: number; report_id: number; n: number; first: string },
  now: Date,
): Promise<ReportedItem> {
  const list = await db
    .select({
      id: reports.id,
      reason: reports.reason,
      note: reports.note,
      reporter: users.username,
      created_at: reports.created_at,
      target_user_id: reports.target_user_id,
    })
    .from(reports)
    .leftJoin(users, eq(users.id, reports.reporter_id))
    .where(
      and(
        eq(reports.target_type, g.target_type),
        eq(reports.target_id, g.target_id),
        eq(reports.status, "open"),
      ),
    )
    .orderBy(reports.created_at, reports.id);
  const item = await itemOf(g.target_type, g.target_id);
  const authorId = item?.userId ?? list[0]?.target_user_id ?? null;
  const author = authorId
    ? await db.query.users.findFirst({
        where: eq(users.id, authorId),
        columns: { id: true, username: true, suspended_until: true },
      })
    : undefined;
  const story =
    item && g.target_type === "comment"
      ? await db.query.stories.findFirst({
          where: eq(stories.id, item.storyId),
          columns: { title: true },
        })
      : undefined;
  const until = author?.suspended_until ?? null;
  return {
    target_type: g.target_type,
    target_id: g.target_id,
    report_id: Number(g.report_id),
    open_reports: Number(g.n),
    first_reported_at: g.first,
    exists: Boolean(item),
    story_id: item?.storyId ?? null,
    story_title: g.target_type === "story" ? (item?.title ?? null) : (story?.title ?? null),
    content: item?.content ?? null,
    state: !item
      ? "gone"
      : item.type === "comment"
        ? item.hidden
          ? "hidden"
          : "published"
        : item.held
          ? "held"
          : item.status === "approved"
            ? "published"
            : item.status,
    author: {
      id: author?.id ?? null,
      username: author?.username ?? null,
      suspended_until: until && until > now.toISOString() ? until : null,
    },
    reports: list.map(({ target_user_id: _, ...r }) => r),
  };
}

/** How many items wait for a decision, for the tab's badge. */
export async function openReportedItems(): Promise<number> {
  const [row] = await db.all<{ n: number }>(sql`
    SELECT count(*) AS n FROM (SELECT 1 FROM reports WHERE status = 'open'
     GROUP BY target_type, target_id)`);
  return Number(row?.n ?? 0);
}

/**
 * What the /report page shows of the item a reader means to report: its story's title and, for a
 * comment, its author and first words; whether it is the reader's own or reported already. An
 * item the reader cannot see is a 404.
 */
export async function reportableItem(type: ReportTarget, id: number, user: Pick<User, "id">) {
  await visibleItem(type, id);
  const item = (await itemOf(type, id))!;
  const story = await db.query.stories.findFirst({
    where: eq(stories.id, item.storyId),
    columns: { title: true },
  });
  const mine = await db.query.reports.findFirst({
    where: and(
      eq(reports.target_type, type),
      eq(reports.target_id, id),
      eq(reports.reporter_id, user.id),
    ),
    columns: { id: true },
  });
  const author =
    type === "comment"
      ? await db.query.comments.findFirst({ where: eq(comments.id, id), columns: { author: true } })
      : null;
  return {
    type,
    id,
    story_id: item.storyId,
    story_title: story?.title ?? "",
    comment_author: author?.author ?? null,
    excerpt: item.content ? item.content.slice(0, 280) : null,
    own: item.userId === user.id,
    reported: Boolean(mine),
  };
}

/** Where a report of the item leads back to: the story page, at the comment when it is one. */
export async function reportReturnPath(type: ReportTarget, id: number) {
  if (type === "story") return `/stories/${id}`;
  const row = await db.query.comments.findFirst({
    where: eq(comments.id, id),
    columns: { story_id: true },
  });
  return row ? `/stories/${row.story_id}#comment-${id}` : "/";
}
