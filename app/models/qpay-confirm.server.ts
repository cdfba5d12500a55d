import { and, eq } from "drizzle-orm";
import { db } from "#db/client";
import { qpayInvoices, stories } from "#db/schema";
import { HttpError } from "~/http/http.server";
import { errorFields, logger } from "~/lib/logger.server";
import { decideDonation } from "~/models/donation-decide.server";
import { approveStory, verifyStoryPayment } from "~/models/moderation.server";
import {
  cancelInvoiceOf,
  claimDueInvoices,
  type InvoiceRow,
  markInvoicePaid,
  type PaymentTarget,
  payableOf,
  type QpayClaim,
  qpayClient,
} from "~/models/qpay-invoices.server";
import { getModerationSettings } from "~/models/settings.server";

/**
 * Confirming QPay payments (issue 39, decision 057). Nothing QPay or a caller says is taken as
 * proof: a callback, the status page's "check again" and the sweep each only make us ask QPay's
 * payment/check, and a payment counts when rows with status PAID add up to the invoice's amount.
 * The gift is then decided through the same batch as an administrator's decision, once.
 */

export type CheckOutcome = "paid" | "waiting" | "unavailable" | "none";

/** A page's "check again" or a callback asks QPay at most this often per invoice. */
const CHECK_EVERY_MS = 3000;
/** Open invoices older than this are cancelled: a QR code kept in a photo cannot pay weeks later. */
const INVOICE_LIFE_MS = 7 * 24 * 60 * 60 * 1000;

/**
 * When the sweep asks QPay next about an invoice of this age. QPay asks merchants not to poll
 * hard, and a callback or an open page usually announces a payment first: the sweep is the net
 * for the payment nobody announced (a lost callback, a process killed between "paid" and
 * "confirmed"). About a hundred checks over an invoice's week of life.
 */
export function nextCheckDelay(ageMs: number): number {
  const minute = 60_000;
  if (ageMs < 10 * minute) return minute;
  if (ageMs < 60 * minute) return 5 * minute;
  if (ageMs < 24 * 60 * minute) return 30 * minute;
  return 6 * 60 * minute;
}

/** Records a payment QPay confirmed: the gift is decided (or the story's payment verified) once. */
async function confirm(row: InvoiceRow, claim: QpayClaim) {
  const target: PaymentTarget = { kind: row.target_kind, id: row.target_id };
  try {
    if (target.kind === "story") {
      await verifyStoryPayment(target.id, null, new Date(), undefined, undefined, claim);
      await publishIfAllowed(target.id);
    } else {
      await decideDonation(
        target as { kind: "pool" | "general"; id: number },
        "verified",
        null,
        undefined,
        claim,
      );
    }
    logger.info("qpay.confirmed", { target: `${target.kind}:${target.id}`, invoice: row.id });
  } catch (error) {
    // Decided meanwhile (an administrator, a statement line, another check): the batch still
    // recorded the invoice as paid when it was open; nothing is credited a second time.
    if (!(error instanceof HttpError && error.status === 409)) throw error;
    await db.batch([markInvoicePaid(claim)]);
  }
}

/**
 * A featured story paid through QPay is published at once when free stories are (Settings'
 * moderation), unless a watched word held it: what an administrator's review would decide
 * otherwise stays theirs. Approval failing (taken meanwhile) leaves it in the queue.
 */
async function publishIfAllowed(storyId: number) {
  const settings = await getModerationSettings();
  if (settings.reviewFreeStories) return;
  const story = await db.query.stories.findFirst({
    where: eq(stories.id, storyId),
    columns: { status: true, held_word: true, held_at: true },
  });
  if (story?.status !== "pending" || story.held_word || story.held_at) return;
  await approveStory(storyId, null).catch((error) => {
    if (!(error instanceof HttpError)) throw error;
  });
}

/**
 * Asks QPay about one open invoice and confirms it when paid. `force` skips the few seconds'
 * spacing between checks (the sweep spaces its own).
 */
export async function checkInvoice(row: InvoiceRow, force = false): Promise<CheckOutcome> {
  const qpay = qpayClient();
  if (!qpay || !row.invoice_id) return "none";
  if (row.status === "paid") return "paid";
  if (row.status !== "open") return "none";
  const now = Date.now();
  if (!force && row.checked_at && Date.parse(row.checked_at) > now - CHECK_EVERY_MS) {
    return "waiting";
  }
  await db
    .update(qpayInvoices)
    .set({ checked_at: new Date(now).toISOString() })
    .where(eq(qpayInvoices.id, row.id));
  let check: Awaited<ReturnType<typeof qpay.checkPayment>>;
  try {
    check = await qpay.checkPayment(row.invoice_id);
  } catch (error) {
    logger.warn("qpay.check_failed", { invoice: row.id, ...errorFields(error) });
    return "unavailable";
  }
  if (check.paidAmount < row.amount) return "waiting";
  const paid = check.rows.filter((payment) => payment.status === "PAID");
  const last = paid[paid.length - 1]!;
  await confirm(row, {
    rowId: row.id,
    invoice_id: row.invoice_id,
    payment_id: paid.map((payment) => payment.paymentId).join(","),
    paid_amount: check.paidAmount,
    paid_at: last.paidAt ?? new Date().toISOString(),
  });
  return "paid";
}

/** QPay's callback: its token names the invoice; what it carries besides is not read. */
export async function handleCallback(token: string): Promise<void> {
  const row = await db.query.qpayInvoices.findFirst({
    where: eq(qpayInvoices.callback_token, token),
  });
  if (!row) {
    logger.warn("qpay.callback_unknown");
    return;
  }
  await checkInvoice(row);
}

/** The status page's "check again" and the /api status: the payment's invoice, asked now. */
export async function checkPaymentOf(target: PaymentTarget): Promise<CheckOutcome> {
  const row = await db.query.qpayInvoices.findFirst({
    where: and(
      eq(qpayInvoices.target_kind, target.kind),
      eq(qpayInvoices.target_id, target.id),
      eq(qpayInvoices.status, "open"),
    ),
  });
  return row ? checkInvoice(row) : "none";
}

/**
 * One round of the sweep: the invoices due for a check, claimed by this process. Each is asked
 * about once; one whose payment no longer waits (decided by a bank transfer, rejected) or that
 * outlived its week is cancelled at QPay instead.
 */
export async function sweepInvoices(now = new Date(), limit = 20): Promise<number> {
  if (!qpayClient()) return 0;
  const rows = await claimDueInvoices(now, limit, 5 * 60_000);
  for (const row of rows) {
    const age = now.getTime() - Date.parse(row.created_at);
    try {
      const payable = await payableOf({ kind: row.target_kind, id: row.target_id });
      const outcome = await checkInvoice(row, true);
      if (outcome === "paid") continue;
      if (!payable?.waiting || age > INVOICE_LIFE_MS) {
        await cancelInvoiceOf({ kind: row.target_kind, id: row.target_id });
        continue;
      }
      await db
        .update(qpayInvoices)
        .set({ next_check_at: new Date(now.getTime() + nextCheckDelay(age)).toISOString() })
        .where(and(eq(qpayInvoices.id, row.id), eq(qpayInvoices.status, "open")));
    } catch (error) {
      logger.error("qpay.sweep_failed", { invoice: row.id, ...errorFields(error) });
    }
  }
  return rows.length;
}

const SWEEP_EVERY_MS = 15_000;
let sweeper: NodeJS.Timeout | undefined;

/** Every process sweeps; the claim in `claimDueInvoices` gives each invoice to one of them. */
export function startSweeper() {
  if (sweeper || !qpayClient()) return;
  sweeper = setInterval(() => {
    sweepInvoices().catch((error) => logger.error("qpay.sweep_failed", errorFields(error)));
  }, SWEEP_EVERY_MS);
  sweeper.unref();
}
