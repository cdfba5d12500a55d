import { sql } from "drizzle-orm";
import { db } from "#db/client";
import { statementLines } from "#db/schema";
import { HttpError } from "~/http/http.server";
import { findCodes, foldForMatching } from "~/lib/payment-code.server";
import { auditIfChanged } from "~/models/audit.server";
import { decideDonation } from "~/models/donation-decide.server";
import { verifyStoryPayment } from "~/models/moderation.server";
import { confirmMonthlyLine } from "~/models/monthly-statement.server";
import type { LineClaim, LineTargetKind } from "~/models/statement-lines.server";
import type { User } from "~/models/users.server";
import { z } from "~/schemas/zod";

/**
 * Matching open statement lines with what is waiting for money (issue 7): pending pool pledges,
 * pending site donations and unpaid premium stories. Matches are worked out on every view, from
 * the lines and the pending items as they are now, so they are never stale; only a confirmation
 * is stored, and it goes through the same exactly-once calls as the manual buttons. A monthly
 * donor's own code (issue 43, decision 062) is matched like any code, but names a monthly gift
 * rather than one pending item: each line carrying it becomes a new gift of its month.
 */

type Admin = Pick<User, "id" | "username">;

/** What a line may pay for: a pending item, or a monthly gift (its id) whose month it becomes. */
export type TargetKind = LineTargetKind | "monthly";
type MonthlyStatus = "active" | "paused" | "stopped";

export interface Target {
  kind: TargetKind;
  id: number;
  /** What the payer owes: the pledge, the donation, the story's price, a month's promise. */
  amount: number;
  /** Our code ("X482913", "M123456"), or the story's six digits. */
  code: string | null;
  /** The reference the donor typed into the form. */
  donor_reference: string | null;
  name: string;
  /** The pool's name, or the story's title. */
  label: string | null;
  pool_id: number | null;
  submitted_at: string;
  /** A monthly gift's status: a stopped one's transfer is for a person to decide. */
  monthly_status?: MonthlyStatus;
}

export interface OpenLine {
  id: number;
  import_id: number;
  booked_on: string;
  amount: number;
  description: string;
  counterparty: string | null;
  account: string | null;
  bank_reference: string | null;
}

export type PartialReason = "amount" | "several" | "noReference" | "taken" | "stopped";

export interface MatchedLine {
  line: OpenLine;
  group: "exact" | "partial" | "unmatched";
  /** Exact: the one target. Partial: the possibilities for a person to choose from. */
  candidates: Target[];
  reason?: PartialReason;
}

/** A donor's own reference counts only when it is long enough not to appear by chance. */
const MIN_DONOR_REFERENCE = 5;
/** "Amount and date right": the transfer within this many days of the pledge, either way. */
const DATE_WINDOW_DAYS = 3;
const DAY_MS = 86_400_000;

export async function pendingTargets(): Promise<Target[]> {
  const rows = await db.all<Target>(sql`
    SELECT 'pool' AS kind, d.id, d.amount, d.payment_code AS code,
           d.transaction_reference AS donor_reference, d.donor_name AS name, p.name AS label,
           d.pool_id, d.donation_date AS submitted_at
      FROM pool_donations d JOIN donation_pools p ON p.id = d.pool_id
     WHERE d.status = 'pending'
    UNION ALL
    SELECT 'general', id, amount, payment_code, transaction_reference, donor_name, NULL, NULL,
           donation_date
      FROM donations WHERE status = 'pending'
    UNION ALL
    SELECT 'story', id, price, payment_reference, NULL, author, title, NULL, submitted_at
      FROM stories
     WHERE pricing_tier <> 'free' AND payment_status = 'pending' AND status = 'pending'
    ORDER BY submitted_at, id`);
  return rows.map((r) => ({ ...r, id: Number(r.id), amount: Number(r.amount) }));
}

export async function openLines(limit = 500): Promise<OpenLine[]> {
  const rows = await db.all<OpenLine>(sql`
    SELECT id, import_id, booked_on, amount, description, counterparty, account, bank_reference
      FROM statement_lines WHERE status = 'open'
     ORDER BY booked_on, id LIMIT ${limit}`);
  return rows.map((r) => ({ ...r, id: Number(r.id), amount: Number(r.amount) }));
}

/** How many monthly gifts the screen's "choose by hand" list offers after the pending items. */
const MONTHLY_CHOICES = 300;

/**
 * Monthly gifts as targets: those whose codes the lines carry, whatever their status, and (for
 * choosing by hand) the newest ones still giving.
 */
export async function monthlyTargets(
  lines: Pick<OpenLine, "description" | "bank_reference">[],
  giving = 0,
): Promise<Target[]> {
  const codes = [
    ...new Set(
      lines
        .flatMap((line) =>
          findCodes(`${line.description} ${line.bank_reference ?? ""}`).codes.filter(
            (c) => c.kind === "monthly",
          ),
        )
        .map((c) => c.code),
    ),
  ];
  const select = sql`
    SELECT 'monthly' AS kind, g.id, g.amount, g.payment_code AS code, NULL AS donor_reference,
           g.donor_name AS name, p.name AS label, g.pool_id, g.created_at AS submitted_at,
           g.status AS monthly_status
      FROM monthly_gifts g LEFT JOIN donation_pools p ON p.id = g.pool_id`;
  const [named, open] = await Promise.all([
    codes.length
      ? db.all<Target>(
          sql`${select} WHERE g.payment_code IN (${sql.join(
            codes.map((c) => sql`${c}`),
            sql`, `,
          )})`,
        )
      : [],
    giving > 0
      ? db.all<Target>(sql`${select} WHERE g.status <> 'stopped'
          ORDER BY g.created_at DESC, g.id DESC LIMIT ${giving}`)
      : [],
  ]);
  const byId = new Map<number, Target>();
  for (const r of [...named, ...open]) {
    byId.set(Number(r.id), {
      ...r,
      id: Number(r.id),
      amount: Number(r.amount),
      pool_id: r.pool_id === null ? null : Number(r.pool_id),
    });
  }
  return [...byId.values()];
}

const folded = (value: string | null) => (value ? foldForMatching(value).replace(/\s+/g, "") : "");

/** The targets whose reference the line carries: our code, the story's digits, or the donor's own. */
function byReference(line: OpenLine, targets: Target[]): Target[] {
  const text = `${line.description} ${line.bank_reference ?? ""}`;
  const { codes, bare } = findCodes(text);
  const wanted = new Set(codes.map((c) => c.code));
  const storyDigits = new Set([
    ...bare,
    ...codes.filter((c) => c.kind === "story").map((c) => c.code.slice(1)),
  ]);
  const haystack = folded(text);
  return targets.filter((t) => {
    if (t.kind === "story") return t.code !== null && storyDigits.has(t.code);
    if (t.kind === "monthly") return t.code !== null && wanted.has(t.code);
    if (t.code && wanted.has(t.code)) return true;
    const own = folded(t.donor_reference);
    return own.length >= MIN_DONOR_REFERENCE && haystack.includes(own);
  });
}

const daysApart = (a: string, b: string) =>
  Math.abs(Date.parse(a.slice(0, 10)) - Date.parse(b.slice(0, 10))) / DAY_MS;

/**
 * The three groups. Exact: the reference and the amount agree, and no other line claims the same
 * target exactly (a second transfer quoting one pledge is a human's call). Partial: the reference
 * is right but the amount is not, or it fits several; or there is no reference but the amount and
 * the date fit. Unmatched: nothing fits. A monthly gift's code is never "taken": every transfer
 * carrying it is a gift of its month; a stopped gift's transfer is partial (decision 062), and
 * monthly gifts are not offered by amount and date, having no pending item to fit.
 */
export function matchLines(lines: OpenLine[], targets: Target[]): MatchedLine[] {
  const claimed = new Set<string>();
  const key = (t: Target) => `${t.kind}:${t.id}`;
  return lines.map((line) => {
    const referenced = byReference(line, targets);
    if (referenced.length > 0) {
      const exact = referenced.filter((t) => t.amount === line.amount);
      if (exact.length === 1 && referenced.length === 1) {
        const target = exact[0]!;
        if (target.kind === "monthly") {
          return target.monthly_status === "stopped"
            ? { line, group: "partial", candidates: [target], reason: "stopped" }
            : { line, group: "exact", candidates: [target] };
        }
        if (!claimed.has(key(target))) {
          claimed.add(key(target));
          return { line, group: "exact", candidates: [target] };
        }
        return { line, group: "partial", candidates: [target], reason: "taken" };
      }
      return {
        line,
        group: "partial",
        candidates: referenced,
        reason: exact.length === 0 ? "amount" : "several",
      };
    }
    const byAmountAndDate = targets.filter(
      (t) =>
        t.kind !== "monthly" &&
        t.amount === line.amount &&
        daysApart(t.submitted_at, line.booked_on) <= DATE_WINDOW_DAYS,
    );
    if (byAmountAndDate.length > 0) {
      return { line, group: "partial", candidates: byAmountAndDate, reason: "noReference" };
    }
    return { line, group: "unmatched", candidates: [] };
  });
}

/** A gift or story payment QPay already confirmed (issue 39): what a statement line may repeat. */
export interface QpayPaidTarget {
  kind: LineTargetKind;
  id: number;
  code: string;
  amount: number;
  name: string;
  label: string | null;
  invoice_id: string | null;
  payment_id: string | null;
  paid_at: string | null;
}

/** A line carrying the code of a payment QPay confirmed: QPay settling to the account, not new money. */
export interface AlreadyLine {
  line: OpenLine;
  paid: QpayPaidTarget;
}

/** The codes a line carries, as byReference reads them: prefixed codes and a story's six digits. */
function lineCodes(line: Pick<OpenLine, "description" | "bank_reference">) {
  const { codes, bare } = findCodes(`${line.description} ${line.bank_reference ?? ""}`);
  const story = [...bare, ...codes.filter((c) => c.kind === "story").map((c) => c.code.slice(1))];
  return { codes: codes.map((c) => c.code), story };
}

/**
 * The payments QPay confirmed whose codes these lines carry, by code. One query for every line;
 * a list of codes, never a scan of every paid invoice.
 */
async function qpayPaidByCode(lines: Pick<OpenLine, "description" | "bank_reference">[]) {
  const found = lines.map(lineCodes);
  const codes = [...new Set(found.flatMap((f) => f.codes))];
  const story = [...new Set(found.flatMap((f) => f.story))];
  const byCode = new Map<string, QpayPaidTarget>();
  if (codes.length === 0 && story.length === 0) return byCode;
  const list = (values: string[]) =>
    values.length
      ? sql.join(
          values.map((v) => sql`${v}`),
          sql`, `,
        )
      : sql`NULL`;
  const rows = await db.all<QpayPaidTarget>(sql`
    SELECT 'pool' AS kind, d.id, d.payment_code AS code, d.amount, d.donor_name AS name,
           p.name AS label, q.invoice_id, q.payment_id, q.paid_at
      FROM pool_donations d
      JOIN donation_pools p ON p.id = d.pool_id
      JOIN qpay_invoices q ON q.target_kind = 'pool' AND q.target_id = d.id AND q.status = 'paid'
     WHERE d.payment_code IN (${list(codes)})
    UNION ALL
    SELECT 'general', d.id, d.payment_code, d.amount, d.donor_name, NULL,
           q.invoice_id, q.payment_id, q.paid_at
      FROM donations d
      JOIN qpay_invoices q ON q.target_kind = 'general' AND q.target_id = d.id AND q.status = 'paid'
     WHERE d.payment_code IN (${list(codes)})
    UNION ALL
    SELECT 'story', s.id, s.payment_reference, s.price, s.author, s.title,
           q.invoice_id, q.payment_id, q.paid_at
      FROM stories s
      JOIN qpay_invoices q ON q.target_kind = 'story' AND q.target_id = s.id AND q.status = 'paid'
     WHERE s.payment_reference IN (${list(story)})`);
  for (const row of rows) {
    byCode.set(row.code, { ...row, id: Number(row.id), amount: Number(row.amount) });
  }
  return byCode;
}

/** The QPay-confirmed payment whose code the line carries, if any. */
function paidFor(
  line: Pick<OpenLine, "description" | "bank_reference">,
  byCode: Map<string, QpayPaidTarget>,
) {
  const { codes, story } = lineCodes(line);
  for (const code of [...codes, ...story]) {
    const paid = byCode.get(code);
    if (paid) return paid;
  }
  return null;
}

export interface GroupSummary {
  count: number;
  total: number;
}

/** Everything the reconciliation screen shows about open lines. */
export async function reconciliationView() {
  const [lines, pending] = await Promise.all([openLines(), pendingTargets()]);
  const monthly = await monthlyTargets(lines, MONTHLY_CHOICES);
  // A line repeating a payment QPay confirmed is set apart first: offered for nothing, since
  // its amount and date could otherwise fit another pledge that still waits (issue 39 item 5).
  const byCode = await qpayPaidByCode(lines);
  const already: AlreadyLine[] = [];
  const rest: OpenLine[] = [];
  for (const line of lines) {
    const paid = paidFor(line, byCode);
    if (paid) already.push({ line, paid });
    else rest.push(line);
  }
  const matched = matchLines(rest, [...pending, ...monthly]);
  const sum = (items: { line: OpenLine }[]): GroupSummary => ({
    count: items.length,
    total: items.reduce((total, m) => total + m.line.amount, 0),
  });
  const exact = matched.filter((m) => m.group === "exact");
  const partial = matched.filter((m) => m.group === "partial");
  const unmatched = matched.filter((m) => m.group === "unmatched");
  return {
    exact,
    partial,
    unmatched,
    already,
    totals: {
      exact: sum(exact),
      partial: sum(partial),
      unmatched: sum(unmatched),
      already: sum(already),
    },
    // Choosing by hand: what waits first, then the monthly gifts still giving.
    targets: [...pending, ...monthly.filter((t) => t.monthly_status !== "stopped")],
  };
}

// ---------------------------------------------------------------------------------------------
// Decisions

/** "12:pool:7" — a line and what it pays for, as a form or the API sends it. */
const NONE_SELECTED = "admin:reconcile.errors.noneSelected";

/** POST /api/reconciliation/confirm: `line:kind:id` strings, at least one. */
export const AssignmentsInput = z.object({
  assignments: z
    .array(z.string(), { required_error: NONE_SELECTED, invalid_type_error: NONE_SELECTED })
    .min(1, NONE_SELECTED),
});

export function parseAssignment(value: unknown) {
  const m = /^(\d{1,15}):(pool|general|story|monthly):(\d{1,15})$/.exec(String(value ?? ""));
  return m ? { lineId: Number(m[1]), kind: m[2] as TargetKind, id: Number(m[3]) } : null;
}

async function lineOrThrow(lineId: number): Promise<LineClaim & { status: string }> {
  const line = await db.query.statementLines.findFirst({
    where: sql`${statementLines.id} = ${lineId}`,
    columns: { id: true, booked_on: true, amount: true, description: true, status: true },
  });
  if (!line) throw new HttpError(404, "admin:reconcile.errors.lineNotFound");
  if (line.status !== "open") throw new HttpError(409, "admin:reconcile.errors.lineUsed");
  return line;
}

/**
 * Confirms that a statement line paid for a pledge, a site donation or a story: the same
 * exactly-once verification as the manual buttons, with the line claimed in its batch and named in
 * its audit row. 409 when the line or the target was decided meanwhile.
 */
export async function confirmLine(
  lineId: number,
  target: { kind: TargetKind; id: number },
  admin: Admin,
): Promise<{
  line_id: number;
  target: { kind: LineTargetKind; id: number };
  monthly_gift_id?: number;
}> {
  const line = await lineOrThrow(lineId);
  await refuseIfPaidThroughQpay(lineId);
  try {
    if (target.kind === "monthly") {
      // What the line paid for is the new gift of its month, not the monthly gift itself.
      const gift = await confirmMonthlyLine(line, target.id, admin);
      return {
        line_id: lineId,
        target: { kind: gift.kind, id: gift.id },
        monthly_gift_id: gift.monthly_gift_id,
      };
    }
    if (target.kind === "story") await verifyStoryPayment(target.id, admin, new Date(), line);
    else await decideDonation({ kind: target.kind, id: target.id }, "verified", admin, line);
  } catch (error) {
    // The target's own 409 ("already verified") may really be the line, taken meanwhile.
    if (error instanceof HttpError && error.status === 409) await lineOrThrow(lineId);
    throw error;
  }
  return { line_id: lineId, target: { kind: target.kind, id: target.id } };
}

/**
 * A line carrying the code of a payment QPay already confirmed credits nothing: not that payment
 * (already counted) and not another one its amount happens to fit. Setting it aside is the way.
 */
async function refuseIfPaidThroughQpay(lineId: number) {
  const line = await db.query.statementLines.findFirst({
    where: sql`${statementLines.id} = ${lineId}`,
    columns: { description: true, bank_reference: true },
  });
  if (line && paidFor(line, await qpayPaidByCode([line]))) {
    throw new HttpError(409, "admin:reconcile.errors.alreadyQpay");
  }
}

export interface ConfirmSummary {
  /** A monthly gift's line: the gift of its month that it became, and the monthly gift. */
  confirmed: {
    lineId: number;
    kind: LineTargetKind;
    id: number;
    amount: number;
    monthly_gift_id?: number;
  }[];
  failed: { lineId: number; message: string }[];
}

/** Confirms several line → target pairs, each on its own (one failing leaves the others done). */
export async function confirmAssignments(values: unknown[], admin: Admin): Promise<ConfirmSummary> {
  const summary: ConfirmSummary = { confirmed: [], failed: [] };
  const assignments = values.map(parseAssignment).filter((a) => a !== null);
  if (assignments.length === 0) throw new HttpError(400, NONE_SELECTED);
  const seenLines = new Set<number>();
  for (const a of assignments.slice(0, 200)) {
    if (seenLines.has(a.lineId)) continue;
    seenLines.add(a.lineId);
    try {
      const done = await confirmLine(a.lineId, a, admin);
      const amount = (await db.query.statementLines.findFirst({
        where: sql`${statementLines.id} = ${a.lineId}`,
        columns: { amount: true },
      }))!.amount;
      summary.confirmed.push({
        lineId: a.lineId,
        ...done.target,
        amount,
        ...(done.monthly_gift_id ? { monthly_gift_id: done.monthly_gift_id } : {}),
      });
    } catch (error) {
      if (!(error instanceof HttpError)) throw error;
      summary.failed.push({ lineId: a.lineId, message: error.message });
    }
  }
  return summary;
}

/** Sets a line aside (not a donation, e.g. interest or a refund); audited, can be reopened. */
export async function setLineAside(lineId: number, admin: Admin, reopen = false) {
  const from = reopen ? "dismissed" : "open";
  const to = reopen ? "open" : "dismissed";
  const [changed] = await db.batch([
    db.run(sql`
      UPDATE statement_lines
         SET status = ${to}, decided_at = ${reopen ? null : new Date().toISOString()},
             decided_by = ${reopen ? null : admin.id}
       WHERE id = ${lineId} AND status = ${from}`),
    auditIfChanged(
      admin,
      reopen ? "statement.reopen" : "statement.dismiss",
      "statement_line",
      lineId,
    ),
  ]);
  if (changed.rowsAffected !== 1) {
    await lineExists(lineId);
    throw new HttpError(409, "admin:reconcile.errors.lineUsed");
  }
  return { line_id: lineId, status: to };
}

async function lineExists(lineId: number) {
  const found = await db.query.statementLines.findFirst({
    where: sql`${statementLines.id} = ${lineId}`,
    columns: { id: true },
  });
  if (!found) throw new HttpError(404, "admin:reconcile.errors.lineNotFound");
}

/** Lines set aside, newest first, so a mistake can be undone. */
export function dismissedLines(limit = 50) {
  return db.all<OpenLine>(sql`
    SELECT id, import_id, booked_on, amount, description, counterparty, account, bank_reference
      FROM statement_lines WHERE status = 'dismissed'
     ORDER BY decided_at DESC, id DESC LIMIT ${limit}`);
}
