import type { Page } from "@playwright/test";
import { preparedFolder, type Server, startServer } from "../faults/servers";
import { type QpayStandIn, startQpayStandIn } from "../support/qpay-server";
import { expect, isJs, test } from "./fixtures";

/**
 * Issue 39: a donor pays in seconds. The shared e2e server runs without QPay (the site as it is
 * without the four variables); this spec starts its own production server pointed at a stand-in
 * QPay, pledges, sees the bank apps on a phone and the QR code on a computer, pays through the
 * stand-in's HTTP control, and sees the page say "received": by itself with JavaScript, after
 * "check again" without it.
 */

let standIn: QpayStandIn;
let server: Server;

test.describe.configure({ mode: "serial" });

test.beforeAll(async () => {
  test.setTimeout(120_000);
  standIn = await startQpayStandIn();
  server = await startServer(preparedFolder(), undefined, standIn.env(), {
    workers: 0,
    env: (port) => ({ SITE_URL: `http://localhost:${port}` }),
  });
});

test.afterAll(async () => {
  await server?.stop();
  await standIn?.stop();
});

async function pledge(page: Page, phone: string) {
  const pools = (await (await page.request.get(`${server.url}/api/donation-pools`)).json()) as {
    id: number;
    status: string;
  }[];
  const pool = pools.find((p) => p.status === "active")!;
  await page.goto(`${server.url}/donation-pools/${pool.id}/donate?lng=en`);
  await page.getByLabel("Your name", { exact: true }).fill("QPay Donor");
  await page.getByLabel("Phone number", { exact: true }).fill(phone);
  await page.getByLabel("Amount you transferred", { exact: true }).fill("7000");
  await page.getByLabel("Transaction reference", { exact: true }).fill("QPAY-E2E");
  await page.getByRole("button", { name: /^Submit my pledge$/ }).click();
  await expect(page).toHaveURL(/\/donations\/[\w-]{20,40}$/);
  const code = (await page.getByTestId("donation-code").locator("dd").textContent())?.trim();
  const invoice = [...standIn.invoices.values()].find((i) => i.sender_invoice_no === code);
  expect(invoice, `a QPay invoice for ${code}`).toBeTruthy();
  return invoice!.invoice_id;
}

const status = (page: Page) => page.getByTestId("donation-status");

test("a pledge is paid through QPay and the page says received", async ({ page }, info) => {
  test.setTimeout(120_000);
  const js = isJs(info);
  await page.setViewportSize({ width: 390, height: 844 });
  const invoiceId = await pledge(page, js ? "88419901" : "88419902");
  await expect(status(page)).toHaveAttribute("data-status", "pending");

  // A phone: one button per bank app, each a link into the app; the QR code a click away.
  const phone = page.getByTestId("qpay-phone");
  await expect(phone.getByRole("link", { name: "Khan Bank" })).toBeVisible();
  await expect(phone.getByRole("link", { name: "Khan Bank" })).toHaveAttribute(
    "href",
    /^khanbank:\/\/q\?qPay_QRcode=/,
  );
  await expect(page.getByTestId("qpay-desktop")).toBeHidden();
  await expect(page.getByRole("heading", { name: "Or pay by bank transfer" })).toBeVisible();

  // A computer: the QR code to scan, with its words.
  await page.setViewportSize({ width: 1280, height: 900 });
  const qr = page.getByTestId("qpay-desktop").getByTestId("qpay-qr");
  await expect(qr).toBeVisible();
  await expect(qr).toHaveAttribute("src", /^data:image\/png;base64,/);
  await expect(qr).toHaveAttribute("alt", /QR code/);
  await expect(
    page.getByTestId("qpay-desktop").getByText("Scan with your bank's app"),
  ).toBeVisible();
  await expect(phone).toBeHidden();

  const paid = await fetch(`${standIn.url}/_stand-in/pay/${invoiceId}`, { method: "POST" });
  expect(paid.status).toBe(200);

  if (js) {
    // Nobody touches the page: it asks by itself and turns to "received".
    await expect(page.getByTestId("qpay-watching")).toBeVisible();
    await expect(status(page)).toHaveAttribute("data-status", "verified", { timeout: 20_000 });
  } else {
    await expect(async () => {
      await page.getByRole("button", { name: "Check again" }).click();
      await expect(status(page)).toHaveAttribute("data-status", "verified", { timeout: 1000 });
    }).toPass({ timeout: 20_000 });
  }
  await expect(page.getByTestId("paid-via-qpay")).toHaveText("Paid through QPay");
  await expect(page.getByTestId("qpay-pay")).toHaveCount(0);
  await expect(page.getByRole("link", { name: /receipt/i }).first()).toBeVisible();
});

test("without QPay answering, the pledge is taken with the bank transfer", async ({
  page,
}, info) => {
  await standIn.stop();
  try {
    await page.setViewportSize({ width: 390, height: 844 });
    const pools = (await (await page.request.get(`${server.url}/api/donation-pools`)).json()) as {
      id: number;
      status: string;
    }[];
    const pool = pools.find((p) => p.status === "active")!;
    await page.goto(`${server.url}/donation-pools/${pool.id}/donate?lng=en`);
    await page.getByLabel("Your name", { exact: true }).fill("Transfer Donor");
    await page
      .getByLabel("Phone number", { exact: true })
      .fill(isJs(info) ? "88419903" : "88419904");
    await page.getByLabel("Amount you transferred", { exact: true }).fill("3000");
    await page.getByLabel("Transaction reference", { exact: true }).fill("QPAY-DOWN");
    await page.getByRole("button", { name: /^Submit my pledge$/ }).click();
    await expect(page).toHaveURL(/\/donations\/[\w-]{20,40}$/);
    await expect(status(page)).toHaveAttribute("data-status", "pending");
    await expect(page.getByTestId("qpay-unavailable")).toContainText(
      "QR payment is unavailable right now",
    );
    await expect(page.getByRole("heading", { name: "What to do next" })).toBeVisible();
  } finally {
    await standIn.start();
  }
});
