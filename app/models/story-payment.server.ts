import { eq } from "drizzle-orm";
import { db } from "#db/client";
import { stories } from "#db/schema";
import { payee } from "~/config.server";
import { ensureInvoice, type InvoiceView, qpayConfigured } from "~/models/qpay-invoices.server";
import type { User } from "~/models/users.server";

/**
 * Where an author pays for a featured story, after sending it (issue 41 item 1): the same bank,
 * account, holder, amount and code step 3 of /post-story showed, and QPay above them when it is
 * configured (issue 39). Shown to the story's author only, and only while its payment waits.
 */

export interface StoryPaymentBox {
  bank: string;
  account: string;
  holder: string;
  amount: number;
  reference: string;
  /** The story's QPay invoice; null when QPay is not configured or not answering. */
  qpay: InvoiceView | null;
  /** QPay is configured but gave no invoice just now: the page says so, the transfer stays. */
  qpayUnavailable: boolean;
}

type PaymentFields = Pick<
  typeof stories.$inferSelect,
  "status" | "pricing_tier" | "payment_status" | "payment_reference"
>;

/** The story is sent, paid for by transfer, and its money not yet seen. */
export const paymentWaits = (row: PaymentFields) =>
  row.status === "pending" &&
  row.pricing_tier !== "free" &&
  row.payment_status === "pending" &&
  Boolean(row.payment_reference);

/** The box for one story whose payment waits (the caller checked it does, and whose it is). */
export async function storyPaymentBox(
  row: { id: number; price: number; payment_reference: string | null },
  request: Request,
): Promise<StoryPaymentBox> {
  const qpay = await ensureInvoice({ kind: "story", id: row.id }, request);
  return {
    bank: payee.bank_name,
    account: payee.bank_account,
    holder: payee.account_name,
    amount: row.price,
    reference: row.payment_reference ?? "",
    qpay,
    qpayUnavailable: qpay === null && qpayConfigured(),
  };
}

/** The box on a story's own page: for its author, while its payment waits; null otherwise. */
export async function authorsPaymentBox(
  storyId: number,
  viewer: Pick<User, "id"> | null,
  request: Request,
): Promise<StoryPaymentBox | null> {
  if (!viewer) return null;
  const row = await db.query.stories.findFirst({
    where: eq(stories.id, storyId),
    columns: {
      id: true,
      user_id: true,
      status: true,
      pricing_tier: true,
      payment_status: true,
      payment_reference: true,
      price: true,
    },
  });
  if (!row || row.user_id !== viewer.id || !paymentWaits(row)) return null;
  return storyPaymentBox(row, request);
}
