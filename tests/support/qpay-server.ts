import { randomBytes, randomUUID } from "node:crypto";
import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { pathToFileURL } from "node:url";
import { parseArgs } from "node:util";
import QRCode from "qrcode";

/**
 * A stand-in for QPay's merchant API v2, as documented (decision 053): Basic auth for a token,
 * Bearer refresh, Bearer on the rest, invoices with a real QR PNG and bank deep links,
 * payment/check with paging, cancel. Tests and people drive it: pay an invoice (in part, or as a
 * pending row), call the invoice's callback address, make the next calls fail or hang, stop it.
 * It listens on the loopback only: its controls have no password.
 *
 * Where QPay's documentation is silent or says two things, the choice is written in the decision
 * and in a comment here; the integration is tested against this server, not against QPay.
 */

export type QpayFailure = 401 | 500 | "hang";

export interface QpayStandInOptions {
  /** 0 (default) picks a free port. */
  port?: number;
  host?: string;
  clientId?: string;
  clientSecret?: string;
  invoiceCode?: string;
  /** Access token lifetime in seconds (QPay documents about 600). */
  tokenLifetime?: number;
  /** Refresh token lifetime in seconds (QPay documents about 3600). */
  refreshLifetime?: number;
  /** Report expires_in as an absolute Unix time, as some merchants see QPay do. */
  absoluteExpiry?: boolean;
  /** The clock, in ms; tests share a fake one with the client. */
  now?: () => number;
}

export interface StandInPayment {
  payment_id: string;
  payment_status: string;
  payment_amount: string;
  trx_fee: string;
  payment_currency: "MNT";
  payment_wallet: string;
  payment_type: "P2P";
  payment_date: string;
  next_payment_date: null;
  next_payment_datetime: null;
  card_transactions: [];
  p2p_transactions: Array<Record<string, string>>;
}

export interface StandInInvoice {
  invoice_id: string;
  invoice_code: string;
  sender_invoice_no: string;
  invoice_receiver_code: string;
  invoice_description: string;
  amount: number;
  callback_url: string;
  invoice_status: "OPEN" | "PAID" | "CANCELLED";
  qr_text: string;
  payments: StandInPayment[];
  /** Every field as the merchant sent it, for tests that check what was sent. */
  request: Record<string, unknown>;
}

export interface StandInCall {
  at: number;
  method: string;
  path: string;
  auth: "basic" | "bearer" | "none";
  status: number | "hang";
  body?: unknown;
}

export interface CallbackResult {
  status?: number;
  body?: string;
  error?: string;
}

// Names as QPay's urls[] carries them, the bank's own name in Mongolian as the description.
const BANKS = [
  { slug: "khanbank", name: "Khan bank", description: "Хаан банк", colour: "#00845a" },
  { slug: "golomtbank", name: "Golomt bank", description: "Голомт банк", colour: "#1b4a9b" },
  { slug: "tdbbank", name: "TDB online", description: "Худалдаа хөгжлийн банк", colour: "#0a3e7a" },
  { slug: "xacbank", name: "Xac bank", description: "Хас банк", colour: "#f26f21" },
  { slug: "statebank", name: "State bank", description: "Төрийн банк", colour: "#c8102e" },
] as const;

const BODY_LIMIT = 1024 * 1024;
const SENDER_INVOICE_NO_MAX = 45;

export class QpayStandIn {
  readonly clientId: string;
  readonly clientSecret: string;
  readonly invoiceCode: string;
  tokenLifetime: number;
  refreshLifetime: number;
  absoluteExpiry: boolean;
  readonly calls: StandInCall[] = [];
  readonly invoices = new Map<string, StandInInvoice>();

  private readonly host: string;
  private port: number;
  private readonly now: () => number;
  private server: Server | null = null;
  private readonly accessTokens = new Map<string, number>();
  private readonly refreshTokens = new Map<string, number>();
  private readonly failures: Array<{ kind: QpayFailure; auth: boolean }> = [];
  private readonly hanging = new Set<ServerResponse>();
  private paymentSeq = 0;

  constructor(options: QpayStandInOptions = {}) {
    this.host = options.host ?? "127.0.0.1";
    this.port = options.port ?? 0;
    this.clientId = options.clientId ?? "STAND_IN_MERCHANT";
    this.clientSecret = options.clientSecret ?? "stand-in-secret";
    this.invoiceCode = options.invoiceCode ?? "STAND_IN_INVOICE";
    this.tokenLifetime = options.tokenLifetime ?? 600;
    this.refreshLifetime = options.refreshLifetime ?? 3600;
    this.absoluteExpiry = options.absoluteExpiry ?? false;
    this.now = options.now ?? Date.now;
  }

  get url(): string {
    return `http://${this.host}:${this.port}`;
  }

  /** The four variables that point the site at this server. */
  env(): Record<string, string> {
    return {
      QPAY_URL: this.url,
      QPAY_CLIENT_ID: this.clientId,
      QPAY_CLIENT_SECRET: this.clientSecret,
      QPAY_INVOICE_CODE: this.invoiceCode,
    };
  }

  async start(): Promise<void> {
    if (this.server) return;
    const server = createServer((req, res) => {
      this.handle(req, res).catch((error: unknown) => {
        if (!res.headersSent)
          json(res, 500, { error_code: "STAND_IN_BUG", message: String(error) });
        else res.destroy();
      });
    });
    await new Promise<void>((resolve, reject) => {
      server.once("error", reject);
      server.listen(this.port, this.host, () => {
        server.off("error", reject);
        resolve();
      });
    });
    this.port = (server.address() as AddressInfo).port;
    this.server = server;
  }

  /** QPay goes away: the port stops answering, hanging calls are cut; the invoices stay. */
  async stop(): Promise<void> {
    const server = this.server;
    if (!server) return;
    this.server = null;
    for (const res of this.hanging) res.destroy();
    this.hanging.clear();
    const closed = new Promise<void>((resolve) => server.close(() => resolve()));
    server.closeAllConnections();
    await closed;
  }

  /** The next `count` calls fail this way; token calls only with `{ auth: true }`. */
  failNext(count: number, kind: QpayFailure, { auth = false }: { auth?: boolean } = {}): void {
    for (let i = 0; i < count; i++) this.failures.push({ kind, auth });
  }

  /** Every access token stops working, as when QPay's side expires them early. */
  expireTokens(): void {
    this.accessTokens.clear();
  }

  callsTo(method: string, path: string): StandInCall[] {
    return this.calls.filter((call) => call.method === method && call.path === path);
  }

  /**
   * A payer pays. `amount` defaults to what is still owed (all of it for a fresh invoice);
   * `status` defaults to "PAID" ("PENDING" rows are what a bank has not settled yet).
   */
  pay(invoiceId: string, { amount, status = "PAID" }: { amount?: number; status?: string } = {}) {
    const invoice = this.invoices.get(invoiceId);
    if (!invoice) throw new Error(`no invoice ${invoiceId}`);
    if (invoice.invoice_status === "CANCELLED")
      throw new Error(`invoice ${invoiceId} is cancelled`);
    const owed = Math.max(invoice.amount - paidSum(invoice), 0);
    const paid = amount ?? (owed || invoice.amount);
    const bank = BANKS[this.paymentSeq % BANKS.length]!;
    this.paymentSeq++;
    const payment: StandInPayment = {
      payment_id: String(400_000_000_000 + Math.floor(Math.random() * 99_999_999_999)),
      payment_status: status,
      // Amounts are strings with two decimals, as QPay sends them.
      payment_amount: paid.toFixed(2),
      trx_fee: "0.00",
      payment_currency: "MNT",
      payment_wallet: bank.name,
      payment_type: "P2P",
      payment_date: ulaanbaatarTime(this.now()),
      next_payment_date: null,
      next_payment_datetime: null,
      card_transactions: [],
      p2p_transactions: [
        {
          id: randomUUID(),
          transaction_bank_code: "050000",
          account_bank_code: "050000",
          account_bank_name: bank.name,
          account_number: "5000123456",
          status: status === "PAID" ? "SUCCESS" : "PENDING",
          amount: paid.toFixed(2),
          currency: "MNT",
          settlement_status: status === "PAID" ? "SETTLED" : "PENDING",
        },
      ],
    };
    invoice.payments.push(payment);
    this.settle(invoice);
    return payment;
  }

  /** A pending payment clears (or fails: any status). */
  setPaymentStatus(paymentId: string, status: string): void {
    for (const invoice of this.invoices.values()) {
      const payment = invoice.payments.find((row) => row.payment_id === paymentId);
      if (payment) {
        payment.payment_status = status;
        this.settle(invoice);
        return;
      }
    }
    throw new Error(`no payment ${paymentId}`);
  }

  /**
   * QPay calls the invoice's callback address, `times` times at once. Sources disagree on the
   * method: POST carries `{"invoice_id"}` in a JSON body (the published reference), GET adds
   * `qpay_payment_id` to the query (what merchants' handlers read).
   */
  async callback(
    invoiceId: string,
    { times = 1, method = "POST" }: { times?: number; method?: "POST" | "GET" } = {},
  ): Promise<CallbackResult[]> {
    const invoice = this.invoices.get(invoiceId);
    if (!invoice) throw new Error(`no invoice ${invoiceId}`);
    const target = new URL(invoice.callback_url);
    const last = invoice.payments.at(-1);
    if (method === "GET" && last) target.searchParams.set("qpay_payment_id", last.payment_id);
    const once = async (): Promise<CallbackResult> => {
      try {
        const response = await fetch(target, {
          method,
          headers: method === "POST" ? { "content-type": "application/json" } : {},
          body:
            method === "POST"
              ? JSON.stringify({ invoice_id: invoice.invoice_id, payment_id: last?.payment_id })
              : undefined,
          redirect: "manual",
          signal: AbortSignal.timeout(10_000),
        });
        return { status: response.status, body: await response.text() };
      } catch (error) {
        return { error: String((error as Error).cause ?? error) };
      }
    };
    return Promise.all(Array.from({ length: Math.max(1, times) }, once));
  }

  private settle(invoice: StandInInvoice): void {
    if (invoice.invoice_status !== "CANCELLED") {
      invoice.invoice_status = paidSum(invoice) >= invoice.amount ? "PAID" : "OPEN";
    }
  }

  private issueTokens() {
    const at = this.now();
    const access = randomBytes(24).toString("base64url");
    const refresh = randomBytes(24).toString("base64url");
    const accessUntil = at + this.tokenLifetime * 1000;
    const refreshUntil = at + this.refreshLifetime * 1000;
    this.accessTokens.set(access, accessUntil);
    this.refreshTokens.set(refresh, refreshUntil);
    const seconds = (until: number, lifetime: number) =>
      this.absoluteExpiry ? Math.floor(until / 1000) : lifetime;
    return {
      token_type: "bearer",
      refresh_expires_in: seconds(refreshUntil, this.refreshLifetime),
      refresh_token: refresh,
      access_token: access,
      expires_in: seconds(accessUntil, this.tokenLifetime),
      scope: "profile email",
      "not-before-policy": "0",
      session_state: randomUUID(),
    };
  }

  private valid(tokens: Map<string, number>, token: string | undefined): boolean {
    if (!token) return false;
    const until = tokens.get(token);
    if (until === undefined) return false;
    if (this.now() >= until) {
      tokens.delete(token);
      return false;
    }
    return true;
  }

  private async handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const url = new URL(req.url ?? "/", this.url);
    const path = url.pathname;
    const method = req.method ?? "GET";
    const raw = await readBody(req);
    if (raw === null) return json(res, 413, { error_code: "OBJECT_DATA_ERROR" });

    if (path.startsWith("/_stand-in/")) return this.control(method, path, url, raw, res);
    if (method === "GET" && path.startsWith("/s/")) return this.payPage(path.slice(3), res);

    const authorization = req.headers.authorization ?? "";
    const call: StandInCall = {
      at: this.now(),
      method,
      path,
      auth: /^basic /i.test(authorization)
        ? "basic"
        : /^bearer /i.test(authorization)
          ? "bearer"
          : "none",
      status: 0,
    };
    this.calls.push(call);
    const answer = (status: number, body?: unknown) => {
      call.status = status;
      json(res, status, body);
    };

    let body: unknown;
    if (raw.length > 0) {
      try {
        body = JSON.parse(raw);
        call.body = body;
      } catch {
        return answer(400, { error_code: "OBJECT_DATA_ERROR", message: "Body is not JSON" });
      }
    }

    const isAuth = path.startsWith("/v2/auth/");
    const failureAt = this.failures.findIndex((failure) => failure.auth || !isAuth);
    if (failureAt >= 0) {
      const [failure] = this.failures.splice(failureAt, 1);
      if (failure!.kind === "hang") {
        call.status = "hang";
        this.hanging.add(res);
        res.on("close", () => this.hanging.delete(res));
        return;
      }
      if (failure!.kind === 401) {
        return answer(401, {
          error_code: "AUTHENTICATION_FAILED",
          message: "Token expired or invalid",
        });
      }
      return answer(500, { error_code: "INTERNAL_SERVER_ERROR", message: "Internal server error" });
    }

    if (method === "POST" && path === "/v2/auth/token") {
      const credentials = basicCredentials(authorization);
      if (!credentials)
        return answer(401, { error_code: "NO_CREDENDIALS", message: "No credentials" });
      if (credentials.user !== this.clientId || credentials.password !== this.clientSecret) {
        return answer(401, {
          error_code: "AUTHENTICATION_FAILED",
          message: "Invalid username or password",
        });
      }
      return answer(200, this.issueTokens());
    }

    const bearer = /^bearer (.+)$/i.exec(authorization)?.[1]?.trim();
    if (method === "POST" && path === "/v2/auth/refresh") {
      if (!bearer || !this.valid(this.refreshTokens, bearer)) {
        return answer(401, {
          error_code: "AUTHENTICATION_FAILED",
          message: "Invalid or expired refresh token",
        });
      }
      // The old refresh token is spent, as documented.
      this.refreshTokens.delete(bearer);
      return answer(200, this.issueTokens());
    }

    if (!this.valid(this.accessTokens, bearer)) {
      return answer(401, {
        error_code: "AUTHENTICATION_FAILED",
        message: "Token expired or invalid",
      });
    }

    if (method === "POST" && path === "/v2/invoice") {
      const [status, result] = await this.createInvoice(body);
      return answer(status, result);
    }
    if (method === "POST" && (path === "/v2/payment/check" || path === "/v2/invoice/check")) {
      const [status, result] = this.check(body);
      return answer(status, result);
    }
    const invoiceId = /^\/v2\/invoice\/([^/]+)$/.exec(path)?.[1];
    if (invoiceId) {
      const invoice = this.invoices.get(decodeURIComponent(invoiceId));
      if (!invoice)
        return answer(404, { error_code: "INVOICE_NOTFOUND", message: "Invoice not found" });
      if (method === "GET") {
        const { request: _request, payments: _payments, ...shown } = invoice;
        return answer(200, {
          ...shown,
          total_amount: invoice.amount,
          paid_amount: paidSum(invoice),
        });
      }
      if (method === "DELETE") {
        // The invoices page gives these 400, the error-code table 409: 400 here (decision 053).
        if (invoice.invoice_status === "CANCELLED") {
          return answer(400, {
            error_code: "INVOICE_ALREADY_CANCELED",
            message: "Invoice already canceled",
          });
        }
        if (invoice.payments.some((row) => row.payment_status === "PAID")) {
          return answer(400, { error_code: "INVOICE_PAID", message: "Invoice is paid" });
        }
        invoice.invoice_status = "CANCELLED";
        // Documented: 200 with an empty body.
        call.status = 200;
        res.writeHead(200).end();
        return;
      }
    }
    return answer(404, { error_code: "NOT_FOUND", message: `No ${method} ${path}` });
  }

  private async createInvoice(body: unknown): Promise<[number, unknown]> {
    const fields = (body && typeof body === "object" ? body : {}) as Record<string, unknown>;
    const bad = (field: string): [number, unknown] => [
      400,
      { error_code: "OBJECT_DATA_ERROR", message: `${field} is missing or invalid` },
    ];
    if (fields.invoice_code !== this.invoiceCode) {
      return [400, { error_code: "INVOICE_CODE_INVALID", message: "Invoice code is invalid" }];
    }
    const senderNo = fields.sender_invoice_no;
    if (typeof senderNo !== "string" || !senderNo || senderNo.length > SENDER_INVOICE_NO_MAX) {
      return bad("sender_invoice_no");
    }
    if (typeof fields.invoice_receiver_code !== "string" || !fields.invoice_receiver_code) {
      return bad("invoice_receiver_code");
    }
    if (typeof fields.invoice_description !== "string" || !fields.invoice_description) {
      return bad("invoice_description");
    }
    // Whole tugrik, a JSON number: catches the amount sent as a string or multiplied by 100
    // into cents (the second passes here; the tests compare the amount sent).
    const amount = fields.amount;
    if (typeof amount !== "number" || !Number.isInteger(amount) || amount <= 0) {
      return [400, { error_code: "INVALID_AMOUNT", message: "Invalid amount" }];
    }
    const callbackUrl = fields.callback_url;
    if (
      typeof callbackUrl !== "string" ||
      !/^https?:\/\//i.test(callbackUrl) ||
      !URL.canParse(callbackUrl)
    ) {
      return bad("callback_url");
    }
    // sender_invoice_no is the merchant's, unique forever. QPay documents no code for a repeat;
    // the nearest in its table is INVOICE_CODE_REGISTERED (409). Unverified (decision 053).
    for (const other of this.invoices.values()) {
      if (other.sender_invoice_no === senderNo) {
        return [
          409,
          {
            error_code: "INVOICE_CODE_REGISTERED",
            message: "sender_invoice_no is already registered",
          },
        ];
      }
    }
    const invoiceId = randomUUID();
    const qrText = `0002010102121531${this.invoiceCode}5204599953034965405${amount}5802MN6011Ulaanbaatar62${invoiceId}`;
    const invoice: StandInInvoice = {
      invoice_id: invoiceId,
      invoice_code: this.invoiceCode,
      sender_invoice_no: senderNo,
      invoice_receiver_code: fields.invoice_receiver_code,
      invoice_description: fields.invoice_description,
      amount,
      callback_url: callbackUrl,
      invoice_status: "OPEN",
      qr_text: qrText,
      payments: [],
      request: fields,
    };
    this.invoices.set(invoiceId, invoice);
    const png = await QRCode.toBuffer(qrText, {
      type: "png",
      errorCorrectionLevel: "M",
      margin: 2,
      width: 256,
    });
    return [
      200,
      {
        invoice_id: invoiceId,
        qr_text: qrText,
        qr_image: png.toString("base64"),
        qPay_shortUrl: `${this.url}/s/${invoiceId}`,
        urls: BANKS.map((bank) => ({
          name: bank.name,
          description: bank.description,
          logo: `${this.url}/_stand-in/logo/${bank.slug}.svg`,
          link: `${bank.slug}://q?qPay_QRcode=${encodeURIComponent(qrText)}`,
        })),
      },
    ];
  }

  private check(body: unknown): [number, unknown] {
    const fields = (body && typeof body === "object" ? body : {}) as Record<string, unknown>;
    if (fields.object_type !== "INVOICE") {
      return [400, { error_code: "INVALID_OBJECT_TYPE", message: "Invalid object type" }];
    }
    const offset = (fields.offset ?? {}) as { page_number?: unknown; page_limit?: unknown };
    const page = Math.max(1, Math.trunc(Number(offset.page_number ?? 1)) || 1);
    // Documented default 10; capped at 100 here, the most the client asks for.
    const limit = Math.min(100, Math.max(1, Math.trunc(Number(offset.page_limit ?? 10)) || 10));
    const invoice = this.invoices.get(String(fields.object_id ?? ""));
    // An invoice it does not know is "no payments yet" rather than an error.
    const rows = invoice?.payments ?? [];
    return [
      200,
      {
        count: rows.length,
        paid_amount: invoice ? paidSum(invoice) : 0,
        rows: rows.slice((page - 1) * limit, page * limit),
      },
    ];
  }

  private async control(method: string, path: string, url: URL, raw: string, res: ServerResponse) {
    const params: Record<string, unknown> = Object.fromEntries(url.searchParams);
    if (raw) {
      try {
        Object.assign(params, JSON.parse(raw));
      } catch {
        Object.assign(params, Object.fromEntries(new URLSearchParams(raw)));
      }
    }
    const number = (value: unknown) =>
      value === undefined || value === "" ? undefined : Number(value);
    const logo = /^\/_stand-in\/logo\/([a-z]+)\.svg$/.exec(path)?.[1];
    if (method === "GET" && logo) return svgLogo(res, logo);
    if (method === "GET" && path === "/_stand-in/calls") return json(res, 200, this.calls);
    if (method === "GET" && path === "/_stand-in/invoices")
      return json(res, 200, [...this.invoices.values()]);
    if (method === "POST" && path === "/_stand-in/fail-next") {
      const kind = params.kind === "hang" ? "hang" : params.kind === "401" ? 401 : 500;
      this.failNext(number(params.n) ?? 1, kind, {
        auth: params.auth === "1" || params.auth === true,
      });
      return json(res, 200, { queued: this.failures.length });
    }
    if (method === "POST" && path === "/_stand-in/expire-tokens") {
      this.expireTokens();
      return json(res, 200, {});
    }
    const pay = /^\/_stand-in\/pay\/([^/]+)$/.exec(path)?.[1];
    if (method === "POST" && pay) {
      const invoiceId = decodeURIComponent(pay);
      const invoice = this.invoices.get(invoiceId);
      if (!invoice) return json(res, 404, { error: "no such invoice" });
      if (invoice.invoice_status === "CANCELLED")
        return json(res, 409, { error: "invoice cancelled" });
      const payment = this.pay(invoiceId, {
        amount: number(params.amount),
        status: typeof params.status === "string" && params.status ? params.status : undefined,
      });
      const callbacks = params.callback ? await this.callback(invoiceId) : [];
      if (params.back) {
        res.writeHead(303, { location: `/s/${invoiceId}` }).end();
        return;
      }
      return json(res, 200, { payment, callbacks });
    }
    const callback = /^\/_stand-in\/callback\/([^/]+)$/.exec(path)?.[1];
    if (method === "POST" && callback) {
      const invoiceId = decodeURIComponent(callback);
      if (!this.invoices.has(invoiceId)) return json(res, 404, { error: "no such invoice" });
      const results = await this.callback(invoiceId, {
        times: number(params.times) ?? 1,
        method: String(params.method ?? "POST").toUpperCase() === "GET" ? "GET" : "POST",
      });
      return json(res, 200, results);
    }
    return json(res, 404, { error: `no control ${method} ${path}` });
  }

  /** What qPay_shortUrl opens: the QR and a button that pays, for a person trying the site. */
  private async payPage(id: string, res: ServerResponse): Promise<void> {
    const invoice = this.invoices.get(decodeURIComponent(id));
    if (!invoice) {
      res.writeHead(404, { "content-type": "text/plain; charset=utf-8" }).end("No such invoice");
      return;
    }
    const qr = await QRCode.toDataURL(invoice.qr_text, { margin: 2, width: 256 });
    const paid = paidSum(invoice);
    const action = `/_stand-in/pay/${encodeURIComponent(invoice.invoice_id)}?callback=1&back=1`;
    const html = `<!doctype html><html lang="en"><meta charset="utf-8"><title>QPay stand-in</title>
<body style="font-family:sans-serif;max-width:32rem;margin:2rem auto">
<h1>QPay stand-in</h1>
<p>${escapeHtml(invoice.invoice_description)}: ${invoice.amount} ₮ (${escapeHtml(invoice.sender_invoice_no)})</p>
<p>Status: <strong>${invoice.invoice_status}</strong>, paid ${paid} ₮</p>
<img src="${qr}" alt="QR code" width="256" height="256">
${
  invoice.invoice_status === "CANCELLED"
    ? ""
    : `<form method="post" action="${action}"><button>Pay ${Math.max(invoice.amount - paid, 0) || invoice.amount} ₮ and call back</button></form>`
}
</body></html>`;
    res.writeHead(200, { "content-type": "text/html; charset=utf-8" }).end(html);
  }
}

/** A started stand-in. */
export async function startQpayStandIn(options: QpayStandInOptions = {}): Promise<QpayStandIn> {
  const standIn = new QpayStandIn(options);
  await standIn.start();
  return standIn;
}

function paidSum(invoice: StandInInvoice): number {
  return invoice.payments
    .filter((row) => row.payment_status === "PAID")
    .reduce((sum, row) => sum + Number(row.payment_amount), 0);
}

/** QPay's dates carry no zone; Ulaanbaatar's clock (UTC+8) is assumed on both sides. */
function ulaanbaatarTime(ms: number): string {
  return new Date(ms + 8 * 3600_000).toISOString().slice(0, 19);
}

function basicCredentials(header: string): { user: string; password: string } | null {
  const encoded = /^basic (.+)$/i.exec(header)?.[1];
  if (!encoded) return null;
  const decoded = Buffer.from(encoded.trim(), "base64").toString("utf8");
  const colon = decoded.indexOf(":");
  if (colon < 0) return null;
  return { user: decoded.slice(0, colon), password: decoded.slice(colon + 1) };
}

function json(res: ServerResponse, status: number, body?: unknown): void {
  if (body === undefined) {
    res.writeHead(status).end();
    return;
  }
  res
    .writeHead(status, { "content-type": "application/json; charset=utf-8" })
    .end(JSON.stringify(body));
}

function readBody(req: IncomingMessage): Promise<string | null> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    req.on("data", (chunk: Buffer) => {
      size += chunk.length;
      if (size <= BODY_LIMIT) chunks.push(chunk);
    });
    req.on("end", () => resolve(size > BODY_LIMIT ? null : Buffer.concat(chunks).toString("utf8")));
    req.on("error", reject);
  });
}

function svgLogo(res: ServerResponse, slug: string): void {
  const bank = BANKS.find((item) => item.slug === slug);
  if (!bank) {
    res.writeHead(404).end();
    return;
  }
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="64" height="64" viewBox="0 0 64 64"><rect width="64" height="64" rx="14" fill="${bank.colour}"/><text x="32" y="42" font-family="sans-serif" font-size="28" font-weight="bold" fill="#fff" text-anchor="middle">${bank.name[0]}</text></svg>`;
  res
    .writeHead(200, { "content-type": "image/svg+xml", "cache-control": "max-age=86400" })
    .end(svg);
}

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);
}

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: {
      port: { type: "string", default: "4100" },
      host: { type: "string", default: "127.0.0.1" },
      "client-id": { type: "string" },
      "client-secret": { type: "string" },
      "invoice-code": { type: "string" },
      "token-lifetime": { type: "string" },
      "absolute-expiry": { type: "boolean", default: false },
    },
  });
  const standIn = await startQpayStandIn({
    port: Number(values.port),
    host: values.host,
    clientId: values["client-id"],
    clientSecret: values["client-secret"],
    invoiceCode: values["invoice-code"],
    tokenLifetime: values["token-lifetime"] ? Number(values["token-lifetime"]) : undefined,
    absoluteExpiry: values["absolute-expiry"],
  });
  const lines = [
    `QPay stand-in listening on ${standIn.url}`,
    "",
    "Point the site at it with:",
    ...Object.entries(standIn.env()).map(([name, value]) => `  ${name}=${value}`),
    "",
    "Drive it from another terminal:",
    `  curl -X POST ${standIn.url}/_stand-in/pay/<invoice_id>              # pay in full (?amount=&status=PENDING)`,
    `  curl -X POST '${standIn.url}/_stand-in/callback/<invoice_id>?times=5' # call the site back (&method=GET)`,
    `  curl -X POST '${standIn.url}/_stand-in/fail-next?n=3&kind=500'       # or kind=401, kind=hang`,
    `  curl ${standIn.url}/_stand-in/invoices`,
    `  or open an invoice's qPay_shortUrl (${standIn.url}/s/<invoice_id>) and press Pay.`,
  ];
  process.stdout.write(`${lines.join("\n")}\n`);
  const shutdown = () => {
    standIn.stop().finally(() => process.exit(0));
  };
  process.on("SIGINT", shutdown);
  process.on("SIGTERM", shutdown);
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  main().catch((error: unknown) => {
    process.stderr.write(`${String(error)}\n`);
    process.exit(1);
  });
}
