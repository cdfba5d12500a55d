import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { db } from "#db/client";
import { auditLog, donationPools, poolDonations } from "#db/schema";
import { qpayCallback } from "~/api/qpay.server";
import { createPledge } from "~/models/donation-create.server";
import { action as statusAction, loader as statusLoader } from "~/routes/donations.$token";
import { loaderResult, routeArgs } from "./helpers";
import { withQpayStandIn } from "./qpay-helpers";

/**
 * Issue 39, items 2, 3 and 6 on the donor's status page: the QPay invoice above the bank
 * transfer while the gift waits, a calm note when QPay cannot make one, and "check again"
 * confirming a paid gift exactly once. Against the stand-in QPay on a loopback port; the site
 * itself answers QPay's callbacks on a second port, through the real callback route.
 */

interface StatusPage {
  donation: { status: string; paid_via: string | null };
  qpay: {
    invoice: {
      invoice_id: string;
      qr_image: string;
      urls: { name: string; link: string }[];
    } | null;
    unavailable: boolean;
  } | null;
  receipt: { page: string } | null;
}

const qpay = withQpayStandIn();
let site: Server;
let origin: string;
let poolId: number;
let phone = 0;

const pageRequest = (path: string, init: RequestInit = {}) => {
  const host = new URL(origin).host;
  return new Request(`${origin}${path}`, {
    ...init,
    headers: { host, origin, ...(init.headers as Record<string, string>) },
  });
};

async function statusPage(token: string) {
  const answer = await statusLoader(
    routeArgs(pageRequest(`/donations/${token}?lng=en`), { token }),
  );
  return loaderResult<StatusPage>(answer).data;
}

function checkAgain(token: string) {
  return statusAction(
    routeArgs(
      pageRequest(`/donations/${token}`, {
        method: "POST",
        body: new URLSearchParams({ intent: "check" }),
        headers: { "content-type": "application/x-www-form-urlencoded" },
      }),
      { token },
    ),
  ) as Promise<Response>;
}

async function pledge(amount = 12_000) {
  return createPledge(
    poolId,
    {
      donor_name: "Сараа",
      phone_number: `88${String(++phone).padStart(6, "0")}`,
      amount,
      transaction_reference: "TX-Q",
    },
    pageRequest(`/donation-pools/${poolId}/donate`),
  );
}

async function poolTotal() {
  const [row] = await db
    .select({ current: donationPools.current_amount })
    .from(donationPools)
    .where(eq(donationPools.id, poolId));
  return row!.current;
}

beforeAll(async () => {
  // The site's callback address, answered by the real route (QPay calls it from outside).
  site = createServer(async (req, res) => {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const token = /^\/api\/qpay\/callback\/([^/?]+)/.exec(req.url ?? "")?.[1] ?? "";
    const request = new Request(`${origin}${req.url}`, {
      method: req.method,
      headers: req.headers as Record<string, string>,
      body: req.method === "POST" ? Buffer.concat(chunks) : undefined,
    });
    const args = routeArgs(request, { token });
    const answer =
      req.method === "POST" ? await qpayCallback.action(args) : await qpayCallback.loader(args);
    res.writeHead(answer.status).end(await answer.text());
  });
  await new Promise<void>((resolve) => site.listen(0, "127.0.0.1", resolve));
  origin = `http://127.0.0.1:${(site.address() as AddressInfo).port}`;
  const [pool] = await db
    .insert(donationPools)
    .values({
      name: "Сургуулийн номын сан",
      description: "d",
      goal_amount: 1_000_000,
      bank_name: "Khan Bank",
      bank_account: "5000123456",
      account_name: "Б. Болд",
    })
    .returning({ id: donationPools.id });
  poolId = pool!.id;
});

afterAll(async () => {
  await new Promise((resolve) => site.close(resolve));
});

describe("the status page of a pledge with QPay configured", () => {
  it("shows the invoice's QR and bank apps while the pledge waits", async () => {
    const gift = await pledge();
    const page = await statusPage(gift.status_token);
    expect(page.donation.status).toBe("pending");
    expect(page.qpay?.unavailable).toBe(false);
    const invoice = page.qpay?.invoice;
    expect(invoice?.invoice_id).toBeTruthy();
    expect(qpay.standIn.invoices.get(invoice!.invoice_id)!.sender_invoice_no).toBe(
      gift.payment_code,
    );
    expect(invoice!.qr_image.length).toBeGreaterThan(100);
    expect(invoice!.urls.length).toBeGreaterThan(0);
    // The same invoice on the next visit.
    expect((await statusPage(gift.status_token)).qpay?.invoice?.invoice_id).toBe(
      invoice!.invoice_id,
    );
  });

  it("shows no invoice once the pledge is no longer pending", async () => {
    const gift = await pledge();
    await db.update(poolDonations).set({ status: "verified" }).where(eq(poolDonations.id, gift.id));
    const page = await statusPage(gift.status_token);
    expect(page.donation.status).toBe("verified");
    expect(page.qpay).toBeNull();
  });

  it("answers with the bank transfer and a note when QPay is down", async () => {
    const gift = await pledge();
    await qpay.standIn.stop();
    try {
      const page = await statusPage(gift.status_token);
      expect(page.donation.status).toBe("pending");
      expect(page.qpay).toEqual({ invoice: null, unavailable: true });
    } finally {
      await qpay.standIn.start();
    }
  });

  it("'check again' leaves an unpaid pledge pending, and confirms a paid one exactly once", async () => {
    const gift = await pledge(7000);
    const invoiceId = (await statusPage(gift.status_token)).qpay!.invoice!.invoice_id;
    const before = await poolTotal();

    const early = await checkAgain(gift.status_token);
    expect(early.status).toBe(302);
    expect(early.headers.get("location")).toBe(`/donations/${gift.status_token}`);
    expect((await statusPage(gift.status_token)).donation.status).toBe("pending");
    expect(await poolTotal()).toBe(before);

    qpay.standIn.pay(invoiceId);
    // A page's checks are a few seconds apart per invoice (qpay-confirm.server.ts).
    await new Promise((resolve) => setTimeout(resolve, 3100));
    const [first, second] = await Promise.all([
      checkAgain(gift.status_token),
      checkAgain(gift.status_token),
    ]);
    const callbacks = await qpay.standIn.callback(invoiceId, { times: 5 });
    await checkAgain(gift.status_token);
    expect(first.status).toBe(302);
    expect(second.status).toBe(302);
    expect(callbacks.every((call) => call.status === 200)).toBe(true);

    const page = await statusPage(gift.status_token);
    expect(page.donation.status).toBe("verified");
    expect(page.donation.paid_via).toBe("qpay");
    expect(page.qpay).toBeNull();
    expect(page.receipt).not.toBeNull();
    expect(await poolTotal()).toBe(before + 7000);

    const audits = await db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, "donation.verify"), eq(auditLog.entity_id, String(gift.id))));
    expect(audits).toHaveLength(1);
    expect(audits[0]!.actor_id).toBeNull();
    expect(JSON.parse(audits[0]!.details ?? "{}")).toMatchObject({
      via: "qpay",
      qpay: { invoice_id: invoiceId, paid_amount: 7000 },
    });
  }, 20_000);
});
