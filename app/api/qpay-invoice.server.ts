import { ensureInvoice, type InvoiceView, type PaymentTarget } from "~/models/qpay-invoices.server";
import { z } from "./schemas.server";

/**
 * The QPay invoice as the /api answers carry it (issue 39 item 8): on a pledge, a site donation
 * and a paid story when it is sent, and on reads of them while their payment waits. Absent when
 * QPay is not configured or cannot make an invoice just now: the bank transfer always works.
 */
export const QpayInvoice = z
  .object({
    invoice_id: z.string().openapi({ description: "QPay's id of the invoice." }),
    qr_image: z
      .string()
      .openapi({ description: "The QR code to scan, a base64 PNG (no data: prefix)." }),
    qr_text: z.string().openapi({ description: "The QR code's text, to draw it yourself." }),
    short_url: z.string().nullable().openapi({ description: "QPay's short link to the invoice." }),
    urls: z
      .array(
        z
          .object({
            name: z.string(),
            description: z.string().openapi({ description: "The bank's name, as QPay gives it." }),
            logo: z.string(),
            link: z.string().openapi({ description: "Opens the invoice in that bank's app." }),
          })
          .strict(),
      )
      .openapi({ description: "One link per bank app." }),
  })
  .strict()
  .openapi("QpayInvoice");

export const qpayField = {
  qpay: QpayInvoice.optional().openapi({
    description:
      "Pay in seconds from a bank app: present while the payment waits and QPay is configured " +
      "and answering; absent otherwise (pay by bank transfer with the payment code).",
  }),
};

/** `{ qpay }` to spread into an answer, or nothing. */
export async function withInvoice(
  target: PaymentTarget,
  request: Request,
): Promise<{ qpay?: InvoiceView }> {
  const invoice = await ensureInvoice(target, request);
  return invoice ? { qpay: invoice } : {};
}
