import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import {
  QpayCheckAnswer,
  QpayErrorAnswer,
  QpayInvoiceAnswer,
  tokenExpiresAt,
} from "~/qpay/answers";
import { createQpayClient, type QpayClientOptions, QpayError } from "~/qpay/client.server";
import { type QpayStandIn, startQpayStandIn } from "../support/qpay-server";

/** Decision 053: the QPay client against the stand-in that follows QPay's documented API. */

let clock = Date.now();
const now = () => clock;
let standIn: QpayStandIn;
let seq = 0;

beforeAll(async () => {
  standIn = await startQpayStandIn({ now });
});
afterAll(async () => {
  await standIn.stop();
});
afterEach(async () => {
  await standIn.start();
  standIn.absoluteExpiry = false;
});

function client(extra: Partial<QpayClientOptions> = {}) {
  return createQpayClient({
    url: standIn.url,
    clientId: standIn.clientId,
    clientSecret: standIn.clientSecret,
    invoiceCode: standIn.invoiceCode,
    now,
    ...extra,
  });
}

function invoiceInput(amount = 10_000) {
  seq++;
  return {
    senderInvoiceNo: `SS-TEST-${Date.now()}-${seq}`,
    amount,
    description: "Хандив: Сургуулийн номын сан",
    callbackUrl: `https://storyshare.example/qpay/callback/token-${seq}`,
  };
}

/** Counts the calls made while `work` runs. */
async function counting<T>(work: () => Promise<T>) {
  const from = standIn.calls.length;
  const result = await work();
  const calls = standIn.calls.slice(from);
  const count = (method: string, path: string) =>
    calls.filter((call) => call.method === method && call.path === path).length;
  return { result, calls, count };
}

async function failure(promise: Promise<unknown>): Promise<QpayError> {
  const error = await promise.then(
    () => null,
    (caught: unknown) => caught,
  );
  expect(error).toBeInstanceOf(QpayError);
  return error as QpayError;
}

describe("the token", () => {
  it("is fetched once with Basic auth and reused by later calls", async () => {
    const qpay = client();
    const { count, calls } = await counting(async () => {
      const invoice = await qpay.createInvoice(invoiceInput());
      await qpay.checkPayment(invoice.invoiceId);
      await qpay.checkPayment(invoice.invoiceId);
    });
    expect(count("POST", "/v2/auth/token")).toBe(1);
    expect(calls.find((call) => call.path === "/v2/auth/token")?.auth).toBe("basic");
    expect(
      calls
        .filter((call) => call.path !== "/v2/auth/token")
        .every((call) => call.auth === "bearer"),
    ).toBe(true);
  });

  it("is refreshed through /v2/auth/refresh shortly before it expires, and falls back to the credentials when refreshing fails", async () => {
    const qpay = client();
    const invoice = await qpay.createInvoice(invoiceInput());

    clock += 500_000; // 100 s left of 600: still good
    const early = await counting(() => qpay.checkPayment(invoice.invoiceId));
    expect(early.count("POST", "/v2/auth/refresh") + early.count("POST", "/v2/auth/token")).toBe(0);

    clock += 80_000; // 20 s left: inside the 30 s margin
    const late = await counting(() => qpay.checkPayment(invoice.invoiceId));
    expect(late.count("POST", "/v2/auth/refresh")).toBe(1);
    expect(late.count("POST", "/v2/auth/token")).toBe(0);
    expect(late.calls.find((call) => call.path === "/v2/auth/refresh")?.auth).toBe("bearer");

    clock += 590_000;
    standIn.failNext(1, 500, { auth: true });
    const fallback = await counting(() => qpay.checkPayment(invoice.invoiceId));
    expect(fallback.count("POST", "/v2/auth/refresh")).toBe(1);
    expect(fallback.count("POST", "/v2/auth/token")).toBe(1);
    expect(fallback.calls.at(-1)?.status).toBe(200);
  });

  it("accepts expires_in as an absolute Unix time", async () => {
    standIn.absoluteExpiry = true;
    const qpay = client();
    const invoice = await qpay.createInvoice(invoiceInput());
    expect(standIn.callsTo("POST", "/v2/auth/token").at(-1)?.status).toBe(200);

    clock += 300_000;
    const middle = await counting(() => qpay.checkPayment(invoice.invoiceId));
    expect(middle.count("POST", "/v2/auth/refresh") + middle.count("POST", "/v2/auth/token")).toBe(
      0,
    );

    // Read as a lifetime in seconds, the Unix time would keep the token for decades.
    clock += 290_000;
    const late = await counting(() => qpay.checkPayment(invoice.invoiceId));
    expect(late.count("POST", "/v2/auth/refresh")).toBe(1);
  });

  it("is evicted by a 401 and the call is made once more; a second 401 is 'refused'", async () => {
    const qpay = client();
    const first = await qpay.createInvoice(invoiceInput());

    standIn.failNext(1, 401);
    const retried = await counting(() => qpay.checkPayment(first.invoiceId));
    expect(retried.count("POST", "/v2/payment/check")).toBe(2);
    expect(retried.count("POST", "/v2/auth/refresh")).toBe(1);
    expect(retried.result.paidAmount).toBe(0);

    standIn.failNext(2, 401);
    const refused = await counting(() => failure(qpay.checkPayment(first.invoiceId)));
    expect(refused.result.kind).toBe("refused");
    expect(refused.result.status).toBe(401);
    expect(refused.result.code).toBe("AUTHENTICATION_FAILED");
    expect(refused.count("POST", "/v2/payment/check")).toBe(2);
  });

  it("renews a token the server stopped taking before its time", async () => {
    const qpay = client();
    const invoice = await qpay.createInvoice(invoiceInput());
    standIn.expireTokens();
    await expect(qpay.checkPayment(invoice.invoiceId)).resolves.toMatchObject({ paidAmount: 0 });
  });

  it("is asked for once by five concurrent callers", async () => {
    const qpay = client();
    const invoice = await client().createInvoice(invoiceInput());
    const { count, result } = await counting(() =>
      Promise.all(Array.from({ length: 5 }, () => qpay.checkPayment(invoice.invoiceId))),
    );
    expect(result).toHaveLength(5);
    expect(count("POST", "/v2/auth/token")).toBe(1);
    expect(count("POST", "/v2/payment/check")).toBe(5);
  });
});

describe("failures", () => {
  it("a 5xx is 'unavailable' with QPay's status and code", async () => {
    const qpay = client();
    standIn.failNext(1, 500);
    const error = await failure(qpay.createInvoice(invoiceInput()));
    expect(error).toMatchObject({
      kind: "unavailable",
      status: 500,
      code: "INTERNAL_SERVER_ERROR",
    });
  });

  it("QPay not listening is 'unavailable'", async () => {
    const qpay = client();
    await standIn.stop();
    const error = await failure(qpay.createInvoice(invoiceInput()));
    expect(error.kind).toBe("unavailable");
    // Refused, or a kept-alive socket found closed: both say where it failed, for the log.
    expect(error.code).toMatch(/^(ECONNREFUSED|UND_ERR_SOCKET)$/);
    expect(await qpay.ping()).toBe(false);
    await standIn.start();
    expect(await qpay.ping()).toBe(true);
  });

  it("a call that hangs is a 'timeout' within the timeout", async () => {
    const qpay = client({ timeoutMs: 300 });
    await qpay.ping();
    standIn.failNext(1, "hang");
    const started = performance.now();
    const error = await failure(qpay.createInvoice(invoiceInput()));
    expect(error.kind).toBe("timeout");
    expect(performance.now() - started).toBeLessThan(2000);
  });

  it("a token request that hangs is a 'timeout' too", async () => {
    const qpay = client({ timeoutMs: 300 });
    standIn.failNext(1, "hang", { auth: true });
    const error = await failure(qpay.checkPayment("anything"));
    expect(error).toMatchObject({ kind: "timeout", operation: "token" });
  });

  it("wrong credentials are 'refused', and ping says false", async () => {
    const qpay = client({ clientSecret: "wrong" });
    const error = await failure(qpay.createInvoice(invoiceInput()));
    expect(error).toMatchObject({ kind: "refused", status: 401, code: "AUTHENTICATION_FAILED" });
    expect(await qpay.ping()).toBe(false);
    expect(await client().ping()).toBe(true);
  });
});

describe("createInvoice", () => {
  it("sends the documented fields, amount in whole tugrik, and reads the answer", async () => {
    const qpay = client();
    const input = invoiceInput(25_000);
    const invoice = await qpay.createInvoice(input);
    expect(standIn.invoices.get(invoice.invoiceId)?.request).toEqual({
      invoice_code: standIn.invoiceCode,
      sender_invoice_no: input.senderInvoiceNo,
      invoice_receiver_code: "terminal",
      invoice_description: input.description,
      amount: 25_000,
      callback_url: input.callbackUrl,
    });
    expect(invoice.qrText).toBe(standIn.invoices.get(invoice.invoiceId)?.qr_text);
    expect(Buffer.from(invoice.qrImage, "base64").subarray(0, 8)).toEqual(
      Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    );
    expect(invoice.shortUrl).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/s\//);
    expect(invoice.urls.map((url) => url.name)).toEqual(
      expect.arrayContaining(["Khan bank", "Golomt bank", "TDB online", "Xac bank", "State bank"]),
    );
    expect(invoice.urls[0]?.link).toMatch(/^khanbank:\/\/q\?qPay_QRcode=/);
  });

  it("refuses, before asking QPay, an amount that is not whole tugrik and a number over 45 characters", async () => {
    const qpay = client();
    const { count } = await counting(async () => {
      await expect(qpay.createInvoice({ ...invoiceInput(), amount: 1000.5 })).rejects.toThrow(
        RangeError,
      );
      await expect(qpay.createInvoice({ ...invoiceInput(), amount: 0 })).rejects.toThrow(
        RangeError,
      );
      await expect(
        qpay.createInvoice({ ...invoiceInput(), senderInvoiceNo: "X".repeat(46) }),
      ).rejects.toThrow(RangeError);
    });
    expect(count("POST", "/v2/invoice")).toBe(0);
    const longest = { ...invoiceInput(), senderInvoiceNo: `L${Date.now()}`.padEnd(45, "0") };
    await expect(qpay.createInvoice(longest)).resolves.toHaveProperty("invoiceId");
  });

  it("a sender_invoice_no used before is 'refused' with QPay's code", async () => {
    const qpay = client();
    const input = invoiceInput();
    await qpay.createInvoice(input);
    const error = await failure(qpay.createInvoice({ ...input, amount: 5000 }));
    expect(error).toMatchObject({ kind: "refused", status: 409, code: "INVOICE_CODE_REGISTERED" });
  });
});

describe("checkPayment", () => {
  it("counts nothing for an unpaid invoice or a PENDING row", async () => {
    const qpay = client();
    const { invoiceId } = await qpay.createInvoice(invoiceInput(10_000));
    expect(await qpay.checkPayment(invoiceId)).toEqual({ paidAmount: 0, rows: [] });

    standIn.pay(invoiceId, { status: "PENDING" });
    const pending = await qpay.checkPayment(invoiceId);
    expect(pending.paidAmount).toBe(0);
    expect(pending.rows).toEqual([expect.objectContaining({ status: "PENDING", amount: 10_000 })]);
  });

  it("reports a partial payment as the smaller sum", async () => {
    const qpay = client();
    const { invoiceId } = await qpay.createInvoice(invoiceInput(10_000));
    const payment = standIn.pay(invoiceId, { amount: 3000 });
    const check = await qpay.checkPayment(invoiceId);
    expect(check.paidAmount).toBe(3000);
    expect(check.rows).toEqual([
      {
        paymentId: payment.payment_id,
        status: "PAID",
        amount: 3000,
        paidAt: new Date(clock).toISOString().replace(/\.\d{3}Z$/, ".000Z"),
      },
    ]);
  });

  it("adds two PAID rows, and a pending row that clears", async () => {
    const qpay = client();
    const { invoiceId } = await qpay.createInvoice(invoiceInput(10_000));
    standIn.pay(invoiceId, { amount: 4000 });
    const pending = standIn.pay(invoiceId, { amount: 6000, status: "PENDING" });
    expect((await qpay.checkPayment(invoiceId)).paidAmount).toBe(4000);
    standIn.setPaymentStatus(pending.payment_id, "PAID");
    const check = await qpay.checkPayment(invoiceId);
    expect(check.paidAmount).toBe(10_000);
    expect(check.rows).toHaveLength(2);
  });

  it("pages past 100 rows", async () => {
    const qpay = client();
    const { invoiceId } = await qpay.createInvoice(invoiceInput(100_000));
    for (let i = 0; i < 230; i++) standIn.pay(invoiceId, { amount: 10 });
    const { result, calls } = await counting(() => qpay.checkPayment(invoiceId));
    expect(result.rows).toHaveLength(230);
    expect(result.paidAmount).toBe(2300);
    const pages = calls
      .filter((call) => call.path === "/v2/payment/check")
      .map((call) => call.body as { offset: { page_number: number; page_limit: number } });
    expect(pages.map((body) => body.offset)).toEqual([
      { page_number: 1, page_limit: 100 },
      { page_number: 2, page_limit: 100 },
      { page_number: 3, page_limit: 100 },
    ]);
  });
});

describe("cancelInvoice", () => {
  it("cancels an unpaid invoice, and tells paid, already cancelled and unknown apart", async () => {
    const qpay = client();
    const unpaid = await qpay.createInvoice(invoiceInput());
    expect(await qpay.cancelInvoice(unpaid.invoiceId)).toBe("cancelled");
    expect(standIn.invoices.get(unpaid.invoiceId)?.invoice_status).toBe("CANCELLED");
    expect(await qpay.cancelInvoice(unpaid.invoiceId)).toBe("gone");
    expect(() => standIn.pay(unpaid.invoiceId)).toThrow(/cancelled/);

    const paid = await qpay.createInvoice(invoiceInput());
    standIn.pay(paid.invoiceId, { amount: 1000 });
    expect(await qpay.cancelInvoice(paid.invoiceId)).toBe("paid");

    expect(await qpay.cancelInvoice("00000000-0000-4000-8000-000000000000")).toBe("gone");
  });

  it("a 5xx while cancelling is 'unavailable', not a cancellation", async () => {
    const qpay = client();
    const invoice = await qpay.createInvoice(invoiceInput());
    standIn.failNext(1, 500);
    expect((await failure(qpay.cancelInvoice(invoice.invoiceId))).kind).toBe("unavailable");
    expect(standIn.invoices.get(invoice.invoiceId)?.invoice_status).toBe("OPEN");
  });
});

describe("the stand-in's HTTP controls", () => {
  it("pay and call back for a separate process", async () => {
    const qpay = client();
    const input = invoiceInput(7000);
    const heard: string[] = [];
    const { createServer } = await import("node:http");
    const site = createServer((req, res) => {
      heard.push(req.method ?? "");
      res.end("SUCCESS");
    });
    await new Promise<void>((resolve) => site.listen(0, "127.0.0.1", resolve));
    const port = (site.address() as { port: number }).port;
    try {
      const invoice = await qpay.createInvoice({
        ...input,
        callbackUrl: `http://127.0.0.1:${port}/cb`,
      });
      const paid = await fetch(`${standIn.url}/_stand-in/pay/${invoice.invoiceId}?amount=7000`, {
        method: "POST",
      });
      expect(paid.status).toBe(200);
      const called = await fetch(`${standIn.url}/_stand-in/callback/${invoice.invoiceId}?times=5`, {
        method: "POST",
      });
      expect(await called.json()).toEqual(Array(5).fill({ status: 200, body: "SUCCESS" }));
      expect(heard).toEqual(Array(5).fill("POST"));
      expect((await qpay.checkPayment(invoice.invoiceId)).paidAmount).toBe(7000);
    } finally {
      site.closeAllConnections();
      await new Promise((resolve) => site.close(resolve));
    }
  });
});

describe("QPay's answers", () => {
  it("take amounts as strings, unknown fields, and either error field", () => {
    const check = QpayCheckAnswer.parse({
      count: "1",
      paid_amount: 5000,
      rows: [{ payment_id: 123, payment_status: "PAID", payment_amount: "5000.00", extra: true }],
      something_new: {},
    });
    expect(check.rows[0]).toMatchObject({ payment_id: "123", payment_amount: 5000 });
    expect(
      QpayCheckAnswer.safeParse({
        count: 1,
        rows: [{ payment_id: "1", payment_status: "PAID", payment_amount: "" }],
      }).success,
    ).toBe(false);
    expect(QpayErrorAnswer.parse({ error: "INVOICE_PAID" }).error).toBe("INVOICE_PAID");
  });

  it("drop a bank link that could run script", () => {
    const invoice = QpayInvoiceAnswer.parse({
      invoice_id: "i",
      qr_text: "q",
      qr_image: "data:image/png;base64,iVBORw0KGgo=",
      urls: [
        { name: "Khan bank", link: "khanbank://q?qPay_QRcode=q" },
        { name: "Bad", description: "", logo: "", link: " JavaScript:alert(1)" },
        { name: "Data", link: "data:text/html,<script>alert(1)</script>" },
        { name: "Blob", link: "blob:https://example.com/1" },
        { name: "About", link: "about:blank" },
        { name: "Not a link", link: "khan bank" },
        { name: "" },
      ],
    });
    expect(invoice.qr_image).toBe("iVBORw0KGgo=");
    expect(invoice.urls).toEqual([
      { name: "Khan bank", description: "", logo: "", link: "khanbank://q?qPay_QRcode=q" },
    ]);
  });

  it("tell a lifetime from an absolute time", () => {
    expect(tokenExpiresAt(600, 1_000_000)).toBe(1_600_000);
    expect(tokenExpiresAt(1_900_000_000, 0)).toBe(1_900_000_000_000);
    expect(tokenExpiresAt(1_900_000_000_000, 0)).toBe(1_900_000_000_000);
  });
});
