import { execFileSync } from "node:child_process";
import { mkdtempSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { createInstance } from "i18next";
import { beforeAll, describe, expect, it } from "vitest";
import { db } from "#db/client";
import { donationPools } from "#db/schema";
import { payee } from "~/config.server";
import { ALL_NAMESPACES, i18nConfig } from "~/i18n";
import { receiptLines, receiptLineValue, receiptView } from "~/lib/receipt-view";
import { resources } from "~/locales/index.server";
import { createGeneralDonation, createPledge } from "~/models/donation-create.server";
import { decideGeneralDonation, decidePoolDonation } from "~/models/donation-decide.server";
import { donorReceipt } from "~/models/receipts.server";
import { createUser, type User } from "~/models/users.server";
import { loader as receiptPdf } from "~/routes/donations.$token_.receipt[.]pdf";
import { getRequest, routeArgs } from "./helpers";

/**
 * Issue 41 item 13: a receipt says who received the money — the campaign's account holder, bank
 * and account number, or the site's own legal name and account for a gift to the site — on the
 * page and in the PDF, which both draw receiptLines.
 */

const HOLDER = "Үүрийн гэгээ сургуулийн сан";
let admin: User;
let poolId: number;

beforeAll(async () => {
  admin = await createUser("receipt_payee_admin", "secret-pass", "admin");
  const [pool] = await db
    .insert(donationPools)
    .values({
      name: "Сургуулийн номын сан",
      description: "Ном цуглуулах аян",
      goal_amount: 2_000_000,
      bank_name: "Golomt Bank",
      bank_account: "1105123456",
      account_name: HOLDER,
    })
    .returning({ id: donationPools.id });
  poolId = pool!.id;
});

async function translator(lng: "mn" | "en") {
  const i18n = createInstance();
  await i18n.init({ ...i18nConfig, lng, ns: [...ALL_NAMESPACES], resources });
  return i18n.t.bind(i18n) as (key: string) => string;
}

async function verifiedPledge() {
  const gift = await createPledge(
    poolId,
    { donor_name: "Дорж", phone_number: "99001100", amount: 30_000, transaction_reference: "R-1" },
    getRequest(`/donation-pools/${poolId}/donate`),
  );
  await decidePoolDonation(poolId, gift.id, "verified", admin);
  return gift;
}

async function verifiedSiteGift() {
  const gift = await createGeneralDonation(
    {
      donor_name: "Сайтын дэмжигч",
      phone_number: "99001101",
      amount: 5_000,
      bank_name: "Khan Bank",
      transaction_reference: "S-1",
    },
    getRequest("/donate"),
  );
  await decideGeneralDonation(gift.id, "verified", admin);
  return gift;
}

/** The receipt's lines as a reader sees them: label and value, both translated. */
async function shownLines(token: string, lng: "mn" | "en") {
  const receipt = (await donorReceipt(token))!;
  const t = await translator(lng);
  return receiptLines(receiptView(receipt, lng, "http://localhost:3000", "—")).map((line) => [
    t(line.label),
    receiptLineValue(line, t),
  ]);
}

function pdfText(bytes: Buffer) {
  const file = path.join(mkdtempSync(path.join(os.tmpdir(), "receipt-payee-")), "r.pdf");
  writeFileSync(file, bytes);
  return execFileSync("pdftotext", ["-enc", "UTF-8", file, "-"], { encoding: "utf8" });
}

async function pdfOf(token: string, lng: "mn" | "en") {
  const res = (await receiptPdf(
    routeArgs(getRequest(`/donations/${token}/receipt.pdf?lng=${lng}`), { token }),
  )) as Response;
  expect(res.status).toBe(200);
  return pdfText(Buffer.from(await res.arrayBuffer()));
}

describe("the receipt names who received the money (issue 41 item 13)", () => {
  it("a campaign's gift: its account holder, bank and account number, in both languages", async () => {
    const gift = await verifiedPledge();
    expect(await shownLines(gift.status_token, "mn")).toEqual(
      expect.arrayContaining([
        ["Хүлээн авагч", HOLDER],
        ["Банк", "Голомт банк"],
        ["Дансны дугаар", "1105123456"],
      ]),
    );
    expect(await shownLines(gift.status_token, "en")).toEqual(
      expect.arrayContaining([
        ["Received by", HOLDER],
        ["Bank", "Golomt Bank"],
        ["Account number", "1105123456"],
      ]),
    );
    const text = await pdfOf(gift.status_token, "mn");
    // Still one A4 page with the three lines more.
    expect(text.split("\f").filter((page) => page.trim()).length).toBe(1);
    for (const expected of ["Хүлээн авагч", HOLDER, "Голомт банк", "Дансны дугаар", "1105123456"]) {
      expect(text, expected).toContain(expected);
    }
  });

  it("a gift to the site: the site's legal name and its account", async () => {
    const gift = await verifiedSiteGift();
    const mn = await shownLines(gift.status_token, "mn");
    // The demo payee's legal name reads in Mongolian («Сторишэйр ХХК»), a configured one as it is.
    const holder = payee.account_name === "StoryShare LLC" ? "Сторишэйр ХХК" : payee.account_name;
    expect(mn).toEqual(
      expect.arrayContaining([
        ["Хүлээн авагч", holder],
        ["Дансны дугаар", payee.bank_account],
      ]),
    );
    const text = await pdfOf(gift.status_token, "en");
    for (const expected of ["Received by", "Account number", payee.bank_account]) {
      expect(text, expected).toContain(expected);
    }
  });
});
