import { desc, eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { db } from "#db/client";
import { auditLog, donationPools, stories } from "#db/schema";
import { auditActor } from "~/lib/audit-actor";
import { listAuditLog } from "~/models/audit.server";
import { createUser } from "~/models/users.server";
import { loader as pendingLoader } from "~/routes/admin.donations.pending";
import { loader as paymentsLoader } from "~/routes/admin.payments";
import { loader as paymentLoader } from "~/routes/admin.payments.$id";
import { loader as settingsLoader } from "~/routes/admin.settings";
import { action as pledgeApi } from "~/routes/api.donation-pools.$id.donations";
import { action as donationApi } from "~/routes/api.donations";
import { action as statusCheck, loader as statusGet } from "~/routes/api.donations.status.$token";
import { action as storiesApi } from "~/routes/api.stories";
import { loader as storyGet } from "~/routes/api.stories.$id";
import { getRequest, jsonRequest, routeArgs, signInAs } from "./helpers";
import { payThroughQpay, withQpayStandIn } from "./qpay-helpers";

/**
 * Issue 39 items 7 and 8: what administrators see of QPay (the audit log's actor, Settings) and
 * what the /api answers carry (the invoice; the status page's twin), against the stand-in.
 */
const qpay = withQpayStandIn();

let poolId: number;
let adminCookie: string;
let authorCookie: string;
let otherCookie: string;

type Json = Record<string, unknown>;
const json = async (response: unknown) => (await (response as Response).json()) as Json;

const pledgeBody = (phone: string) => ({
  donor_name: "Ариунаа",
  phone_number: phone,
  amount: 5000,
  transaction_reference: "API-QPAY",
});

async function pledge(phone: string) {
  const response = (await pledgeApi(
    routeArgs(jsonRequest(`/api/donation-pools/${poolId}/donations`, pledgeBody(phone)), {
      id: String(poolId),
    }),
  )) as Response;
  expect(response.status).toBe(201);
  return json(response);
}

const tokenOf = (answer: Json) => String(answer.status_url).split("/").pop()!;
const statusArgs = (token: string, method = "GET") =>
  routeArgs(
    method === "GET"
      ? getRequest(`/api/donations/status/${token}`)
      : jsonRequest(
          `/api/donations/status/${token}`,
          {},
          { headers: { origin: "http://localhost:3000" } },
        ),
    { token },
  );

beforeAll(async () => {
  await createUser("qpay_boss", "secret-pass", "admin");
  await createUser("qpay_author", "secret-pass");
  await createUser("qpay_other", "secret-pass");
  adminCookie = await signInAs("qpay_boss");
  authorCookie = await signInAs("qpay_author");
  otherCookie = await signInAs("qpay_other");
  const [pool] = await db
    .insert(donationPools)
    .values({
      name: "Эмнэлгийн тоног төхөөрөмж",
      description: "Тест",
      goal_amount: 1_000_000,
      bank_name: "Khan Bank",
      bank_account: "5039184726",
      account_name: "Сан",
    })
    .returning({ id: donationPools.id });
  poolId = pool!.id;
});

describe("the /api answers carry the QPay invoice", () => {
  it("a pledge's answer has qpay: invoice id, QR image and text, short link, bank links", async () => {
    const answer = await pledge("88001122");
    const invoice = answer.qpay as Json;
    expect(invoice).toMatchObject({
      invoice_id: expect.any(String),
      qr_image: expect.stringMatching(/^[A-Za-z0-9+/=]+$/),
      qr_text: expect.any(String),
    });
    expect((invoice.urls as unknown[]).length).toBeGreaterThan(0);
    expect(qpay.standIn.invoices.get(String(invoice.invoice_id))?.sender_invoice_no).toBe(
      answer.payment_code,
    );
  });

  it("a site donation's answer has one too", async () => {
    const response = (await donationApi(
      routeArgs(
        jsonRequest("/api/donations", {
          ...pledgeBody("88001133"),
          bank_name: "Khan Bank",
          amount: 2000,
        }),
      ),
    )) as Response;
    expect(response.status).toBe(201);
    const answer = await json(response);
    expect((answer.qpay as Json).invoice_id).toEqual(expect.any(String));
  });

  it("a paid story's answer, and the story read by its author or an administrator while its payment waits", async () => {
    const response = (await storiesApi(
      routeArgs(
        jsonRequest(
          "/api/stories",
          {
            title: "Тал нутгийн намар",
            story: "Намрын тал нутаг алтан шаргал өнгөөр гэрэлтэж, салхи зөөлөн үлээнэ.",
            pricing_tier: "weekly",
            payment_reference: "739164",
            bank_name: "Khan Bank",
            bank_account: "5012345678",
            account_name: "Болд",
          },
          { cookie: authorCookie },
        ),
      ),
    )) as Response;
    expect(response.status).toBe(201);
    const sent = await json(response);
    const invoiceId = (sent.qpay as Json).invoice_id;
    expect(invoiceId).toEqual(expect.any(String));
    const read = (cookie: string) =>
      storyGet(routeArgs(getRequest(`/api/stories/${sent.id}`, cookie), { id: String(sent.id) }));
    expect(((await json(await read(authorCookie))).qpay as Json).invoice_id).toBe(invoiceId);
    expect(((await json(await read(adminCookie))).qpay as Json).invoice_id).toBe(invoiceId);
    // Anyone else cannot read a story waiting for review at all.
    expect(((await read(otherCookie)) as Response).status).toBe(404);
  });

  it("without QPay the answers have no qpay at all", async () => {
    await qpay.standIn.stop();
    try {
      const answer = await pledge("88001144");
      expect(answer.payment_code).toMatch(/^X\d{6}$/);
      expect(answer).not.toHaveProperty("qpay");
    } finally {
      await qpay.standIn.start();
    }
  });
});

describe("GET and POST /api/donations/status/{token}: the status page's twin", () => {
  it("reads a pending pledge with its invoice, then checks again after it was paid", async () => {
    const made = await pledge("88001155");
    const token = tokenOf(made);
    const first = await json(await statusGet(statusArgs(token)));
    expect(first).toMatchObject({
      status: "pending",
      amount: 5000,
      payment_code: made.payment_code,
      pool: { id: poolId, name: "Эмнэлгийн тоног төхөөрөмж" },
      confirmed_at: null,
      paid_through: null,
      qpay: { invoice_id: (made.qpay as Json).invoice_id },
    });

    qpay.standIn.pay(String((made.qpay as Json).invoice_id));
    const checked = (await statusCheck(statusArgs(token, "POST"))) as Response;
    expect(checked.status).toBe(200);
    const after = await json(checked);
    expect(after).toMatchObject({
      status: "verified",
      paid_through: "qpay",
      confirmed_at: expect.any(String),
      check: "paid",
    });
    expect(after.qpay).toBeNull();
    const [pool] = await db
      .select({ total: donationPools.current_amount })
      .from(donationPools)
      .where(eq(donationPools.id, poolId));
    expect(pool!.total).toBe(5000);
    // Asked again: nothing counted twice.
    await statusCheck(statusArgs(token, "POST"));
    const [again] = await db
      .select({ total: donationPools.current_amount })
      .from(donationPools)
      .where(eq(donationPools.id, poolId));
    expect(again!.total).toBe(5000);
  });

  it("an unknown token is a 404", async () => {
    const token = "a".repeat(32);
    expect(((await statusGet(statusArgs(token))) as Response).status).toBe(404);
    expect(((await statusCheck(statusArgs(token, "POST"))) as Response).status).toBe(404);
  });
});

describe("administrators see QPay", () => {
  it("the audit row of a QPay confirmation names QPay as its actor", async () => {
    const [row] = await db
      .select()
      .from(auditLog)
      .where(eq(auditLog.action, "donation.verify"))
      .orderBy(desc(auditLog.id))
      .limit(1);
    expect(row!.actor_username).toBeNull();
    const log = await listAuditLog({ action: "donation.verify", page: 1 });
    expect(auditActor(log.items[0]!)).toEqual({ key: "activity.qpay" });
    expect(auditActor({ ...log.items[0]!, actor_username: "boss" })).toEqual({ name: "boss" });
  });

  it("the pending list says a pledge has an open QPay invoice", async () => {
    const made = await pledge("88001166");
    const data = (await pendingLoader(
      routeArgs(getRequest("/admin/donations/pending", adminCookie)),
    )) as { pending: { items: Array<{ id: number; kind: string; qpay: Json | null }> } };
    const item = data.pending.items.find((d) => d.kind === "pool" && d.id === made.id)!;
    expect(item.qpay).toMatchObject({
      status: "open",
      invoice_id: (made.qpay as Json).invoice_id,
      payment_id: null,
    });
  });

  it("a story paid through QPay shows its invoice, payment id and when, on the payments screen", async () => {
    const [story] = await db
      .select({ id: stories.id })
      .from(stories)
      .where(eq(stories.title, "Тал нутгийн намар"));
    const invoice = await payThroughQpay(qpay.standIn, { kind: "story", id: story!.id });
    const list = (await paymentsLoader(
      routeArgs(getRequest("/admin/payments?filter=verified", adminCookie)),
    )) as { rows: Array<{ id: number; qpay: Json | null }> };
    const facts = {
      status: "paid",
      invoice_id: invoice.invoice_id,
      payment_id: expect.any(String),
      paid_at: expect.stringMatching(/^\d{4}-/),
    };
    expect(list.rows.find((r) => r.id === story!.id)?.qpay).toMatchObject(facts);
    const details = (await paymentLoader(
      routeArgs(getRequest(`/admin/payments/${story!.id}`, adminCookie), { id: String(story!.id) }),
    )) as { story: { qpay: Json | null } };
    expect(details.story.qpay).toMatchObject(facts);
    const log = await listAuditLog({ action: "story.verify_payment", page: 1 });
    expect(auditActor(log.items[0]!)).toEqual({ key: "activity.qpay" });
  });

  it("Settings says QPay is configured and answering, never showing the secret", async () => {
    const data = (await settingsLoader(
      routeArgs(getRequest("/admin/settings", adminCookie)),
    )) as unknown as { qpay: Json };
    expect(data.qpay).toMatchObject({ configured: true, state: "answering" });
    expect(JSON.stringify(data)).not.toContain(qpay.standIn.clientSecret);
  });

  it("Settings says not answering, with why, when QPay is stopped", async () => {
    await qpay.standIn.stop();
    try {
      const data = (await settingsLoader(
        routeArgs(getRequest("/admin/settings", adminCookie)),
      )) as unknown as { qpay: Json };
      expect(data.qpay).toMatchObject({ configured: true, state: "not_answering" });
      expect(String(data.qpay.reason)).not.toBe("");
    } finally {
      await qpay.standIn.start();
    }
  });
});
