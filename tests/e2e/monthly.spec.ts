import type { APIRequestContext, Page } from "@playwright/test";
import { expect, isJs, test, toastGiven } from "./fixtures";

/**
 * Issue 43's journey, JavaScript on and off: a donor without an account chooses 20,000₮ a month
 * for a demo campaign, gets their own M code and the standing-order steps, pauses the gift for
 * two months from its page, then stops it (asked first).
 */

interface ApiPool {
  id: number;
  status: string;
  ends_on?: string | null;
}

/** An active demo campaign that still takes gifts (no last day behind us). */
async function openPool(request: APIRequestContext): Promise<number> {
  const pools = (await (await request.get("/api/donation-pools?pageSize=50")).json()) as ApiPool[];
  const today = new Date().toISOString().slice(0, 10);
  const pool = pools.find((p) => p.status === "active" && (!p.ends_on || p.ends_on >= today));
  if (!pool) throw new Error("no open campaign in the demo content");
  return pool.id;
}

/** `?lng=en` once: the site keeps the choice in its own (signed, encoded) `lng` cookie. */
async function inEnglish(page: Page) {
  await page.goto("/?lng=en");
}

test("a donor gives 20,000₮ a month, pauses, then stops from the gift's page", async ({
  page,
  request,
}, info) => {
  const poolId = await openPool(request);
  await inEnglish(page);
  await page.goto(`/donation-pools/${poolId}/donate`);

  await page.getByTestId("frequency-monthly").click();
  await expect(page).toHaveURL(/\?every=month$/);
  await expect(page.getByRole("heading", { name: "Monthly gift" })).toBeVisible();

  await page.getByLabel("Your name", { exact: true }).fill("Monthly Donor");
  await page.getByLabel("Amount each month", { exact: true }).fill("20000");
  // Standing order and e-mail are chosen by default; the day defaults to today in Ulaanbaatar.
  await expect(page.getByLabel("A standing order in my bank")).toBeChecked();
  await expect(page.getByLabel("By e-mail")).toBeChecked();
  // Named on the ledger unless they say no, as a one-off gift.
  await expect(page.getByLabel("Show me on the leaderboard")).toBeChecked();
  const address = `monthly-${isJs(info) ? "js" : "nojs"}-${Date.now()}@example.mn`;
  await page.getByLabel("E-mail", { exact: true }).fill(address);
  await page.getByRole("button", { name: "Start my monthly gift" }).click();

  await expect(page).toHaveURL(/\/monthly\/\d+\.\d+\.[\w-]{43}$/);
  await toastGiven(page, "Your monthly gift is set up");
  await expect(page.getByTestId("monthly-code")).toHaveText(/^M\d{6}$/);
  const code = (await page.getByTestId("monthly-code").textContent())!.trim();
  await expect(page.getByTestId("monthly-amount")).toHaveText("20,000₮");
  await expect(page.getByTestId("monthly-day")).toContainText("of each month, Ulaanbaatar time");
  const steps = page.getByTestId("standing-order");
  await expect(
    steps.getByRole("heading", { name: "Set up a standing order in your internet bank" }),
  ).toBeVisible();
  await expect(steps).toContainText("Байнгын гүйлгээ");
  await expect(steps).toContainText(`Transfer description: ${code}`);
  await expect(steps).toContainText("Amount: 20,000₮");
  await expect(page.getByTestId("monthly-status")).toHaveAttribute("data-state", "active");
  await expect(page.getByTestId("monthly-name")).toHaveAttribute("data-state", "shown");

  const pause = page.getByTestId("monthly-pause");
  await pause.getByLabel("2 months").check();
  await pause.getByRole("button", { name: "Pause" }).click();
  await toastGiven(page, "Gift paused");
  await expect(page.getByTestId("monthly-status")).toHaveAttribute("data-state", "paused");
  await expect(page.getByTestId("monthly-status")).toContainText("Gives again from");

  // Reloading (JavaScript or not) shows the stored state, not only the page's own.
  await page.reload();
  await expect(page.getByTestId("monthly-status")).toHaveAttribute("data-state", "paused");

  const stop = page.getByTestId("monthly-stop");
  await stop.getByText("Stop my gift", { exact: true }).click();
  await expect(page.getByRole("alertdialog", { name: "Stop your monthly gift?" })).toBeVisible();
  await page.getByRole("button", { name: "Yes, stop it" }).click();
  await toastGiven(page, "Gift stopped");
  await expect(page.getByTestId("monthly-status")).toHaveAttribute("data-state", "stopped");
  await expect(page.getByText("This monthly gift has stopped.")).toBeVisible();
  // Stopped: the code stays on the page; the manage forms are gone.
  await expect(page.getByTestId("monthly-code")).toHaveText(code);
  await expect(page.getByTestId("monthly-pause")).toHaveCount(0);
});

test("without JavaScript, switching the language keeps what was typed in the monthly form", async ({
  page,
  request,
}, info) => {
  test.skip(isJs(info), "with JavaScript the switch does not reload the page");
  const poolId = await openPool(request);
  await inEnglish(page);
  await page.goto(`/donation-pools/${poolId}/donate?every=month`);
  await page.getByLabel("Your name", { exact: true }).fill("Monthly Donor");
  await page.getByLabel("Amount each month", { exact: true }).fill("35000");
  await page.getByLabel("Day of the month").selectOption("9");
  await page.getByLabel("I will transfer each month myself").check();
  await page.getByLabel("E-mail", { exact: true }).fill("keep-typing@example.mn");
  await page.getByLabel("Show me on the leaderboard").uncheck();

  await page
    .locator("header")
    .getByRole("button", { name: /Монгол/ })
    .first()
    .click();
  await expect(page.locator("html")).toHaveAttribute("lang", "mn");
  await expect(page).toHaveURL(/every=month/);
  await expect(page.getByLabel("Таны нэр", { exact: true })).toHaveValue("Monthly Donor");
  await expect(page.getByLabel("Сар бүрийн дүн", { exact: true })).toHaveValue("35000");
  await expect(page.getByLabel("Сарын аль өдөр")).toHaveValue("9");
  await expect(page.getByLabel("Сар бүр өөрөө шилжүүлнэ")).toBeChecked();
  await expect(page.getByLabel("Имэйлээр")).toBeChecked();
  await expect(page.getByLabel("Имэйл", { exact: true })).toHaveValue("keep-typing@example.mn");
  await expect(page.getByLabel("Намайг хандивлагчдын жагсаалтад харуулах")).not.toBeChecked();
  // Nothing was sent as a gift: no refusal shown, still the form.
  await expect(page.getByRole("button", { name: "Сар бүрийн хандив эхлүүлэх" })).toBeVisible();
});

test("a forged link gets the «no longer valid» page, which offers a fresh link", async ({
  page,
}, info) => {
  await inEnglish(page);
  const response = await page.goto(`/monthly/1.1.${"A".repeat(43)}`);
  expect(response?.status()).toBe(404);
  await expect(page.getByRole("heading", { name: "This link is no longer valid" })).toBeVisible();

  await page.getByRole("link", { name: "Get a new link" }).click();
  await expect(page).toHaveURL(/\/monthly$/);
  await page
    .getByLabel("E-mail address or phone number")
    .fill(`lost-link-${isJs(info) ? "js" : "nojs"}@example.mn`);
  await page.getByRole("button", { name: "Send me new links" }).click();
  // The same words whether or not the address gives monthly: this one does not.
  await expect(page.getByTestId("monthly-relink-sent")).toHaveText(
    "If we have monthly gifts for this address or number, we have sent new links to it.",
  );
  await toastGiven(page, "Request received");
});
