import { and, eq, inArray } from "drizzle-orm";
import { db } from "#db/client";
import { qpayInvoices } from "#db/schema";
import type { PaymentKind } from "~/models/qpay-invoices.server";

/**
 * What administrators see of QPay beside a gift or a story payment (issue 39 item 7): an open
 * invoice the payer may still pay (so there may be nothing to verify by hand), or the payment
 * QPay confirmed. One query for a whole list; never the callback token or the QR image.
 */
export interface QpayFacts {
  status: "open" | "paid";
  invoice_id: string | null;
  payment_id: string | null;
  paid_amount: number | null;
  paid_at: string | null;
}

export async function qpayFactsOf(kind: PaymentKind, ids: number[]) {
  const facts = new Map<number, QpayFacts>();
  if (ids.length === 0) return facts;
  const rows = await db
    .select({
      target_id: qpayInvoices.target_id,
      status: qpayInvoices.status,
      invoice_id: qpayInvoices.invoice_id,
      payment_id: qpayInvoices.payment_id,
      paid_amount: qpayInvoices.paid_amount,
      paid_at: qpayInvoices.paid_at,
    })
    .from(qpayInvoices)
    .where(
      and(
        eq(qpayInvoices.target_kind, kind),
        inArray(qpayInvoices.target_id, ids),
        inArray(qpayInvoices.status, ["open", "paid"]),
      ),
    );
  for (const { target_id, status, ...rest } of rows) {
    facts.set(target_id, { status: status as QpayFacts["status"], ...rest });
  }
  return facts;
}
