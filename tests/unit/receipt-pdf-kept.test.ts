import path from "node:path";
import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { db } from "#db/client";
import { donationPools, poolDonations } from "#db/schema";
import { seed } from "#db/seed";
import { HttpError } from "~/http/http.server";
import { ThreadPool } from "~/lib/thread-pool.server";
import { createPledge } from "~/models/donation-create.server";
import { decidePoolDonation } from "~/models/donation-decide.server";
import { type ReceiptPdfSpec, receiptPdfThreads } from "~/models/receipt-pdf.server";
import { createUser, type User } from "~/models/users.server";
import { loader as receiptPdf } from "~/routes/donations.$token_.receipt[.]pdf";
import { getRequest, routeArgs } from "./helpers";

/**
 * The receipt PDF is kept by a hash of what goes into it (issue 38 item 9, decision 050): the
 * same receipt in the same language is drawn once and then served from the store with a strong
 * ETag; another language or a changed receipt is drawn again. Drawing happens in worker threads,
 * never more at once than the cap, and a receipt is drawn only a few times a minute.
 */

let admin: User;
let poolId: number;
let phoneCounter = 0;

async function verifiedGift() {
  const phone = `8822${String(++phoneCounter).padStart(4, "0")}`;
  const gift = await createPledge(
    poolId,
    {
      donor_name: "Болормаа Ганбат",
      phone_number: phone,
      amount: 30_000,
      transaction_reference: `KEPT-${phone}`,
    },
    getRequest(`/donation-pools/${poolId}/donate`),
  );
  await decidePoolDonation(poolId, gift.id, "verified", admin);
  return gift;
}

function download(token: string, query = "", headers: Record<string, string> = {}) {
  const request = getRequest(`/donations/${token}/receipt.pdf${query}`);
  for (const [name, value] of Object.entries(headers)) request.headers.set(name, value);
  return receiptPdf(routeArgs(request, { token })) as Promise<Response>;
}

const bytes = async (res: Response) => Buffer.from(await res.arrayBuffer());
/** How many PDFs this process has drawn so far. */
const draws = () => receiptPdfThreads.stats.done;

const FONTS = {
  regular: path.resolve("assets/fonts/NotoSans-Regular.ttf"),
  bold: path.resolve("assets/fonts/NotoSans-Bold.ttf"),
};
const WORKER = path.resolve("app/models/receipt-pdf-draw.worker.mjs");

/** A receipt's spec as the route would make it, numbered `n`. */
const spec = (n: number): ReceiptPdfSpec => ({
  lng: "mn",
  created: "2026-03-05T06:07:08.000Z",
  title: "Хандивын баримт",
  site: "StoryShare",
  host: "localhost:3000",
  number: `SS-TEST-${String(n).padStart(4, "0")}-X`,
  numberLabel: "Баримтын дугаар",
  issued: "Олгосон: 2026 оны 3-р сарын 5",
  intro: "Доорх хандивыг хүлээн авч баталгаажуулсныг энэ баримт гэрчилнэ.",
  lines: [{ key: "amount", label: "Дүн", value: "30,000₮" }],
  note: "",
  verifyTitle: "Баримт жинхэнэ эсэхийг шалгах",
  verifyText: "",
  verifyUrl: `http://localhost:3000/receipts/SS-TEST-${n}`,
  footer: "",
});

beforeAll(async () => {
  await seed();
  admin = await createUser("kept_pdf_admin", "secret-pass", "admin");
  const [pool] = await db
    .insert(donationPools)
    .values({
      name: "Номын сан",
      description: "Сургуулийн номын сан",
      goal_amount: 1_000_000,
      bank_name: "Khan Bank",
      bank_account: "5000999888",
      account_name: "Номын сан",
    })
    .returning({ id: donationPools.id });
  poolId = pool!.id;
});

describe("a kept receipt PDF", () => {
  it("is the same bytes under a strong ETag the second time, and 304 when the client has it", async () => {
    const gift = await verifiedGift();
    const before = draws();
    const first = await download(gift.status_token);
    expect(first.status).toBe(200);
    expect(draws()).toBe(before + 1);
    const etag = first.headers.get("ETag");
    expect(etag).toMatch(/^"[0-9a-f]{32}"$/);
    const second = await download(gift.status_token);
    expect(second.headers.get("ETag")).toBe(etag);
    expect((await bytes(second)).equals(await bytes(first))).toBe(true);
    expect(draws(), "the second download is not drawn again").toBe(before + 1);

    const again = await download(gift.status_token, "", { "If-None-Match": etag! });
    expect(again.status).toBe(304);
    expect(again.headers.get("ETag")).toBe(etag);
    expect(again.headers.get("Cache-Control")).toBe("private, no-store");
    expect(await again.text()).toBe("");
    expect(draws()).toBe(before + 1);
  });

  it("has another ETag in another language, and when the receipt changes", async () => {
    const gift = await verifiedGift();
    const before = draws();
    const mn = (await download(gift.status_token)).headers.get("ETag");
    const en = (await download(gift.status_token, "?lng=en")).headers.get("ETag");
    expect(en).not.toBe(mn);
    expect(draws(), "the same receipt in English is drawn again").toBe(before + 2);
    await db
      .update(poolDonations)
      .set({ donor_name: "Болормаа Ганбатын" })
      .where(eq(poolDonations.id, gift.id));
    const renamed = await download(gift.status_token);
    expect(renamed.headers.get("ETag")).not.toBe(mn);
    expect(draws(), "a renamed receipt is drawn again").toBe(before + 3);
    // An old ETag no longer matches: the client gets the new receipt.
    const stale = await download(gift.status_token, "", { "If-None-Match": mn! });
    expect(stale.status).toBe(200);
  });

  it("is drawn at most a few times a minute per receipt: then 429 with Retry-After", async () => {
    const gift = await verifiedGift();
    // Without SITE_URL the printed address follows the request's host, so each host is a new
    // drawing: what someone forcing draws of one receipt would do.
    const statuses: number[] = [];
    let refused: Response | undefined;
    for (let i = 0; i < 6; i++) {
      const request = new Request(
        `http://host${i}.localhost:3000/donations/${gift.status_token}/receipt.pdf`,
      );
      const res = (await receiptPdf(routeArgs(request, { token: gift.status_token }))) as Response;
      statuses.push(res.status);
      if (res.status === 429) refused ??= res;
    }
    expect(statuses.slice(0, 4)).toEqual([200, 200, 200, 200]);
    expect(statuses.slice(4)).toEqual([429, 429]);
    expect(Number(refused!.headers.get("Retry-After"))).toBeGreaterThan(0);
    expect(refused!.headers.get("Cache-Control")).toBe("private, no-store");
    expect(await refused!.text()).toMatch(/баримт/);
    // A copy already kept is still served.
    const kept = await receiptPdf(
      routeArgs(
        new Request(`http://host0.localhost:3000/donations/${gift.status_token}/receipt.pdf`),
        {
          token: gift.status_token,
        },
      ),
    );
    expect((kept as Response).status).toBe(200);
  });

  it("is the same bytes whoever draws it: a strong ETag holds across processes", async () => {
    const other = new ThreadPool<ReceiptPdfSpec, Uint8Array>({
      script: WORKER,
      workerData: { fonts: FONTS },
      threads: 1,
      queue: 2,
      timeoutMs: 15_000,
      idleMs: 1_000,
      busy: { message: "receipts:errors.pdfBusy", retryAfterSeconds: 5 },
    });
    const [a, b] = await Promise.all([other.run(spec(1)), other.run(spec(1))]);
    await other.close();
    expect(Buffer.from(a).subarray(0, 5).toString("latin1")).toBe("%PDF-");
    expect(Buffer.from(a).equals(Buffer.from(b))).toBe(true);
  });
});

describe("drawing off the event loop", () => {
  it("never runs more drawings at once than its threads, and refuses past its queue (503)", async () => {
    const pool = new ThreadPool<ReceiptPdfSpec, Uint8Array>({
      script: WORKER,
      workerData: { fonts: FONTS },
      threads: 2,
      queue: 3,
      timeoutMs: 15_000,
      idleMs: 1_000,
      busy: { message: "receipts:errors.pdfBusy", retryAfterSeconds: 5 },
    });
    const results = await Promise.allSettled(
      Array.from({ length: 8 }, (_, i) => pool.run(spec(100 + i))),
    );
    await pool.close();
    expect(results.filter((r) => r.status === "fulfilled")).toHaveLength(5);
    const refused = results.flatMap((r) => (r.status === "rejected" ? [r.reason] : []));
    expect(refused).toHaveLength(3);
    for (const error of refused) {
      expect(error).toBeInstanceOf(HttpError);
      expect((error as HttpError).status).toBe(503);
      expect(new Headers((error as HttpError).headers).get("Retry-After")).toBe("5");
    }
    expect(pool.stats.peak).toBe(2);
    expect(pool.stats.done).toBe(5);
  });

  it("answers a download 503 with Retry-After while the site's drawing queue is full", async () => {
    const gift = await verifiedGift();
    // One drawing under way and eight waiting: the site's cap (one thread, eight in the queue).
    const busy = Array.from({ length: 9 }, (_, i) => receiptPdfThreads.run(spec(200 + i)));
    expect(receiptPdfThreads.running).toBe(1);
    const res = await download(gift.status_token, "?lng=en");
    expect(res.status).toBe(503);
    expect(res.headers.get("Retry-After")).toBe("5");
    expect(res.headers.get("Cache-Control")).toBe("private, no-store");
    expect(await res.text()).toMatch(/try again in a few seconds/);
    await Promise.all(busy);
    expect(receiptPdfThreads.stats.peak).toBe(1);
    // Once the queue has room, the same download is drawn.
    expect((await download(gift.status_token, "?lng=en")).status).toBe(200);
  });
});
