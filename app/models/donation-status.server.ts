import { getDonationByToken } from "~/models/donation-lists.server";
import { checkPaymentOf } from "~/models/qpay-confirm.server";
import { ensureInvoice, paidInvoices } from "~/models/qpay-invoices.server";

/**
 * A gift's status by its status token (issue 39 item 8), for the /api twin of the status page:
 * where it stands, how it was confirmed, and while it waits its QPay invoice. The token is the
 * secret; nothing here names the donor or their phone.
 */
export async function donationStatus(token: string, request: Request) {
  const gift = await getDonationByToken(token);
  if (!gift) return null;
  const target = { kind: gift.kind, id: gift.id };
  const [paid, invoice] = await Promise.all([
    gift.status === "verified" ? paidInvoices(gift.kind, [gift.id]) : null,
    gift.status === "pending" ? ensureInvoice(target, request) : null,
  ]);
  return {
    status: gift.status,
    amount: gift.amount,
    payment_code: gift.payment_code,
    pool: gift.pool_id === null ? null : { id: gift.pool_id, name: gift.pool_name ?? "" },
    confirmed_at: gift.status === "verified" ? gift.decided_at : null,
    paid_through:
      gift.status !== "verified"
        ? null
        : paid?.has(gift.id)
          ? ("qpay" as const)
          : ("bank" as const),
    qpay: invoice,
  };
}

/** "Check again": QPay is asked now about the gift's open invoice, then the status is read. */
export async function checkDonationStatus(token: string, request: Request) {
  const gift = await getDonationByToken(token);
  if (!gift) return null;
  const check =
    gift.status === "pending" ? await checkPaymentOf({ kind: gift.kind, id: gift.id }) : "none";
  const status = await donationStatus(token, request);
  return status ? { ...status, check } : null;
}
