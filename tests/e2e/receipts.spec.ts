import { readFileSync } from "node:fs";
import AxeBuilder from "@axe-core/playwright";
import type { APIRequestContext, Page, TestInfo } from "@playwright/test";
import { ADMIN, expect, isJs, test } from "./fixtures";

/**
 * Donor receipts (issue 20 item 3), with JavaScript on and off: a pledge verified by an
 * administrator offers a receipt on its status page; the printable receipt and its PDF carry the
 * number and the verification link; the link says the receipt is genuine without showing who
 * gave; a forged number is not genuine.
 */

let sequence = 0;
/** A phone number and a reference no other test (or project, or run) uses. */
function unique(info: TestInfo) {
  sequence += 1;
  const n = (Date.now() % 1_000_000) * 10 + sequence + (isJs(info) ? 0 : 5);
  return { phone: `95${String(n).padStart(6, "0").slice(-6)}`, reference: `RCPT-${n}` };
}

/** A pledge to the first active demo pool, verified by an administrator through the /api. */
async function verifiedPledge(request: APIRequestContext, info: TestInfo, donor: string) {
  const pools = (await (await request.get("/api/donation-pools?pageSize=50")).json()) as {
    id: number;
    name: string;
    status: string;
  }[];
  const pool = pools.find((p) => p.status === "active")!;
  const { phone, reference } = unique(info);
  const res = await request.post(`/api/donation-pools/${pool.id}/donations`, {
    data: {
      donor_name: donor,
      phone_number: phone,
      amount: 12_500,
      transaction_reference: reference,
    },
  });
  expect(res.status()).toBe(201);
  const pledge = (await res.json()) as { id: number; status_url: string; payment_code: string };
  const login = await request.post("/api/login", { data: ADMIN });
  expect(login.status()).toBe(200);
  const verify = await request.patch(
    `/api/donation-pools/${pool.id}/donations/${pledge.id}/verify`,
  );
  expect(verify.status()).toBe(200);
  await request.post("/api/logout");
  return {
    pool,
    phone,
    reference,
    code: pledge.payment_code,
    statusPath: new URL(pledge.status_url).pathname,
  };
}

/** The receipt number the page shows. */
async function shownNumber(page: Page) {
  const number = ((await page.getByTestId("receipt-number").textContent()) ?? "").trim();
  expect(number).toMatch(/^SS-[0-9A-Z]{4}-[0-9A-Z]{4}-[0-9A-Z]$/);
  return number;
}

test("a verified donor's receipt: page, PDF, and the link that says it is genuine", async ({
  page,
  request,
}, info) => {
  const donor = "Баримт Хандивлагч";
  const gift = await verifiedPledge(request, info, donor);

  // The status page offers the receipt once the gift is verified.
  await page.goto(gift.statusPath);
  await expect(page.getByTestId("donation-status")).toHaveText("Баталгаажсан");
  await expect(page.getByRole("heading", { name: "Хандивын баримт" })).toBeVisible();
  await page.getByRole("link", { name: "Баримт харах" }).click();

  // The printable receipt: the donor's own, with everything a receipt says.
  await expect(page).toHaveURL(`${gift.statusPath}/receipt`);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Хандивын баримт");
  const number = await shownNumber(page);
  await expect(page.getByTestId("receipt-campaign")).toContainText(gift.pool.name);
  await expect(page.getByTestId("receipt-donor")).toContainText(donor);
  await expect(page.getByTestId("receipt-amount")).toContainText("12,500₮");
  await expect(page.getByTestId("receipt-code")).toContainText(gift.code);
  await expect(page.getByTestId("receipt-transfer")).toContainText("Хандив бүртгүүлсэн огноо");
  if (isJs(info)) await expect(page.getByRole("button", { name: "Хэвлэх" })).toBeVisible();
  else await expect(page.getByText("Хөтчийнхөө хэвлэх цэсээр хэвлэнэ үү.")).toBeVisible();
  // Printed, it is the receipt alone: no site header, footer or buttons.
  await page.emulateMedia({ media: "print" });
  await expect(page.locator("body > header")).toBeHidden();
  await expect(page.locator("body > footer")).toBeHidden();
  await expect(page.getByRole("link", { name: "PDF татах" })).toBeHidden();
  await expect(page.getByTestId("receipt")).toBeVisible();
  await page.emulateMedia({ media: "screen" });

  // The PDF: a download named after the number.
  const [download] = await Promise.all([
    page.waitForEvent("download"),
    page.getByRole("link", { name: "PDF татах" }).click(),
  ]);
  expect(download.suggestedFilename()).toBe(`receipt-${number}.pdf`);
  const bytes = readFileSync((await download.path())!);
  expect(bytes.subarray(0, 5).toString("latin1")).toBe("%PDF-");

  // The verification link printed on it: genuine, and nothing about the donor.
  const link = page.getByTestId("receipt-verify-link");
  await expect(link).toHaveText(new RegExp(`/receipts/${number}$`));
  await link.click();
  await expect(page).toHaveURL(new RegExp(`/receipts/${number}$`));
  await expect(page.getByTestId("receipt-genuine")).toContainText("Энэ баримт жинхэнэ");
  await expect(page.getByTestId("receipt-campaign")).toContainText(gift.pool.name);
  await expect(page.getByTestId("receipt-amount")).toContainText("12,500₮");
  const html = await page.content();
  for (const personal of [donor, gift.phone, gift.code, gift.reference, gift.statusPath]) {
    expect(html).not.toContain(personal);
  }
  const api = await request.get(`/api/receipts/${number}`);
  expect(api.status()).toBe(200);
  const json = JSON.stringify(await api.json());
  expect(json).toContain(gift.pool.name);
  for (const personal of [donor, gift.phone, gift.code, gift.reference]) {
    expect(json).not.toContain(personal);
  }

  // Typed by hand on /receipts, in small letters without dashes: the same answer.
  await page.goto("/receipts");
  await page.getByLabel("Баримтын дугаар").fill(number.toLowerCase().replace(/-/g, " "));
  await page.getByRole("button", { name: "Шалгах" }).click();
  await expect(page).toHaveURL(new RegExp(`/receipts/${number}$`));
  await expect(page.getByTestId("receipt-genuine")).toBeVisible();

  // A forged number (one character changed) is not genuine, and the page says what to do.
  const last = number.slice(-1);
  const forged = `${number.slice(0, -1)}${last === "7" ? "8" : "7"}`;
  await page.goto("/receipts");
  await page.getByLabel("Баримтын дугаар").fill(forged);
  await page.getByRole("button", { name: "Шалгах" }).click();
  await expect(page.getByTestId("receipt-not-found")).toContainText(
    "Ийм дугаартай баримт олдсонгүй",
  );
  await expect(page.getByTestId("receipt-genuine")).toHaveCount(0);
  const response = await page.request.get(`/receipts/${forged}`);
  expect(response.status()).toBe(404);
});

test("a pending gift has no receipt; the receipt pages are private and in English too", async ({
  page,
  request,
}, info) => {
  const pools = (await (await request.get("/api/donation-pools?pageSize=50")).json()) as {
    id: number;
    status: string;
  }[];
  const pool = pools.find((p) => p.status === "active")!;
  const { phone, reference } = unique(info);
  const res = await request.post(`/api/donation-pools/${pool.id}/donations`, {
    data: {
      donor_name: "Pending",
      phone_number: phone,
      amount: 100,
      transaction_reference: reference,
    },
  });
  const statusPath = new URL(((await res.json()) as { status_url: string }).status_url).pathname;
  await page.goto(statusPath);
  await expect(page.getByRole("link", { name: "Баримт харах" })).toHaveCount(0);
  const none = await page.goto(`${statusPath}/receipt?lng=en`);
  expect(none?.status()).toBe(404);
  expect(none?.headers()["cache-control"]).toBe("private, no-store");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("No receipt for this gift");
  expect((await page.request.get(`${statusPath}/receipt.pdf`)).status()).toBe(404);

  const gift = await verifiedPledge(request, info, "English Donor");
  const shown = await page.goto(`${gift.statusPath}/receipt?lng=en`);
  expect(shown?.headers()["cache-control"]).toBe("private, no-store");
  expect(shown?.headers()["x-robots-tag"]).toBe("noindex");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Donation receipt");
  const number = await shownNumber(page);
  const pdf = await page.request.get(`${gift.statusPath}/receipt.pdf?lng=en`);
  expect(pdf.headers()["content-type"]).toBe("application/pdf");
  expect(pdf.headers()["cache-control"]).toBe("private, no-store");
  await page.goto(`/receipts/${number}?lng=en`);
  await expect(page.getByTestId("receipt-genuine")).toContainText("This receipt is genuine");
});

/** axe runs inside the page: JavaScript project only. */
for (const theme of ["light", "dark"] as const) {
  test(`no accessibility violations (${theme}): receipt, genuine, not found`, async ({
    page,
    request,
    context,
    baseURL,
  }, info) => {
    test.skip(!isJs(info), "axe runs inside the page");
    await context.addCookies([{ name: "storyshare-theme", value: theme, url: baseURL! }]);
    const gift = await verifiedPledge(request, info, "Axe Donor");
    await page.goto(`${gift.statusPath}/receipt`);
    const number = await shownNumber(page);
    for (const path of [`${gift.statusPath}/receipt`, `/receipts/${number}`, "/receipts/SS-0000"]) {
      await page.goto(path);
      const results = await new AxeBuilder({ page }).analyze();
      expect(
        results.violations.map(
          (v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target).join(", ")})`,
        ),
        path,
      ).toEqual([]);
    }
  });
}
