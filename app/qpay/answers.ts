import { z } from "zod";

/**
 * QPay's answers, checked at the boundary (decision 053). Lenient where QPay is loose — unknown
 * fields pass, amounts may come as numbers or as strings like "50000.00" — and strict on the
 * fields the client reads, so a changed answer fails here instead of deciding money wrongly.
 */

/** A number, or a decimal numeral in a string; never "" or "abc" (z.coerce would make "" a 0). */
export const QpayNumber = z.union([
  z.number().finite(),
  z
    .string()
    .trim()
    .regex(/^-?\d+(\.\d+)?$/, "not a number")
    .transform(Number),
]);

export const QpayTokenAnswer = z
  .object({
    access_token: z.string().min(1),
    // Documented as seconds; some merchants report an absolute Unix time: see tokenExpiresAt.
    expires_in: QpayNumber,
    refresh_token: z.string().min(1).optional(),
    refresh_expires_in: QpayNumber.optional(),
    token_type: z.string().optional(),
  })
  .passthrough();
export type QpayTokenAnswer = z.infer<typeof QpayTokenAnswer>;

/**
 * When a token stops being good, in ms since the epoch. A lifetime in seconds is never near a
 * billion (31 years), an absolute Unix time always is, so the size of the number tells which
 * one QPay sent; a number in the trillions is an absolute time in milliseconds.
 */
export function tokenExpiresAt(expiresIn: number, now: number): number {
  if (expiresIn >= 1e12) return expiresIn;
  if (expiresIn >= 1e9) return expiresIn * 1000;
  return now + expiresIn * 1000;
}

/**
 * The bank buttons become links on our pages, so a link must be an app's own scheme or a web
 * address: one that does not parse, or that could run in the page (javascript:, data:, …), is
 * dropped here, at the boundary, whatever QPay's answer carries.
 */
function safeLink(link: string): boolean {
  if (!URL.canParse(link.trim())) return false;
  return !/^(javascript|data|vbscript|file|blob|about):$/i.test(new URL(link.trim()).protocol);
}

const QpayBankLink = z
  .object({
    name: z.string().min(1),
    description: z
      .string()
      .nullish()
      .transform((value) => value ?? ""),
    logo: z
      .string()
      .nullish()
      .transform((value) => value ?? ""),
    link: z.string().min(1),
  })
  .passthrough();

export const QpayInvoiceAnswer = z
  .object({
    invoice_id: z.string().min(1),
    qr_text: z.string().min(1),
    // Base64 PNG; tolerated with a data: prefix, which is taken off.
    qr_image: z
      .string()
      .transform((value) => value.replace(/^data:image\/png;base64,/, "").replace(/\s+/g, ""))
      .pipe(z.string().regex(/^[A-Za-z0-9+/]+={0,2}$/, "not base64")),
    qPay_shortUrl: z.string().nullish(),
    urls: z
      .array(z.unknown())
      .nullish()
      .transform((items) =>
        (items ?? []).flatMap((item) => {
          const parsed = QpayBankLink.safeParse(item);
          return parsed.success && safeLink(parsed.data.link) ? [parsed.data] : [];
        }),
      ),
  })
  .passthrough();
export type QpayInvoiceAnswer = z.infer<typeof QpayInvoiceAnswer>;

export const QpayPaymentRow = z
  .object({
    payment_id: z.union([z.string().min(1), z.number().transform(String)]),
    payment_status: z.string(),
    payment_amount: QpayNumber,
    payment_date: z.string().nullish(),
  })
  .passthrough();
export type QpayPaymentRow = z.infer<typeof QpayPaymentRow>;

export const QpayCheckAnswer = z
  .object({
    count: QpayNumber,
    // QPay's own total; read for logs only, never to decide that money arrived.
    paid_amount: QpayNumber.nullish(),
    rows: z
      .array(QpayPaymentRow)
      .nullish()
      .transform((rows) => rows ?? []),
  })
  .passthrough();
export type QpayCheckAnswer = z.infer<typeof QpayCheckAnswer>;

/** An error body: documented as `error_code`, while published clients read `error`. */
export const QpayErrorAnswer = z
  .object({
    error_code: z.string().optional(),
    error: z.string().optional(),
    message: z.string().optional(),
  })
  .passthrough();
