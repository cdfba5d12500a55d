import { and, eq, inArray, isNull, sql } from "drizzle-orm";
import { db } from "#db/client";
import { comments, type ReportTarget, reports, stories } from "#db/schema";
import { REPORT_TRUST, REPORTS_TO_HIDE } from "~/constants";
import { auditIfChanged } from "~/models/audit.server";
import { recountComments } from "~/models/comments.server";
import { commentHiddenNote, storyNote } from "~/models/inbox.server";

/**
 * An item taken out of sight by readers' reports before an administrator decides (decisions 030
 * and 048): only when the reports that count reach WEIGHT_TO_HIDE. A report counts its reporter's
 * trust (`reports.weight`), and only one report counts per browser and per address, so a few
 * accounts made in one place, or made a moment ago, hide nothing.
 */

export const WEIGHT_TO_HIDE = REPORTS_TO_HIDE * REPORT_TRUST.WHOLE;

export interface CountedReport {
  id: number;
  weight: number;
  device_hash: string | null;
  address_hash: string | null;
}

/**
 * The reports that count together: the most trusted first, then the oldest, each only if no
 * report counted already came from its browser or its address (an unknown one matches nothing).
 * Greedy, so it may count less than the best choice would, never more.
 */
export function countReports(rows: CountedReport[]) {
  const devices = new Set<string>();
  const addresses = new Set<string>();
  const ids: number[] = [];
  let weight = 0;
  for (const r of [...rows].sort((a, b) => b.weight - a.weight || a.id - b.id)) {
    if (r.weight <= 0) break;
    if (r.device_hash && devices.has(r.device_hash)) continue;
    if (r.address_hash && addresses.has(r.address_hash)) continue;
    if (r.device_hash) devices.add(r.device_hash);
    if (r.address_hash) addresses.add(r.address_hash);
    ids.push(r.id);
    weight += r.weight;
  }
  return { weight, ids };
}

export const openReportsOf = (type: ReportTarget, id: number) =>
  db
    .select({
      id: reports.id,
      weight: reports.weight,
      device_hash: reports.device_hash,
      address_hash: reports.address_hash,
    })
    .from(reports)
    .where(
      and(eq(reports.target_type, type), eq(reports.target_id, id), eq(reports.status, "open")),
    );

/**
 * After a report is stored: hides the item if its open reports now count enough. Read after the
 * report's own write, so of two reports sent at once the later read sees both; the change is
 * conditioned on the counted reports being open still (an administrator may have just dismissed
 * them) and on the item being visible (hidden once, told once).
 */
export async function holdIfEnough(type: ReportTarget, id: number, now: string) {
  const counted = countReports(await openReportsOf(type, id));
  if (counted.weight < WEIGHT_TO_HIDE) return false;
  const stillOpen = sql`(SELECT count(*) FROM reports WHERE status = 'open'
    AND ${inArray(reports.id, counted.ids)}) = ${counted.ids.length}`;
  const details = { weight: counted.weight, reports: counted.ids.length };
  if (type === "story") {
    await db.batch([
      db
        .update(stories)
        .set({ status: "pending", held_at: now })
        .where(and(eq(stories.id, id), eq(stories.status, "approved"), stillOpen)),
      auditIfChanged(null, "story.hold", "story", id, details),
      ...storyNote("story.held", id),
    ]);
    return true;
  }
  await db.batch([
    db
      .update(comments)
      .set({ hidden_at: now })
      .where(and(eq(comments.id, id), isNull(comments.hidden_at), stillOpen)),
    auditIfChanged(null, "comment.hide", "comment", id, details),
    ...commentHiddenNote(id),
    recountComments(sql`(SELECT story_id FROM comments WHERE id = ${id})`),
  ]);
  return true;
}

/**
 * A held story's featured end when it is published again: moved on by the time it was held, so
 * the paid period does not run while readers cannot see it (decision 048). Ended before the hold:
 * unchanged. julianday keeps milliseconds exactly at these magnitudes.
 */
export const featuredEndAfterHold = (now: string) => sql`CASE
  WHEN ${stories.held_at} IS NOT NULL AND ${stories.expires_at} > ${stories.held_at}
  THEN strftime('%Y-%m-%dT%H:%M:%fZ',
    julianday(${stories.expires_at}) + julianday(${now}) - julianday(${stories.held_at}))
  ELSE ${stories.expires_at} END`;
