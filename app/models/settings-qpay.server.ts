import { config } from "~/config.server";
import { qpayClient } from "~/models/qpay-invoices.server";

/**
 * What Settings says about QPay (issue 39 item 7): which of its four variables are set (never a
 * value of the secret), and whether QPay gives us a token right now. Asked on each view of the
 * page, with a short wait, so a QPay that hangs does not hold the page.
 */

export type QpayState = "answering" | "not_answering" | "not_configured";

export interface QpayStatus {
  configured: boolean;
  state: QpayState;
  /** Why it is not answering, as the client saw it (an error code or "no answer in 3 s"). */
  reason: string | null;
  /** The four variables: whether each is set; the address and invoice code as they are. */
  variables: { name: string; set: boolean; value: string | null }[];
}

const PING_WAIT_MS = 3000;

export async function qpayStatus(waitMs = PING_WAIT_MS): Promise<QpayStatus> {
  const variables = [
    { name: "QPAY_URL", set: !!config.QPAY_URL, value: config.QPAY_URL ?? null },
    { name: "QPAY_CLIENT_ID", set: !!config.QPAY_CLIENT_ID, value: config.QPAY_CLIENT_ID ?? null },
    { name: "QPAY_CLIENT_SECRET", set: !!config.QPAY_CLIENT_SECRET, value: null },
    {
      name: "QPAY_INVOICE_CODE",
      set: !!config.QPAY_INVOICE_CODE,
      value: config.QPAY_INVOICE_CODE ?? null,
    },
  ];
  const client = qpayClient();
  if (!client) return { configured: false, state: "not_configured", reason: null, variables };
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<string>((resolve) => {
    timer = setTimeout(() => resolve(`no answer in ${Math.round(waitMs / 1000)} s`), waitMs);
  });
  const asked = client
    .diagnose()
    .catch((error: unknown) => (error instanceof Error ? error.message : String(error)));
  const reason = await Promise.race([asked, late]).finally(() => clearTimeout(timer));
  return {
    configured: true,
    state: reason === null ? "answering" : "not_answering",
    reason,
    variables,
  };
}
