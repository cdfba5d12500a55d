import { and, eq } from "drizzle-orm";
import { beforeAll, beforeEach, describe, expect, it } from "vitest";
import { db } from "#db/client";
import { auditLog, donationPools, outbox, poolDonations, qpayInvoices, stories } from "#db/schema";
import { qpayCallback } from "~/api/qpay.server";
import { createGeneralDonation, createPledge } from "~/models/donation-create.server";
import { decidePoolDonation } from "~/models/donation-decide.server";
import { checkPaymentOf, sweepInvoices } from "~/models/qpay-confirm.server";
import { ensureInvoice } from "~/models/qpay-invoices.server";
import { createUser, type User } from "~/models/users.server";
import { getRequest, ORIGIN, routeArgs } from "./helpers";
import { withQpayStandIn } from "./qpay-helpers";

/**
 * Issue 39: QPay confirms a gift by itself, exactly once, and only when QPay's own payment check
 * says PAID rows add up to the amount. Against a stand-in that follows QPay's documented API on
 * a loopback port, never a mock.
 */

const qpay = withQpayStandIn();
let admin: User;
let poolId: number;
const req = () => getRequest("/donation-pools/1/donate");
const pledgeInput = {
  donor_name: "Сараа",
  phone_number: "9911 2233",
  amount: 15_000,
  transaction_reference: "TX-Q",
};
let phone = 0;
const nextPledge = () =>
  createPledge(
    poolId,
    { ...pledgeInput, phone_number: `88${String(++phone).padStart(6, "0")}` },
    req(),
  );

async function poolTotal() {
  const [row] = await db
    .select({ current: donationPools.current_amount })
    .from(donationPools)
    .where(eq(donationPools.id, poolId));
  return row!.current;
}

async function invoiceRow(kind: "pool" | "general" | "story", id: number) {
  const rows = await db
    .select()
    .from(qpayInvoices)
    .where(and(eq(qpayInvoices.target_kind, kind), eq(qpayInvoices.target_id, id)));
  return rows.at(-1)!;
}

/** The few seconds between two checks of one invoice, passed at once. */
const spacingPassed = () => db.update(qpayInvoices).set({ checked_at: null });

const pledgeStatus = async (id: number) =>
  (await db.query.poolDonations.findFirst({ where: eq(poolDonations.id, id) }))!.status;

/** QPay calling back, as it would: through the route, by POST or GET, with its own body. */
function callBack(token: string, method: "GET" | "POST" = "POST") {
  const request = new Request(`${ORIGIN}/api/qpay/callback/${token}`, {
    method,
    ...(method === "POST"
      ? {
          body: JSON.stringify({ invoice_id: "forged" }),
          headers: { "Content-Type": "application/json" },
        }
      : {}),
  });
  const args = routeArgs(request, { token });
  return method === "POST" ? qpayCallback.action(args) : qpayCallback.loader(args);
}

beforeAll(async () => {
  admin = await createUser("qpay_admin", "secret-pass", "admin");
  const [pool] = await db
    .insert(donationPools)
    .values({
      name: "Зүрхний мэс засал",
      description: "d",
      goal_amount: 1_000_000,
      bank_name: "Хаан банк",
      bank_account: "5000123456",
      account_name: "Б. Болд",
    })
    .returning({ id: donationPools.id });
  poolId = pool!.id;
});

beforeEach(async () => {
  if (!qpay.standIn.url) await qpay.standIn.start();
});

describe("an invoice per gift", () => {
  it("carries the payment code and the amount, and is made once however often a page asks", async () => {
    const pledge = await nextPledge();
    const views = await Promise.all(
      Array.from({ length: 5 }, () => ensureInvoice({ kind: "pool", id: pledge.id }, req())),
    );
    const made = [...qpay.standIn.invoices.values()].filter((i) =>
      i.sender_invoice_no.startsWith(pledge.payment_code),
    );
    expect(made).toHaveLength(1);
    expect(made[0]!.sender_invoice_no).toBe(pledge.payment_code);
    expect(made[0]!.amount).toBe(15_000);
    expect(made[0]!.callback_url).toMatch(/\/api\/qpay\/callback\/[\w-]{32}$/);
    // The callback address never carries the donor's status token or the code.
    expect(made[0]!.callback_url).not.toContain(pledge.status_token);
    expect(made[0]!.callback_url).not.toContain(pledge.payment_code);
    const shown = views.filter(Boolean);
    expect(shown.length).toBeGreaterThanOrEqual(1);
    const again = await ensureInvoice({ kind: "pool", id: pledge.id }, req());
    expect(again?.invoice_id).toBe(made[0]!.invoice_id);
    expect(again?.qr_image.length).toBeGreaterThan(100);
    expect(again?.urls.length).toBeGreaterThan(0);
  });

  it("a site donation gets one too", async () => {
    const gift = await createGeneralDonation(
      { ...pledgeInput, amount: 2000, bank_name: "TDB", phone_number: "70112233" },
      getRequest("/donate"),
    );
    const view = await ensureInvoice({ kind: "general", id: gift.id }, req());
    expect(view?.invoice_id).toBeTruthy();
    expect(qpay.standIn.invoices.get(view!.invoice_id)!.sender_invoice_no).toBe(gift.payment_code);
  });

  it("with QPay down the pledge stands with its code, and no QR is offered until QPay answers", async () => {
    await qpay.standIn.stop();
    const pledge = await nextPledge();
    expect(pledge.payment_code).toMatch(/^[A-Z]\d{6}$/);
    expect(await ensureInvoice({ kind: "pool", id: pledge.id }, req())).toBeNull();
    expect(await pledgeStatus(pledge.id)).toBe("pending");
    expect((await invoiceRow("pool", pledge.id)).status).toBe("failed");
    await qpay.standIn.start();
  });
});

describe("confirmed by QPay's word only", () => {
  it("a callback before paying, or with a token of nobody's, confirms nothing", async () => {
    const pledge = await nextPledge();
    const view = (await ensureInvoice({ kind: "pool", id: pledge.id }, req()))!;
    const row = await invoiceRow("pool", pledge.id);
    const checks = () => qpay.standIn.callsTo("POST", "/v2/payment/check").length;
    const before = checks();
    const forged = await callBack("not-a-token-of-ours");
    expect(forged.status).toBe(200);
    expect(await forged.text()).toBe("SUCCESS");
    expect(checks()).toBe(before);
    await callBack(row.callback_token);
    expect(checks()).toBe(before + 1);
    expect(await pledgeStatus(pledge.id)).toBe("pending");
    expect(view.invoice_id).toBe(row.invoice_id);
  });

  it("a pending payment, or one smaller than the invoice, is not a paid one", async () => {
    const pledge = await nextPledge();
    const view = (await ensureInvoice({ kind: "pool", id: pledge.id }, req()))!;
    const row = await invoiceRow("pool", pledge.id);
    qpay.standIn.pay(view.invoice_id, { status: "PENDING" });
    await spacingPassed();
    expect(await checkPaymentOf({ kind: "pool", id: pledge.id })).toBe("waiting");
    qpay.standIn.pay(view.invoice_id, { amount: 5000 });
    await spacingPassed();
    await callBack(row.callback_token, "GET");
    expect(await pledgeStatus(pledge.id)).toBe("pending");
    qpay.standIn.pay(view.invoice_id, { amount: 10_000 });
    await spacingPassed();
    await callBack(row.callback_token, "GET");
    expect(await pledgeStatus(pledge.id)).toBe("verified");
  });

  it("paid, then five callbacks at once: the total rises by the amount once, one audit row, one message", async () => {
    const pledge = await nextPledge();
    const view = (await ensureInvoice({ kind: "pool", id: pledge.id }, req()))!;
    const row = await invoiceRow("pool", pledge.id);
    const before = await poolTotal();
    qpay.standIn.pay(view.invoice_id);
    const answers = await Promise.all([
      callBack(row.callback_token),
      callBack(row.callback_token, "GET"),
      callBack(row.callback_token),
      callBack(row.callback_token),
      checkPaymentOf({ kind: "pool", id: pledge.id }),
    ]);
    for (const answer of answers.slice(0, 4)) expect((answer as Response).status).toBe(200);
    // A check within three seconds of another waits its turn: the next one confirms.
    await spacingPassed();
    await callBack(row.callback_token);
    expect(await pledgeStatus(pledge.id)).toBe("verified");
    expect(await poolTotal()).toBe(before + 15_000);
    const audits = await db
      .select()
      .from(auditLog)
      .where(
        and(eq(auditLog.entity_type, "pool_donation"), eq(auditLog.entity_id, String(pledge.id))),
      );
    expect(audits).toHaveLength(1);
    expect(audits[0]!.actor_id).toBeNull();
    expect(JSON.parse(audits[0]!.details!)).toMatchObject({
      via: "qpay",
      qpay: { invoice_id: view.invoice_id, paid_amount: 15_000 },
    });
    const paidRow = await invoiceRow("pool", pledge.id);
    expect(paidRow.status).toBe("paid");
    expect(paidRow.payment_id).toBeTruthy();
    const told = await db
      .select({ key: outbox.dedupe_key })
      .from(outbox)
      .where(eq(outbox.kind, "pool_donation.verified"));
    expect(
      told.filter((m) => m.key.startsWith(`pool_donation:${pledge.id}:`)).length,
    ).toBeLessThanOrEqual(2);
    // Later callbacks change nothing.
    await spacingPassed();
    await callBack(row.callback_token);
    expect(await poolTotal()).toBe(before + 15_000);
  }, 20_000);

  it("a payment no callback announced (the process died between paid and confirmed) is found by the sweep", async () => {
    const pledge = await nextPledge();
    const view = (await ensureInvoice({ kind: "pool", id: pledge.id }, req()))!;
    const before = await poolTotal();
    qpay.standIn.pay(view.invoice_id);
    expect(await pledgeStatus(pledge.id)).toBe("pending");
    // Not yet due: the sweep leaves it alone.
    await sweepInvoices(new Date());
    expect(await pledgeStatus(pledge.id)).toBe("pending");
    await sweepInvoices(new Date(Date.now() + 2 * 60_000));
    expect(await pledgeStatus(pledge.id)).toBe("verified");
    expect(await poolTotal()).toBe(before + 15_000);
  });
});

describe("nothing counted twice, no stale QR", () => {
  it("a pledge verified by an administrator from a transfer has its invoice cancelled at QPay", async () => {
    const pledge = await nextPledge();
    const view = (await ensureInvoice({ kind: "pool", id: pledge.id }, req()))!;
    await decidePoolDonation(poolId, pledge.id, "verified", admin);
    await expect
      .poll(() => qpay.standIn.invoices.get(view.invoice_id)!.invoice_status)
      .toBe("CANCELLED");
    expect((await invoiceRow("pool", pledge.id)).status).toBe("cancelled");
  });

  it("a rejected pledge's invoice is cancelled, and a later payment check credits nothing", async () => {
    const pledge = await nextPledge();
    const view = (await ensureInvoice({ kind: "pool", id: pledge.id }, req()))!;
    const before = await poolTotal();
    await decidePoolDonation(poolId, pledge.id, "rejected", admin);
    await expect
      .poll(() => qpay.standIn.invoices.get(view.invoice_id)!.invoice_status)
      .toBe("CANCELLED");
    expect(await checkPaymentOf({ kind: "pool", id: pledge.id })).toBe("none");
    expect(await poolTotal()).toBe(before);
  });

  it("when QPay could not cancel, the sweep cancels the invoice of a gift decided meanwhile", async () => {
    const pledge = await nextPledge();
    const view = (await ensureInvoice({ kind: "pool", id: pledge.id }, req()))!;
    await qpay.standIn.stop();
    await decidePoolDonation(poolId, pledge.id, "rejected", admin);
    await new Promise((r) => setTimeout(r, 200));
    await qpay.standIn.start();
    expect((await invoiceRow("pool", pledge.id)).status).toBe("open");
    await sweepInvoices(new Date(Date.now() + 2 * 60_000));
    expect(qpay.standIn.invoices.get(view.invoice_id)!.invoice_status).toBe("CANCELLED");
  });
});

describe("featured stories", () => {
  it("a paid story's payment is verified through QPay and the story is published, with no administrator", async () => {
    const author = await createUser("qpay_author", "secret-pass");
    const [story] = await db
      .insert(stories)
      .values({
        user_id: author.id,
        author: author.username,
        title: "Говийн од",
        story: "…",
        pricing_tier: "weekly",
        price: 15_000,
        featured_days: 7,
        bank_name: "Хаан банк",
        bank_account: "5000",
        payment_reference: "482913",
      })
      .returning({ id: stories.id });
    const view = (await ensureInvoice({ kind: "story", id: story!.id }, req()))!;
    expect(qpay.standIn.invoices.get(view.invoice_id)!.sender_invoice_no).toBe("482913");
    qpay.standIn.pay(view.invoice_id);
    expect(await checkPaymentOf({ kind: "story", id: story!.id })).toBe("paid");
    const after = await db.query.stories.findFirst({ where: eq(stories.id, story!.id) });
    expect(after!.payment_status).toBe("verified");
    expect(after!.status).toBe("approved");
    expect(after!.expires_at).toBeTruthy();
  });
});
