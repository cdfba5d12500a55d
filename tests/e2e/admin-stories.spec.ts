import type { Browser, Locator, Page, TestInfo } from "@playwright/test";
import {
  ADMIN,
  expect,
  isJs,
  register,
  signIn,
  test,
  uniqueName,
  waitForHydration,
} from "./fixtures";

/**
 * The admin dashboard's story tabs (spec 02 §2 Approvals, Stories, Payments), as an
 * administrator uses them, with and without JavaScript (playwright.config.ts projects). The
 * server is shared with other tests, so every story here is this test's own, found by a unique
 * tag in its title, never by position or global counts.
 */

interface Created {
  id: number;
  title: string;
}

/** A fresh author posts paid ("daily") stories through the /api: they wait for approval. */
async function paidStories(browser: Browser, info: TestInfo, baseURL: string, titles: string[]) {
  const context = await browser.newContext({ baseURL });
  const page = await context.newPage();
  // The project's options apply to this context too.
  if (isJs(info)) waitForHydration(page);
  await register(page, uniqueName("payer", info.project.name));
  const created: Created[] = [];
  for (const title of titles) {
    const res = await page.request.post("/api/stories", {
      headers: { origin: baseURL },
      data: {
        title,
        story:
          "Өвөл болоход бид нүүдэллэн өвөлжөөндөө бууж, хашаагаа засаж, түлээ бэлтгэдэг байв. Тэр жил цас эрт орсон юм.",
        pricing_tier: "daily",
        payment_reference: "123456",
        bank_name: "Khan Bank",
        bank_account: "5012345678",
        account_name: "Болд",
      },
    });
    expect(res.status()).toBe(201);
    created.push({ id: ((await res.json()) as { id: number }).id, title });
  }
  await context.close();
  return created;
}

const toast = (page: Page, text: string) =>
  expect(page.getByTestId("toast").filter({ hasText: text })).toBeVisible();

/**
 * The story's card on the approvals list, following the pages if others pushed it down. The
 * other project's test approves stories meanwhile, which can shift a card back a page while we
 * page forward: then a second sweep from the first page finds it.
 */
async function approvalCard(page: Page, story: Created): Promise<Locator> {
  const card = page.locator(`[data-testid="approval-card"][data-story-id="${story.id}"]`);
  for (let sweep = 0; sweep < 3 && (await card.count()) === 0; sweep++) {
    if (sweep > 0) {
      const url = new URL(page.url());
      url.searchParams.delete("page");
      await page.goto(url.pathname + url.search);
    }
    for (let i = 0; i < 10 && (await card.count()) === 0; i++) {
      const next = page.getByRole("link", { name: "Дараах" });
      if ((await next.count()) === 0 || (await next.getAttribute("aria-disabled")) === "true")
        break;
      await next.click();
      await page.waitForURL(/page=/);
    }
  }
  await expect(card).toBeVisible();
  await expect(card.getByRole("heading", { name: story.title })).toBeVisible();
  return card;
}

test.describe("admin story tabs", () => {
  test("approvals, stories and payments: verify, approve, reject, delete, payment details", async ({
    page,
    browser,
    baseURL,
  }, info) => {
    test.setTimeout(90_000);
    const tag = uniqueName("adm", info.project.name);
    const [toApprove, toReject, toPay] = await paidStories(browser, info, baseURL!, [
      `Батлах түүх ${tag}`,
      `Татгалзах түүх ${tag}`,
      `Төлбөрийн түүх ${tag}`,
    ]);
    await signIn(page, ADMIN.username, ADMIN.password);

    // /admin opens the overview (issue 42); its approvals card leads to the queue, whose premium
    // filter is a link.
    await page.goto("/admin");
    await expect(page).toHaveURL(/\/admin$/);
    await expect(page.getByRole("heading", { name: "Хүлээгдэж буй ажил" })).toBeVisible();
    await expect(page.getByRole("link", { name: "Тойм", exact: true })).toHaveAttribute(
      "aria-current",
      "page",
    );
    await page.locator('[data-wait="approvals"]').click();
    await expect(page).toHaveURL(/\/admin\/approvals$/);
    await page.getByRole("link", { name: "Онцлох", exact: true }).click();
    await expect(page).toHaveURL(/\/admin\/approvals\?filter=premium$/);

    // A premium story waits for its payment: Approve is disabled, with the reason.
    let card = await approvalCard(page, toApprove!);
    await expect(card.getByTestId("tier-badge")).toHaveText("Өдрийн");
    await expect(card.getByTestId("payment-status")).toHaveText("Төлбөр хүлээгдэж буй");
    await expect(card.getByText("5012345678")).toBeVisible();
    // What the site is owed and the code its transfer carries, apart from the author's account.
    await expect(card.getByTestId("payment-due")).toContainText("₮");
    await expect(card.getByTestId("payment-due")).toContainText("123456");
    await expect(card.getByRole("button", { name: "Батлах" })).toBeDisabled();
    await expect(card.getByTestId("approve-blocked")).toBeVisible();

    // Verify the payment, then approve.
    // It asks first, and asks what arrived (the plan's price to start with).
    await card.getByText("Төлбөр баталгаажуулах", { exact: true }).click();
    await expect(card.getByLabel("Хүлээн авсан дүн (₮)")).toHaveValue(/^[1-9]\d*$/);
    await card.getByRole("button", { name: "Тийм, төлбөрийг баталгаажуулах" }).click();
    await toast(page, "Төлбөр баталгаажлаа");
    await expect(page).toHaveURL(/filter=premium/);
    card = await approvalCard(page, toApprove!);
    await expect(card.getByTestId("payment-status")).toHaveText("Төлбөр баталгаажсан");
    await expect(card.getByText("Төлбөр баталгаажуулах", { exact: true })).toHaveCount(0);
    await card.getByRole("button", { name: "Батлах" }).click();
    await toast(page, "Түүх батлагдлаа");
    await expect(
      page.locator(`[data-testid="approval-card"][data-story-id="${toApprove!.id}"]`),
    ).toHaveCount(0);

    // Preview opens the pending story for the administrator.
    card = await approvalCard(page, toReject!);
    await card.getByRole("link", { name: /урьдчилан харах/i }).click();
    await expect(page).toHaveURL(new RegExp(`/stories/${toReject!.id}$`));
    await expect(page.getByRole("heading", { name: toReject!.title })).toBeVisible();
    await expect(page.getByTestId("preview-banner")).toBeVisible();

    // Reject asks first.
    await page.goto("/admin/approvals?filter=premium");
    card = await approvalCard(page, toReject!);
    await card.getByText("Татгалзах", { exact: true }).click();
    await expect(card.getByRole("alertdialog")).toContainText(toReject!.title);
    await card.getByLabel("Шалтгаан", { exact: true }).selectOption("spam");
    await card.getByRole("button", { name: "Тийм, татгалзах" }).click();
    await toast(page, "Түүхээс татгалзлаа");
    await expect(
      page.locator(`[data-testid="approval-card"][data-story-id="${toReject!.id}"]`),
    ).toHaveCount(0);

    // Stories tab: search by the tag (Cyrillic, other letter case), then delete the rejected one.
    await page.goto("/admin/stories");
    await page.locator("#admin-story-search").fill(`ТАТГАЛЗАХ ТҮҮХ ${tag.toUpperCase()}`);
    await page.locator("#main").getByRole("button", { name: "Хайх" }).click();
    await expect(page).toHaveURL(/search=/);
    const table = page.getByTestId("stories-table");
    const row = table.locator(`[data-story-id="${toReject!.id}"]`);
    await expect(row).toBeVisible();
    await expect(row).toContainText("Татгалзсан");
    await expect(table.locator("[data-testid=story-row]")).toHaveCount(1);
    await row.getByText("Устгах", { exact: true }).click();
    await row.getByRole("button", { name: "Тийм, устгах" }).click();
    await toast(page, "Түүх устгагдлаа");
    await expect(page).toHaveURL(/search=/);
    await expect(table.locator(`[data-story-id="${toReject!.id}"]`)).toHaveCount(0);
    await expect(page.getByText(/тохирох түүх олдсонгүй/)).toBeVisible();
    expect((await page.request.get(`/api/stories/${toReject!.id}`)).status()).toBe(404);

    // The approved one is listed as approved; its view link is /story/{id}.
    await page.goto(`/admin/stories?search=${encodeURIComponent(`батлах түүх ${tag}`)}`);
    const approvedRow = table.locator(`[data-story-id="${toApprove!.id}"]`);
    await expect(approvedRow).toContainText("Батлагдсан");
    await expect(approvedRow.getByRole("link", { name: /харах/ })).toHaveAttribute(
      "href",
      `/story/${toApprove!.id}`,
    );

    // Payments tab: pending by default; details at their own URL; verify there.
    await page.goto("/admin/payments");
    await expect(page.getByTestId("counter-pending")).toHaveText(/^\d+$/);
    const payRow = page.getByTestId("payments-table").locator(`[data-story-id="${toPay!.id}"]`);
    await expect(payRow).toBeVisible();
    await payRow.getByRole("link", { name: /дэлгэрэнгүй/ }).click();
    await expect(page).toHaveURL(new RegExp(`/admin/payments/${toPay!.id}$`));
    const details = page.getByTestId("payment-details");
    await expect(details).toContainText(toPay!.title);
    await expect(details).toContainText("Өдрийн");
    await expect(details).toContainText("₮");
    await expect(details).toContainText("123456");
    await expect(details.getByTestId("payment-warning")).toBeVisible();
    await details.getByText("Төлбөр баталгаажуулах", { exact: true }).click();
    await details.getByRole("button", { name: "Тийм, төлбөрийг баталгаажуулах" }).click();
    await toast(page, "Төлбөр баталгаажлаа");
    await expect(page).toHaveURL(new RegExp(`/admin/payments/${toPay!.id}$`));
    await expect(details.getByTestId("payment-warning")).toHaveCount(0);
    await expect(details.getByTestId("payment-status")).toHaveText("Төлбөр баталгаажсан");
    await details.getByRole("link", { name: "Хаах" }).click();
    await expect(page).toHaveURL(/\/admin\/payments$/);
    await expect(page.getByTestId("payment-details")).toHaveCount(0);
    await expect(
      page.getByTestId("payments-table").locator(`[data-story-id="${toPay!.id}"]`),
    ).toHaveCount(0);
    await page.getByRole("link", { name: "Баталгаажсан", exact: true }).click();
    await expect(page).toHaveURL(/filter=verified/);
  });

  test("anonymous visitors sign in first; users are sent away from the story tabs", async ({
    page,
  }, info) => {
    for (const path of ["/admin/approvals", "/admin/stories", "/admin/payments"]) {
      await page.goto(path);
      await expect(page).toHaveURL(new RegExp(`/login\\?redirect=${encodeURIComponent(path)}$`));
    }
    await register(page, uniqueName("nosy", info.project.name));
    await page.goto("/admin/payments");
    await expect(page).toHaveURL(/localhost:\d+\/$/);
  });
});
