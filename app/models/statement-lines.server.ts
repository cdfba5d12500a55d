import { sql } from "drizzle-orm";
import { db } from "#db/client";
import type { Actor } from "~/models/audit.server";

/**
 * The part a bank-statement line plays in a verification (issue 7). A verification that comes
 * from a statement line adds these statements to its own batch: the status change happens only
 * while the line is still open, and the line is claimed in the same transaction. So a line pays
 * for one thing only, and a pledge is credited once, whichever button or line came first.
 */

export interface LineClaim {
  id: number;
  booked_on: string;
  amount: number;
  description: string;
}

export type LineTargetKind = "pool" | "general" | "story";

/** The condition for the status change: the line has not been used (or set aside) meanwhile. */
export const lineIsOpen = (line: LineClaim) =>
  sql`EXISTS (SELECT 1 FROM statement_lines WHERE id = ${line.id} AND status = 'open')`;

/** Marks the line as what paid for the target, only if the statement before it changed a row. */
export const claimLine = (
  line: LineClaim,
  target: { kind: LineTargetKind; id: number },
  actor: Actor,
) =>
  db.run(sql`
    UPDATE statement_lines
       SET status = 'confirmed', target_kind = ${target.kind}, target_id = ${target.id},
           decided_at = ${new Date().toISOString()}, decided_by = ${actor.id}
     WHERE id = ${line.id} AND status = 'open' AND changes() = 1`);

/** What the audit row says about the line. */
export const lineDetails = (line: LineClaim) => ({
  statement_line: {
    id: line.id,
    booked_on: line.booked_on,
    amount: line.amount,
    description: line.description,
  },
});
