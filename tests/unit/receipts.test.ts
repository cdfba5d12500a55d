import { execFileSync } from "node:child_process";
import { mkdtempSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { count, eq } from "drizzle-orm";
import { beforeAll, describe, expect, it, vi } from "vitest";
import { db } from "#db/client";
import { donationPools, receipts, statementImports, statementLines } from "#db/schema";
import { seed } from "#db/seed";
import { HttpError } from "~/http/http.server";
import { checkCharacter, receiptNumberFrom } from "~/lib/receipt-number";
import { clearAllData } from "~/models/clear-data.server";
import { createGeneralDonation, createPledge } from "~/models/donation-create.server";
import { decideGeneralDonation, decidePoolDonation } from "~/models/donation-decide.server";
import { donorReceipt, findReceipt, issueReceipt } from "~/models/receipts.server";
import { confirmLine } from "~/models/reconcile-match.server";
import { createUser, type User } from "~/models/users.server";
import { loader as receiptApi } from "~/routes/api.receipts.$number";
import { loader as statusLoader } from "~/routes/donations.$token";
import { loader as receiptPage } from "~/routes/donations.$token_.receipt";
import { loader as receiptPdf } from "~/routes/donations.$token_.receipt[.]pdf";
import { loader as checkPage } from "~/routes/receipts._index";
import { loader as verifyPage } from "~/routes/receipts.$number";
import { getRequest, loaderResult, type RouteArgs, routeArgs } from "./helpers";

/**
 * Donor receipts (issue 20 item 3, decision 036): one receipt per verified gift, made once even
 * when asked for twice at the same moment; none for a gift not verified; a forged or mistyped
 * number finds nothing; the public check shows no personal data; the PDF's text is the right
 * Cyrillic (read back with poppler's pdftotext).
 */

type Fn = (args: RouteArgs) => Promise<unknown>;
const POOL_NAME = "Өвөлжөөний түлээ — Үүрийн гэгээ сургууль";
const DONOR = { name: "Түвшинбаяр Өлзийсайхан", phone: "99118822" };

let admin: User;
let poolId: number;
let phoneCounter = 0;
const freshPhone = () => `8811${String(++phoneCounter).padStart(4, "0")}`;

/** A pool pledge by DONOR (unless told otherwise), still pending. */
function pledge(amount = 25_000, phone = DONOR.phone) {
  return createPledge(
    poolId,
    {
      donor_name: DONOR.name,
      phone_number: phone,
      amount,
      transaction_reference: `RCPT-${phone}-${amount}`,
      email: "tuvshin@example.mn",
    },
    getRequest(`/donation-pools/${poolId}/donate`),
  );
}

function siteDonation(amount = 5_000) {
  return createGeneralDonation(
    {
      donor_name: "Сайтын Дэмжигч",
      phone_number: freshPhone(),
      amount,
      bank_name: "Khan Bank",
      transaction_reference: `SITE-${amount}`,
    },
    getRequest("/donate"),
  );
}

const verified = async (amount = 25_000, phone = freshPhone()) => {
  const gift = await pledge(amount, phone);
  await decidePoolDonation(poolId, gift.id, "verified", admin);
  return gift;
};

/** What a thrown loader answer was: its status, or the error itself. */
async function refusal(fn: Fn, request: Request, params: Record<string, string>) {
  try {
    await fn(routeArgs(request, params));
  } catch (thrown) {
    if (thrown instanceof Response) return thrown;
    throw thrown;
  }
  throw new Error("the loader did not refuse");
}

/** The text poppler reads out of a PDF: what a search, a screen reader or a copy gets. */
function pdfText(bytes: Buffer) {
  const file = path.join(mkdtempSync(path.join(os.tmpdir(), "receipt-pdf-")), "receipt.pdf");
  writeFileSync(file, bytes);
  try {
    return execFileSync("pdftotext", ["-enc", "UTF-8", file, "-"], { encoding: "utf8" });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") {
      throw new Error(
        "pdftotext is missing: install poppler-utils (apt-get install -y poppler-utils) to read the receipt PDFs",
      );
    }
    throw error;
  }
}

beforeAll(async () => {
  await seed();
  admin = await createUser("receipt_admin", "secret-pass", "admin");
  const [pool] = await db
    .insert(donationPools)
    .values({
      name: POOL_NAME,
      description: "Өвлийн бэлтгэл",
      goal_amount: 5_000_000,
      bank_name: "Khan Bank",
      bank_account: "5000123456",
      account_name: "Сургуулийн сан хөмрөг",
    })
    .returning({ id: donationPools.id });
  poolId = pool!.id;
});

describe("issueReceipt", () => {
  it("gives a verified gift one number, however many ask at once", async () => {
    const gift = await verified();
    const numbers = await Promise.all(
      Array.from({ length: 8 }, () => issueReceipt("pool", gift.id)),
    );
    expect(new Set(numbers).size).toBe(1);
    expect(numbers[0]).toMatch(/^SS-[0-9A-Z]{4}-[0-9A-Z]{4}-[0-9A-Z]$/);
    expect(await issueReceipt("pool", gift.id)).toBe(numbers[0]);
    const [{ n } = { n: 0 }] = await db
      .select({ n: count() })
      .from(receipts)
      .where(eq(receipts.donation_id, gift.id));
    expect(n).toBe(1);
  });

  it("refuses a gift that is pending or rejected (409), and one that does not exist (404)", async () => {
    const pending = await pledge(3_000, freshPhone());
    const rejected = await pledge(4_000, freshPhone());
    await decidePoolDonation(poolId, rejected.id, "rejected", admin);
    for (const id of [pending.id, rejected.id]) {
      const error = await issueReceipt("pool", id).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(HttpError);
      expect(error).toMatchObject({ status: 409, message: "receipts:errors.notVerified" });
    }
    await expect(issueReceipt("general", 999_999)).rejects.toMatchObject({ status: 404 });
    const stored = await db.select().from(receipts);
    expect(stored.some((r) => r.donation_id === pending.id && r.kind === "pool")).toBe(false);
  });

  it("keeps pool pledges and site donations apart (their ids overlap)", async () => {
    const donation = await siteDonation();
    await decideGeneralDonation(donation.id, "verified", admin);
    const general = await issueReceipt("general", donation.id);
    expect((await findReceipt(general))?.kind).toBe("general");
  });
});

describe("findReceipt", () => {
  it("finds a genuine number however it is typed, with what the receipt is for", async () => {
    const gift = await verified(12_500);
    const number = await issueReceipt("pool", gift.id);
    const typed = number.toLowerCase().replace(/-/g, "");
    expect(await findReceipt(typed)).toMatchObject({
      number,
      kind: "pool",
      pool_id: poolId,
      pool_name: POOL_NAME,
      amount: 12_500,
    });
  });

  it("finds nothing for a made-up number with a right check character", async () => {
    const issued = new Set((await db.select().from(receipts)).map((r) => r.number));
    for (let i = 0; i < 20; i++) {
      const forged = receiptNumberFrom(crypto.getRandomValues(new Uint8Array(5)));
      if (issued.has(forged)) continue;
      expect(await findReceipt(forged), forged).toBeNull();
    }
  });

  it("refuses a wrong check character without reading the database", async () => {
    const gift = await verified();
    const number = await issueReceipt("pool", gift.id);
    const right = number.slice(-1);
    const wrong = number.slice(0, -1) + (right === "7" ? "8" : "7");
    expect(checkCharacter(number.replace(/-/g, "").slice(2, 10))).toBe(right);
    const reads = [vi.spyOn(db, "all"), vi.spyOn(db, "select"), vi.spyOn(db, "get")];
    try {
      expect(await findReceipt(wrong)).toBeNull();
      for (const read of reads) expect(read).not.toHaveBeenCalled();
    } finally {
      for (const read of reads) read.mockRestore();
    }
  });
});

describe("the donor's receipt", () => {
  it("says when the transfer was booked when a bank statement line confirmed the gift", async () => {
    const gift = await pledge(30_000, freshPhone());
    const [upload] = await db
      .insert(statementImports)
      .values({ file_name: "khan.xlsx", status: "imported" })
      .returning({ id: statementImports.id });
    const [line] = await db
      .insert(statementLines)
      .values({
        import_id: upload!.id,
        fingerprint: `receipt-${gift.id}`,
        booked_on: "2026-11-21 14:33",
        amount: 30_000,
        description: gift.payment_code,
      })
      .returning({ id: statementLines.id });
    await confirmLine(line!.id, { kind: "pool", id: gift.id }, admin);
    const receipt = await donorReceipt(gift.status_token);
    expect(receipt).toMatchObject({ booked_on: "2026-11-21", amount: 30_000 });

    const page = loaderResult<{ view: { transfer_on: string; transfer_from: string } }>(
      await receiptPage(
        routeArgs(getRequest(`/donations/${gift.status_token}/receipt?lng=en`), {
          token: gift.status_token,
        }),
      ),
    ).data;
    expect(page.view).toMatchObject({ transfer_on: "Nov 21, 2026", transfer_from: "statement" });
  });

  it("is offered on the status page only once the gift is verified", async () => {
    const gift = await pledge(6_000, freshPhone());
    const status = async () =>
      loaderResult<{ receipt: { page: string; pdf: string } | null }>(
        await statusLoader(
          routeArgs(getRequest(`/donations/${gift.status_token}`), { token: gift.status_token }),
        ),
      ).data.receipt;
    expect(await status()).toBeNull();
    // No receipt page nor PDF while it is pending: 404, private.
    const page = await refusal(receiptPage, getRequest(`/donations/${gift.status_token}/receipt`), {
      token: gift.status_token,
    });
    expect(page.status).toBe(404);
    expect(page.headers.get("Cache-Control")).toBe("private, no-store");
    const pdf = (await receiptPdf(
      routeArgs(getRequest(`/donations/${gift.status_token}/receipt.pdf`), {
        token: gift.status_token,
      }),
    )) as Response;
    expect(pdf.status).toBe(404);

    await decidePoolDonation(poolId, gift.id, "verified", admin);
    expect(await status()).toEqual({
      page: `/donations/${gift.status_token}/receipt`,
      pdf: `/donations/${gift.status_token}/receipt.pdf`,
    });
  });

  it("is a private page with the donor's name, the code and the verification link", async () => {
    const gift = await verified(25_000, freshPhone());
    const result = await receiptPage(
      routeArgs(getRequest(`/donations/${gift.status_token}/receipt`), {
        token: gift.status_token,
      }),
    );
    const init = (result as { init?: { headers?: Record<string, string> } }).init;
    expect(init?.headers).toMatchObject({
      "Cache-Control": "private, no-store",
      "X-Robots-Tag": "noindex",
    });
    const { view } = loaderResult<{
      view: { number: string; campaign: string; donor_name: string; payment_code: string };
    }>(result).data;
    expect(view).toMatchObject({
      campaign: POOL_NAME,
      donor_name: DONOR.name,
      payment_code: gift.payment_code,
      amount: 25_000,
      transfer_from: "pledge",
      verify_url: `http://localhost:3000/receipts/${view.number}`,
    });
    expect(await findReceipt(view.number)).not.toBeNull();
    const unknown = await refusal(receiptPage, getRequest("/donations/x/receipt"), {
      token: "nosuchtoken-nosuchtoken-000",
    });
    expect(unknown.status).toBe(404);
  });

  it("downloads as an A4 PDF whose text is the right Mongolian", async () => {
    const gift = await verified(1_250_000, freshPhone());
    const number = await issueReceipt("pool", gift.id);
    const res = (await receiptPdf(
      routeArgs(getRequest(`/donations/${gift.status_token}/receipt.pdf`), {
        token: gift.status_token,
      }),
    )) as Response;
    expect(res.status).toBe(200);
    expect(res.headers.get("Content-Type")).toBe("application/pdf");
    expect(res.headers.get("Content-Disposition")).toBe(
      `attachment; filename="receipt-${number}.pdf"`,
    );
    expect(res.headers.get("Cache-Control")).toBe("private, no-store");
    const bytes = Buffer.from(await res.arrayBuffer());
    expect(bytes.subarray(0, 5).toString("latin1")).toBe("%PDF-");
    expect(bytes.toString("latin1")).toMatch(/\/MediaBox \[0 0 595\.28 841\.89\]/);
    const text = pdfText(bytes);
    for (const expected of [
      "Хандивын баримт",
      POOL_NAME,
      DONOR.name,
      "1,250,000₮",
      number,
      gift.payment_code,
      "Төлбөрийн код",
      "Хандив бүртгүүлсэн огноо",
      `http://localhost:3000/receipts/${number}`,
    ]) {
      expect(text, expected).toContain(expected);
    }
    expect(text).not.toContain(DONOR.phone);
  });

  it("is in English when the page is, a site donation included", async () => {
    const donation = await siteDonation(7_000);
    await decideGeneralDonation(donation.id, "verified", admin);
    const res = (await receiptPdf(
      routeArgs(getRequest(`/donations/${donation.status_token}/receipt.pdf?lng=en`), {
        token: donation.status_token,
      }),
    )) as Response;
    const text = pdfText(Buffer.from(await res.arrayBuffer()));
    const number = await issueReceipt("general", donation.id);
    for (const expected of [
      "Donation receipt",
      "Donation to the StoryShare site",
      "7,000₮",
      number,
      "Date the pledge was made",
      "Check that this receipt is genuine",
    ]) {
      expect(text, expected).toContain(expected);
    }
  });
});

describe("checking a receipt: /receipts/{number} and GET /api/receipts/{number}", () => {
  it("says genuine, with the campaign, amount and dates, and nothing personal", async () => {
    const gift = await verified(18_000, DONOR.phone);
    const number = await issueReceipt("pool", gift.id);
    const page = (await verifyPage(
      routeArgs(getRequest(`/receipts/${number}?lng=en`), { number }),
    )) as { receipt: Record<string, unknown> };
    expect(page.receipt).toMatchObject({
      number,
      pool_id: poolId,
      campaign: POOL_NAME,
      amount: 18_000,
    });
    const res = await receiptApi(routeArgs(getRequest(`/api/receipts/${number}`), { number }));
    expect(res.status).toBe(200);
    const json = (await res.json()) as Record<string, unknown>;
    expect(json).toMatchObject({
      number,
      kind: "pool",
      pool: { id: poolId, name: POOL_NAME },
      amount: 18_000,
    });
    for (const shown of [JSON.stringify(page), JSON.stringify(json)]) {
      for (const personal of [
        DONOR.name,
        DONOR.phone,
        gift.payment_code,
        gift.transaction_reference,
        gift.status_token,
        "tuvshin@example.mn",
      ]) {
        expect(shown).not.toContain(personal);
      }
    }
  });

  it("sends a number typed another way to its written form", async () => {
    const gift = await verified();
    const number = await issueReceipt("pool", gift.id);
    const typed = number.toLowerCase().replace(/-/g, " ");
    const moved = await refusal(verifyPage, getRequest(`/receipts/${typed}`), { number: typed });
    expect(moved.status).toBe(302);
    expect(moved.headers.get("Location")).toBe(`/receipts/${number}`);
    // The form on /receipts sends what was typed there too.
    const fromForm = await refusal(
      checkPage,
      getRequest(`/receipts?number=${encodeURIComponent(` ${typed} `)}`),
      {},
    );
    expect(fromForm.headers.get("Location")).toBe(`/receipts/${number}`);
    const junk = await refusal(checkPage, getRequest("/receipts?number=hello%2Fthere"), {});
    expect(junk.headers.get("Location")).toBe("/receipts/hello%2Fthere");
  });

  it("is a 404 for a forged or mistyped number, on the page and in the /api", async () => {
    const gift = await verified();
    const number = await issueReceipt("pool", gift.id);
    const mistyped = number.slice(0, -1) + (number.endsWith("7") ? "8" : "7");
    const forged = receiptNumberFrom(new Uint8Array([1, 2, 3, 4, 5]));
    for (const bad of [mistyped, forged, "hello"]) {
      const page = await refusal(verifyPage, getRequest(`/receipts/${bad}`), { number: bad });
      expect(page.status, bad).toBe(404);
      expect(page.headers.get("X-Robots-Tag")).toBe("noindex");
      const res = await receiptApi(
        routeArgs(getRequest(`/api/receipts/${bad}?lng=en`), { number: bad }),
      );
      expect(res.status, bad).toBe(404);
      expect(await res.json()).toEqual({ error: "No receipt has this number." });
    }
  });
});

describe("clearing all data", () => {
  it("removes the receipts with the donations they certify", async () => {
    const gift = await verified();
    const number = await issueReceipt("pool", gift.id);
    await clearAllData(admin, "DELETE");
    expect(await db.select().from(receipts)).toEqual([]);
    expect(await findReceipt(number)).toBeNull();
  });
});
