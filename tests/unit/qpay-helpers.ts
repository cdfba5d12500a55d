import { afterAll, beforeAll } from "vitest";
import { config } from "~/config.server";
import { checkPaymentOf } from "~/models/qpay-confirm.server";
import { ensureInvoice, type PaymentTarget, resetQpayClient } from "~/models/qpay-invoices.server";
import { type QpayStandIn, startQpayStandIn } from "../support/qpay-server";
import { getRequest } from "./helpers";

const KEYS = ["QPAY_URL", "QPAY_CLIENT_ID", "QPAY_CLIENT_SECRET", "QPAY_INVOICE_CODE"] as const;

/**
 * Points this test file's app at a stand-in QPay on a loopback port for its whole run, and back at
 * none afterwards. The returned object is filled in by beforeAll.
 */
export function withQpayStandIn(): { standIn: QpayStandIn } {
  const held = {} as { standIn: QpayStandIn };
  const before: Partial<Record<(typeof KEYS)[number], string | undefined>> = {};
  beforeAll(async () => {
    held.standIn = await startQpayStandIn();
    const env = held.standIn.env();
    for (const key of KEYS) {
      before[key] = config[key];
      config[key] = env[key];
    }
    resetQpayClient();
  });
  afterAll(async () => {
    for (const key of KEYS) config[key] = before[key];
    resetQpayClient();
    await held.standIn?.stop();
  });
  return held;
}

/** A payer pays the payment's invoice in their bank app and the site checks: confirmed by QPay. */
export async function payThroughQpay(standIn: QpayStandIn, target: PaymentTarget) {
  const invoice = await ensureInvoice(target, getRequest("/"));
  if (!invoice) throw new Error(`no QPay invoice for ${target.kind}:${target.id}`);
  standIn.pay(invoice.invoice_id);
  const outcome = await checkPaymentOf(target);
  if (outcome !== "paid") throw new Error(`QPay check said ${outcome}`);
  return invoice;
}
