import { and, eq, isNull, type SQL, sql } from "drizzle-orm";
import { db } from "#db/client";
import { comments, type ReportOutcome, reports, stories } from "#db/schema";
import { SUSPEND_DAYS } from "~/constants";
import { HttpError } from "~/http/http.server";
import { auditStatement } from "~/models/audit.server";
import { recountComments } from "~/models/comments.server";
import { commentHiddenNote, storyNote } from "~/models/inbox.server";
import { featuredEndAfterHold } from "~/models/report-holds.server";
import { type ItemRow, itemOf } from "~/models/reports.server";
import { suspendStatements } from "~/models/suspension.server";
import type { User } from "~/models/users.server";

/**
 * The administrators' decisions on reported items (issue 18, decision 030): hide, delete,
 * dismiss, or suspend the author. Each resolves every open report of the item in one batch with
 * the change, its audit row and the author's inbox entry.
 */

type Admin = Pick<User, "id" | "username">;

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
        .set({
          status: "resolved",
          outcome: "deleted",
          resolved_at: now,
          resolved_by: admin.id,
          device_hash: null,
          address_hash: null,
        })
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

/**
 * Dismissed reports put back what readers' reports took away: the story is published again as it
 * was, its featured period moved on by the time it was held (decision 048).
 */
function dismissStatements(item: ItemRow, claimed: SQL, now: string) {
  if (item.type === "story") {
    return [
      db
        .update(stories)
        .set({ status: "approved", expires_at: featuredEndAfterHold(now), held_at: null })
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
          ? dismissStatements(item, claimed, at)
          : [];
  const [resolved] = await db.batch([
    db
      .update(reports)
      // Where the reports came from mattered only while they were open (decision 048).
      .set({
        status: "resolved",
        outcome,
        resolved_at: at,
        resolved_by: admin.id,
        device_hash: null,
        address_hash: null,
      })
      .where(and(ofItem, eq(reports.status, "open"))),
    ...changes,
    auditStatement({
      actor: admin,
      action: `report.${decision.action}`,
      entityType: report.target_type,
      entityId: report.target_id,
      details: { ...details, ...(decision.hide ? { hide: true } : {}) },
      where: claimed,
    }),
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
