import type { z } from "zod";
import {
  QpayCheckAnswer,
  QpayErrorAnswer,
  QpayInvoiceAnswer,
  QpayTokenAnswer,
  tokenExpiresAt,
} from "./answers";

/**
 * QPay's merchant API v2 (decision 053): invoices, payment checks, cancelling, and the token
 * they need. The caller logs; this module only throws `QpayError`s that say what kind of
 * failure it was and what QPay answered.
 */

export type QpayErrorKind = "unavailable" | "refused" | "timeout";

export class QpayError extends Error {
  readonly kind: QpayErrorKind;
  /** What the client was doing: "token", "refresh", "createInvoice", "checkPayment", "cancelInvoice". */
  readonly operation: string;
  /** QPay's HTTP status, when it answered. */
  readonly status: number | undefined;
  /** QPay's error code (`INVOICE_PAID`…), or the network error's code (`ECONNREFUSED`). */
  readonly code: string | undefined;

  constructor(
    kind: QpayErrorKind,
    operation: string,
    detail: { status?: number; code?: string; message?: string } = {},
  ) {
    const parts = [detail.status, detail.code, detail.message].filter((part) => part !== undefined);
    super(`QPay ${operation} ${kind}${parts.length ? `: ${parts.join(" ")}` : ""}`);
    this.name = "QpayError";
    this.kind = kind;
    this.operation = operation;
    this.status = detail.status;
    this.code = detail.code;
  }
}

export interface QpayClientOptions {
  /** QPay's host, e.g. https://merchant.qpay.mn (a trailing /v2 is tolerated). */
  url: string;
  clientId: string;
  clientSecret: string;
  invoiceCode: string;
  /** Per request, token requests included. */
  timeoutMs?: number;
  /** The clock, for tests. */
  now?: () => number;
}

export interface QpayBankLink {
  name: string;
  description: string;
  logo: string;
  link: string;
}

export interface QpayInvoice {
  invoiceId: string;
  qrText: string;
  /** Base64 PNG, without a data: prefix. */
  qrImage: string;
  shortUrl: string | null;
  urls: QpayBankLink[];
}

export interface QpayPayment {
  paymentId: string;
  /** As QPay sent it: "PAID", "PENDING", "CANCELLED", "REFUNDED"… */
  status: string;
  amount: number;
  /** ISO 8601 in UTC, or null when QPay sent no date. */
  paidAt: string | null;
}

export interface QpayPaymentCheck {
  /** The sum of the rows whose status is exactly "PAID". */
  paidAmount: number;
  rows: QpayPayment[];
}

export type QpayCancelOutcome = "cancelled" | "paid" | "gone";

export interface QpayClient {
  createInvoice(input: {
    senderInvoiceNo: string;
    amount: number;
    description: string;
    callbackUrl: string;
  }): Promise<QpayInvoice>;
  checkPayment(invoiceId: string): Promise<QpayPaymentCheck>;
  cancelInvoice(invoiceId: string): Promise<QpayCancelOutcome>;
  ping(): Promise<boolean>;
  /** Like ping, with why not: null when QPay gave a fresh token, else the failure's message. */
  diagnose(): Promise<string | null>;
}

/** A token is renewed this long before QPay says it expires. */
const RENEW_MARGIN_MS = 30_000;
/**
 * A token is kept at least this long, whatever its expiry says, so a server clock far from ours
 * (an absolute expires_in already in the past) cannot make every call fetch a token; a token QPay
 * no longer takes is answered 401, which evicts it.
 */
const MIN_TOKEN_LIFE_MS = 60_000;
const PAGE_LIMIT = 100;
/** 5,000 payments on one invoice is far past anything real; the loop must end anyway. */
const MAX_PAGES = 50;
const SENDER_INVOICE_NO_MAX = 45;

interface Token {
  access: string;
  accessUntil: number;
  refresh: string | undefined;
  refreshUntil: number;
}

interface Answer {
  status: number;
  text: string;
}

export function createQpayClient(options: QpayClientOptions): QpayClient {
  const base = options.url.replace(/\/+$/, "").replace(/\/v2$/, "");
  const timeoutMs = options.timeoutMs ?? 8000;
  const now = options.now ?? Date.now;
  const basic = `Basic ${Buffer.from(`${options.clientId}:${options.clientSecret}`).toString("base64")}`;

  let token: Token | null = null;
  let pending: Promise<Token> | null = null;

  async function send(
    operation: string,
    method: string,
    path: string,
    authorization: string,
    body?: unknown,
  ): Promise<Answer> {
    const headers: Record<string, string> = { authorization, accept: "application/json" };
    if (body !== undefined) headers["content-type"] = "application/json";
    try {
      const response = await fetch(`${base}${path}`, {
        method,
        headers,
        body: body === undefined ? undefined : JSON.stringify(body),
        signal: AbortSignal.timeout(timeoutMs),
      });
      // The same signal bounds the body: a server that sends headers and then stalls times out too.
      return { status: response.status, text: await response.text() };
    } catch (error) {
      const name = (error as { name?: string }).name;
      if (name === "TimeoutError" || name === "AbortError") {
        throw new QpayError("timeout", operation, { message: `no answer in ${timeoutMs} ms` });
      }
      const cause = (error as { cause?: { code?: string; message?: string } }).cause;
      throw new QpayError("unavailable", operation, {
        code: cause?.code,
        message: cause?.message ?? (error as Error).message,
      });
    }
  }

  function failure(operation: string, answer: Answer): QpayError {
    const code = errorCode(answer.text);
    // 429 and 5xx say "not now"; any other refusal will not change by asking again.
    const kind = answer.status >= 500 || answer.status === 429 ? "unavailable" : "refused";
    return new QpayError(kind, operation, { status: answer.status, code });
  }

  function parse<T extends z.ZodTypeAny>(
    operation: string,
    answer: Answer,
    schema: T,
  ): z.output<T> {
    let json: unknown;
    try {
      json = JSON.parse(answer.text);
    } catch {
      throw new QpayError("unavailable", operation, {
        status: answer.status,
        code: "ANSWER_NOT_JSON",
      });
    }
    const parsed = schema.safeParse(json);
    if (!parsed.success) {
      const where = parsed.error.issues.map((issue) => issue.path.join(".") || "(answer)");
      throw new QpayError("unavailable", operation, {
        status: answer.status,
        code: "ANSWER_UNEXPECTED",
        message: [...new Set(where)].join(", "),
      });
    }
    return parsed.data;
  }

  function keep(answer: QpayTokenAnswer): Token {
    const at = now();
    const accessUntil = Math.max(tokenExpiresAt(answer.expires_in, at), at + MIN_TOKEN_LIFE_MS);
    const refreshUntil =
      answer.refresh_expires_in === undefined
        ? Number.POSITIVE_INFINITY
        : tokenExpiresAt(answer.refresh_expires_in, at);
    token = {
      access: answer.access_token,
      accessUntil,
      refresh: answer.refresh_token,
      refreshUntil,
    };
    return token;
  }

  async function fetchToken(): Promise<Token> {
    const answer = await send("token", "POST", "/v2/auth/token", basic);
    if (answer.status !== 200) throw failure("token", answer);
    return keep(parse("token", answer, QpayTokenAnswer));
  }

  async function renew(previous: Token | null): Promise<Token> {
    if (previous?.refresh && now() < previous.refreshUntil - RENEW_MARGIN_MS) {
      try {
        const answer = await send(
          "refresh",
          "POST",
          "/v2/auth/refresh",
          `Bearer ${previous.refresh}`,
        );
        if (answer.status === 200) return keep(parse("refresh", answer, QpayTokenAnswer));
      } catch {
        // A refresh that fails for any reason falls back to the credentials, once.
      }
    }
    return fetchToken();
  }

  /** One token request at a time, whoever asks: concurrent callers wait for the same one. */
  function shared(work: () => Promise<Token>): Promise<Token> {
    if (!pending) {
      pending = work().finally(() => {
        pending = null;
      });
    }
    return pending;
  }

  async function accessToken(): Promise<string> {
    const current = token;
    if (current && now() < current.accessUntil - RENEW_MARGIN_MS) return current.access;
    return (await shared(() => renew(current))).access;
  }

  /** A call with the access token; a 401 evicts that token and the call is made once more. */
  async function call(operation: string, method: string, path: string, body?: unknown) {
    let answer: Answer | undefined;
    for (let attempt = 0; attempt < 2; attempt++) {
      const access = await accessToken();
      answer = await send(operation, method, path, `Bearer ${access}`, body);
      if (answer.status !== 401) return answer;
      // Only the token that was refused: another caller may already hold a fresh one.
      if (token?.access === access) token = { ...token, accessUntil: 0 };
    }
    return answer as Answer;
  }

  async function diagnose(): Promise<string | null> {
    try {
      // A fresh token, not the cached one: the Settings screen asks whether QPay answers now.
      await shared(fetchToken);
      return null;
    } catch (error) {
      return error instanceof Error ? error.message : String(error);
    }
  }

  return {
    async createInvoice({ senderInvoiceNo, amount, description, callbackUrl }) {
      if (!Number.isSafeInteger(amount) || amount <= 0) {
        throw new RangeError(`QPay amount must be a whole number of tugrik above 0, not ${amount}`);
      }
      if (senderInvoiceNo.length === 0 || senderInvoiceNo.length > SENDER_INVOICE_NO_MAX) {
        throw new RangeError(`sender_invoice_no must be 1 to ${SENDER_INVOICE_NO_MAX} characters`);
      }
      const callback = new URL(callbackUrl);
      if (callback.protocol !== "https:" && callback.protocol !== "http:") {
        throw new RangeError("callback_url must be an http(s) address");
      }
      const answer = await call("createInvoice", "POST", "/v2/invoice", {
        invoice_code: options.invoiceCode,
        sender_invoice_no: senderInvoiceNo,
        invoice_receiver_code: "terminal",
        invoice_description: description,
        amount,
        callback_url: callback.href,
      });
      if (answer.status !== 200) throw failure("createInvoice", answer);
      const invoice = parse("createInvoice", answer, QpayInvoiceAnswer);
      return {
        invoiceId: invoice.invoice_id,
        qrText: invoice.qr_text,
        qrImage: invoice.qr_image,
        shortUrl: invoice.qPay_shortUrl ?? null,
        urls: invoice.urls.map(({ name, description, logo, link }) => ({
          name,
          description,
          logo,
          link,
        })),
      };
    },

    async checkPayment(invoiceId) {
      const seen = new Map<string, QpayPayment>();
      for (let page = 1; page <= MAX_PAGES; page++) {
        const answer = await call("checkPayment", "POST", "/v2/payment/check", {
          object_type: "INVOICE",
          object_id: invoiceId,
          offset: { page_number: page, page_limit: PAGE_LIMIT },
        });
        if (answer.status !== 200) throw failure("checkPayment", answer);
        const check = parse("checkPayment", answer, QpayCheckAnswer);
        const before = seen.size;
        for (const row of check.rows) {
          // Keyed by payment id: a server that ignores paging and repeats a page counts nothing twice.
          seen.set(row.payment_id, {
            paymentId: row.payment_id,
            status: row.payment_status,
            amount: row.payment_amount,
            paidAt: paymentDate(row.payment_date),
          });
        }
        const done =
          check.rows.length < PAGE_LIMIT || seen.size === before || seen.size >= check.count;
        if (done) break;
      }
      const rows = [...seen.values()];
      // Summed in hundredths: "0.10" + "0.20" must not come out a hair short of "0.30".
      const paidHundredths = rows
        .filter((row) => row.status === "PAID")
        .reduce((sum, row) => sum + Math.round(row.amount * 100), 0);
      return { paidAmount: paidHundredths / 100, rows };
    },

    async cancelInvoice(invoiceId) {
      const answer = await call(
        "cancelInvoice",
        "DELETE",
        `/v2/invoice/${encodeURIComponent(invoiceId)}`,
      );
      if (answer.status >= 200 && answer.status < 300) return "cancelled";
      // Decided by the code: the documentation gives these both 400 and 409.
      const code = errorCode(answer.text);
      if (code === "INVOICE_PAID") return "paid";
      if (answer.status === 404 || code === "INVOICE_NOTFOUND") return "gone";
      if (code === "INVOICE_ALREADY_CANCELED" || code === "INVOICE_ALREADY_CANCELLED")
        return "gone";
      throw failure("cancelInvoice", answer);
    },

    async ping() {
      return (await diagnose()) === null;
    },

    diagnose,
  };
}

function errorCode(text: string): string | undefined {
  try {
    const parsed = QpayErrorAnswer.safeParse(JSON.parse(text));
    if (parsed.success) return parsed.data.error_code ?? parsed.data.error;
  } catch {
    // Not JSON (a proxy's HTML page): no code to report.
  }
  return undefined;
}

/**
 * QPay's dates come without a zone ("2026-02-26T10:00:00"); they are read as Ulaanbaatar time
 * (UTC+8, no daylight saving since 2017). A date with a zone keeps it; one that does not parse
 * is null rather than a wrong time.
 */
function paymentDate(value: string | null | undefined): string | null {
  if (!value) return null;
  const text = value.trim().replace(" ", "T");
  const zoned = /(Z|[+-]\d\d:?\d\d)$/i.test(text) ? text : `${text}+08:00`;
  const time = Date.parse(zoned);
  return Number.isNaN(time) ? null : new Date(time).toISOString();
}
