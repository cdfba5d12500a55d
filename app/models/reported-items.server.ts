import { and, eq, sql } from "drizzle-orm";
import { db } from "#db/client";
import { type ReportTarget, reports, stories, users } from "#db/schema";
import { countReports, WEIGHT_TO_HIDE } from "~/models/report-holds.server";
import { itemOf } from "~/models/reports.server";

/** The Reports tab and GET /api/reports (issue 18): items with open reports and their reports. */

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
  /**
   * What the open reports count toward hiding it, in halves of a report (decision 048), and what
   * takes it out of sight without an administrator.
   */
  weight: number;
  weight_to_hide: number;
  author: { id: string | null; username: string | null; suspended_until: string | null };
  reports: {
    id: number;
    reason: string;
    note: string | null;
    reporter: string | null;
    created_at: string;
    /** The reporter's trust when they reported: 0, 1 (half a report) or 2. */
    weight: number;
    /** False when it weighs nothing, or another report from its browser or address counts. */
    counted: boolean;
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
      weight: reports.weight,
      device_hash: reports.device_hash,
      address_hash: reports.address_hash,
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
  const counted = countReports(list);
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
    weight: counted.weight,
    weight_to_hide: WEIGHT_TO_HIDE,
    author: {
      id: author?.id ?? null,
      username: author?.username ?? null,
      suspended_until: until && until > now.toISOString() ? until : null,
    },
    reports: list.map(({ target_user_id: _, device_hash: _d, address_hash: _a, ...r }) => ({
      ...r,
      counted: counted.ids.includes(r.id),
    })),
  };
}
