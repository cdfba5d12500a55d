import { and, eq, isNull, or, sql } from "drizzle-orm";
import { db } from "#db/client";
import { stories } from "#db/schema";
import { HttpError, parseOrThrow } from "~/http/http.server";
import { auditIfChanged } from "~/models/audit.server";
import { followedStoryNote, storyNote } from "~/models/inbox.server";
import {
  cancelInvoiceLater,
  markInvoicePaid,
  type QpayClaim,
  qpayDetails,
  qpayIsOpen,
} from "~/models/qpay-invoices.server";
import { featuredEndAfterHold } from "~/models/report-holds.server";
import {
  claimLine,
  type LineClaim,
  lineDetails,
  lineIsOpen,
} from "~/models/statement-lines.server";
import type { User } from "~/models/users.server";
import { RejectionSchema, VerifyPaymentSchema } from "~/schemas/moderation";

/**
 * An administrator's decisions on stories (spec 02 §4, DESIGN §4). Each is one conditional
 * statement plus its audit row in one batch, so a decision taken twice at once happens once and
 * the second gets 409.
 */

type Admin = Pick<User, "id" | "username">;
const DAY_MS = 24 * 60 * 60 * 1000;

async function storyOrThrow(id: number) {
  const story = await db.query.stories.findFirst({
    where: eq(stories.id, id),
    columns: {
      id: true,
      title: true,
      status: true,
      pricing_tier: true,
      payment_status: true,
      featured_days: true,
      price: true,
    },
  });
  if (!story) throw new HttpError(404, "errors.storyNotFound");
  return story;
}

/**
 * Approves a pending story. A paid story only once its payment is verified (409 otherwise); its
 * featured period starts now and lasts the days of its tier as they were at submission.
 */
export async function approveStory(id: number, admin: Admin | null, now = new Date()) {
  const story = await storyOrThrow(id);
  if (story.pricing_tier !== "free" && story.payment_status !== "verified") {
    throw new HttpError(409, "admin:errors.paymentPending");
  }
  const expires =
    story.pricing_tier === "free"
      ? null
      : new Date(now.getTime() + (story.featured_days ?? 1) * DAY_MS).toISOString();
  const [changed] = await db.batch([
    db
      .update(stories)
      .set({
        status: "approved",
        // A story held back by readers' reports (decision 030) is published again as it was:
        // its approval time stands, and its featured period did not run while it was held
        // (decision 048).
        approved_at: sql`CASE WHEN ${stories.held_at} IS NULL THEN ${now.toISOString()}
          ELSE ${stories.approved_at} END`,
        rejected_at: null,
        expires_at: sql`CASE WHEN ${stories.held_at} IS NULL THEN ${expires}
          ELSE ${featuredEndAfterHold(now.toISOString())} END`,
        held_at: null,
      })
      .where(
        and(
          eq(stories.id, id),
          eq(stories.status, "pending"),
          or(eq(stories.pricing_tier, "free"), eq(stories.payment_status, "verified")),
        ),
      )
      // A held story's end is its own, not `expires`: the answer gives the one stored.
      .returning({ expires_at: stories.expires_at }),
    auditIfChanged(admin, "story.approve", "story", id, {
      title: story.title,
      expires_at: expires,
    }),
    ...storyNote("story.approved", id),
    // Public now: the author's followers hear of it (issue 42).
    followedStoryNote(id, now.toISOString()),
  ]);
  const [row] = changed;
  if (!row || changed.length !== 1) throw new HttpError(409, "admin:errors.notPending");
  return { id, status: "approved" as const, expires_at: row.expires_at };
}

/**
 * Rejects a pending story: it is kept, leaves the lists, and its author sees it on /profile with
 * the reason and the administrator's note (both optional through the /api, whose spec call has
 * no body), can edit it and send it again.
 */
export async function rejectStory(id: number, admin: Admin, input: unknown = {}, now = new Date()) {
  const { reason, note } = parseOrThrow(RejectionSchema, input);
  const story = await storyOrThrow(id);
  const [changed] = await db.batch([
    db
      .update(stories)
      .set({
        status: "rejected",
        rejected_at: now.toISOString(),
        rejection_reason: reason ?? null,
        rejection_note: note ?? null,
        // Rejected from review: no longer "held by reports" (decision 030).
        held_at: null,
      })
      .where(and(eq(stories.id, id), eq(stories.status, "pending"))),
    auditIfChanged(admin, "story.reject", "story", id, {
      title: story.title,
      ...(reason ? { reason } : {}),
      ...(note ? { note } : {}),
    }),
    ...storyNote("story.rejected", id),
  ]);
  if (changed.rowsAffected !== 1) throw new HttpError(409, "admin:errors.notPending");
  cancelInvoiceLater({ kind: "story", id });
  return { id, status: "rejected" as const, rejection_reason: reason ?? null };
}

/**
 * Records that the verified payment of a rejected story went back to the author's account (the
 * one they gave with the story). Only once, and only for money that was received.
 */
export async function markPaymentReturned(id: number, admin: Admin, now = new Date()) {
  const story = await storyOrThrow(id);
  const [changed] = await db.batch([
    db
      .update(stories)
      .set({ refunded_at: now.toISOString() })
      .where(
        and(
          eq(stories.id, id),
          eq(stories.status, "rejected"),
          eq(stories.payment_status, "verified"),
          sql`${stories.pricing_tier} <> 'free'`,
          isNull(stories.refunded_at),
        ),
      ),
    auditIfChanged(admin, "story.refund", "story", id, { title: story.title }),
  ]);
  if (changed.rowsAffected !== 1) throw new HttpError(409, "admin:errors.nothingToReturn");
  return { id, refunded_at: now.toISOString() };
}

/**
 * An amount received as typed, or the one refusal there is for it (its field and the toast).
 * Story payments and pledges (donation-decide.server.ts) read it alike.
 */
export function readAmountReceived(value: unknown): number {
  const parsed = VerifyPaymentSchema.safeParse({ amount_received: value });
  if (!parsed.success) {
    const message = "admin:validation.amountReceived";
    throw new HttpError(400, message, { amount_received: [message] });
  }
  return parsed.data.amount_received;
}

/**
 * Marks a premium story's payment as received (pending → verified); from a bank-statement line,
 * only while that line is unused, and the line is claimed in the same batch. With `qpay` and no
 * administrator, the payment QPay confirmed (decision 057), only while its invoice is open.
 */
export async function verifyStoryPayment(
  id: number,
  admin: Admin | null,
  now = new Date(),
  line?: LineClaim,
  /**
   * What the administrator saw arrive, as typed (the screens always send it; the /api may leave
   * it out): a positive whole number of tugrik, kept in the activity log beside the price.
   */
  received?: unknown,
  qpay?: QpayClaim,
) {
  const amountReceived = received === undefined ? undefined : readAmountReceived(received);
  const story = await storyOrThrow(id);
  if (story.pricing_tier === "free") throw new HttpError(409, "admin:errors.notPremium");
  const [changed] = await db.batch([
    db
      .update(stories)
      .set({ payment_status: "verified", payment_verified_at: now.toISOString() })
      .where(
        and(
          eq(stories.id, id),
          eq(stories.payment_status, "pending"),
          sql`${stories.pricing_tier} <> 'free'`,
          line ? lineIsOpen(line) : undefined,
          qpay ? qpayIsOpen(qpay) : undefined,
        ),
      ),
    ...(line && admin ? [claimLine(line, { kind: "story", id }, admin)] : []),
    auditIfChanged(admin, "story.verify_payment", "story", id, {
      title: story.title,
      amount_due: story.price,
      ...(amountReceived !== undefined ? { amount_received: amountReceived } : {}),
      ...(line ? lineDetails(line) : {}),
      ...(qpay ? { amount_received: qpay.paid_amount, ...qpayDetails(qpay) } : {}),
    }),
    ...storyNote("story.paymentVerified", id),
    ...(qpay ? [markInvoicePaid(qpay)] : []),
  ]);
  if (changed.rowsAffected !== 1) throw new HttpError(409, "admin:errors.alreadyVerified");
  if (!qpay) cancelInvoiceLater({ kind: "story", id });
  return {
    id,
    payment_status: "verified" as const,
    amount_due: story.price,
    amount_received: amountReceived ?? null,
  };
}

/** Deleting a story (an administrator's or its author's) lives with the other deletions. */
export { deleteStory } from "~/models/story-delete.server";
