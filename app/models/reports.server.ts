import { and, eq, isNull, sql } from "drizzle-orm";
import { db } from "#db/client";
import { comments, type ReportTarget, reports, stories } from "#db/schema";
import { REPORTS_PER_HOUR } from "~/constants";
import { HttpError, parseOrThrow } from "~/http/http.server";
import { hitOrRefuse } from "~/http/rate-limit.server";
import { holdIfEnough } from "~/models/report-holds.server";
import { type ReportOrigin, reporterWeight } from "~/models/report-trust.server";
import { refuseSuspended } from "~/models/suspension.server";
import type { User } from "~/models/users.server";
import { ReportSchema } from "~/schemas/report";

/**
 * Readers' reports and the administrators' decisions on them (issue 18, decision 030).
 *
 * A signed-in reader reports a published story or a visible comment once. Each report weighs its
 * reporter's trust (decision 048, app/models/report-trust.server.ts); once the reports that
 * count reach WEIGHT_TO_HIDE, the item is taken out of sight until an administrator decides
 * (app/models/report-holds.server.ts): a story goes back to review (`pending`, `held_at` set), a
 * comment is hidden (`hidden_at`). An administrator's decision (hide, delete, dismiss, suspend the
 * author) resolves every open report of the item in one batch with the change, its audit row and
 * the author's inbox entry (app/models/report-decisions.server.ts); the Reports tab lists them
 * all, whatever they weigh (app/models/reported-items.server.ts).
 */

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

/**
 * A signed-in reader reports a story or a comment: not their own, once per item (a second
 * report is a 409 that changes nothing), at most REPORTS_PER_HOUR an hour, not while suspended.
 * `origin` is where it was sent from (`reportOrigin(request)`), so one browser or address counts
 * once.
 */
export async function reportItem(
  user: Pick<User, "id" | "username">,
  input: unknown,
  origin: ReportOrigin,
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
  await hitOrRefuse(
    { key: `report:user:${user.id}`, max: REPORTS_PER_HOUR, windowMs: HOUR_MS },
    "reports.errors.tooMany",
  );
  const at = now.toISOString();
  const inserted = await db
    .insert(reports)
    .values({
      target_type: value.target_type,
      target_id: value.target_id,
      target_user_id: item.userId,
      reporter_id: user.id,
      reason: value.reason,
      note: value.note ?? null,
      weight: await reporterWeight(user.id, now),
      device_hash: origin.device,
      address_hash: origin.address,
      created_at: at,
    })
    .onConflictDoNothing()
    .returning({ id: reports.id, created_at: reports.created_at });
  // Sent twice at once: the unique index kept one, and the other is told as a second report is.
  const row = inserted[0];
  if (!row) throw new HttpError(409, "reports.errors.already");
  await holdIfEnough(value.target_type, value.target_id, at);
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

/** A reported item as the decisions and the Reports tab need it, whatever its state. */
export interface ItemRow {
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

export async function itemOf(type: ReportTarget, id: number): Promise<ItemRow | null> {
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
