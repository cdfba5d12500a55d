import type { Page } from "@playwright/test";
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
 * Issue 16: a rejected paid story is no dead end. The administrator gives a reason; the author
 * reads it with what happens to their money, edits the story and sends it again; the payment
 * stays with it and the administrator can approve it. A second story's payment is returned,
 * and the author is told so. With and without JavaScript (the playwright.config.ts projects).
 */

const toast = (page: Page, text: string) =>
  expect(page.getByTestId("toast").filter({ hasText: text })).toBeVisible();

const STORY =
  "Өвөл болоход бид нүүдэллэн өвөлжөөндөө бууж, хашаагаа засаж, түлээ бэлтгэдэг байв. Тэр жил цас эрт орсон юм.";

test("reject with a reason, return or keep the payment, edit and send again", async ({
  page,
  browser,
  baseURL,
}, info) => {
  test.setTimeout(120_000);
  const tag = uniqueName("rej", info.project.name);
  const authorContext = await browser.newContext({ baseURL });
  const author = await authorContext.newPage();
  if (isJs(info)) waitForHydration(author);
  await register(author, uniqueName("rejauthor", info.project.name));
  const post = async (title: string) => {
    const res = await author.request.post("/api/stories", {
      headers: { origin: baseURL! },
      data: {
        title,
        story: STORY,
        pricing_tier: "daily",
        payment_reference: "654321",
        bank_name: "TDB",
        bank_account: "4001002003",
      },
    });
    expect(res.status()).toBe(201);
    return ((await res.json()) as { id: number }).id;
  };
  const kept = await post(`Засах түүх ${tag}`);
  const returned = await post(`Буцаах түүх ${tag}`);

  // The administrator verifies both payments, then rejects each with a reason.
  await signIn(page, ADMIN.username, ADMIN.password);
  for (const [id, reason, note] of [
    [kept, "quality", "Төгсгөлийг нь бичээрэй."],
    [returned, "rules", ""],
  ] as const) {
    await page.goto(`/admin/payments/${id}`);
    const details = page.getByTestId("payment-details");
    await details.getByText("Төлбөр баталгаажуулах", { exact: true }).click();
    await details.getByRole("button", { name: "Тийм, төлбөрийг баталгаажуулах" }).click();
    await toast(page, "Төлбөр баталгаажлаа");
    await page.goto(`/admin/approvals?filter=premium`);
    const card = page.locator(`[data-testid="approval-card"][data-story-id="${id}"]`);
    // Our stories are the newest: the first page.
    await expect(card).toBeVisible();
    await card.getByText("Татгалзах", { exact: true }).click();
    await card.getByLabel("Шалтгаан", { exact: true }).selectOption(reason);
    if (note) await card.getByLabel("Зохиогчид өгөх тайлбар").fill(note);
    await card.getByRole("button", { name: "Тийм, татгалзах" }).click();
    await toast(page, "Түүхээс татгалзлаа");
    await expect(card).toHaveCount(0);
  }

  // Both wait in «To return»; one is marked returned from its details.
  await page.goto("/admin/payments?filter=refund");
  const refunds = page.getByTestId("payments-table");
  await expect(refunds.locator(`[data-story-id="${kept}"]`)).toContainText("Төлбөр буцаах");
  await page.goto(`/admin/payments/${returned}?filter=refund`);
  const details = page.getByTestId("payment-details");
  await expect(details.getByTestId("refund-due")).toBeVisible();
  await expect(details).toContainText("Сайтын дүрэм зөрчсөн");
  await details.getByText("Буцаасан гэж тэмдэглэх", { exact: true }).click();
  await details.getByRole("button", { name: "Тийм, буцаасан" }).click();
  await toast(page, "Буцаасан гэж тэмдэглэлээ");
  await expect(details.getByTestId("payment-status")).toHaveText("Төлбөр буцаасан");

  // The author reads why, and where the money stands.
  await author.goto("/profile");
  const keptCard = author.locator(`[data-testid="own-story"]`, { hasText: `Засах түүх ${tag}` });
  await expect(keptCard).toHaveAttribute("data-state", "rejected");
  await expect(keptCard.getByTestId("rejection-reason")).toContainText("Нийтлэхэд бэлэн биш");
  await expect(keptCard.getByTestId("rejection-reason")).toContainText("Төгсгөлийг нь бичээрэй.");
  await expect(keptCard.getByTestId("refund-words")).toContainText("ажлын 3 өдрийн дотор");
  await expect(keptCard.getByTestId("refund-words")).toContainText("4001002003");
  const returnedCard = author.locator(`[data-testid="own-story"]`, {
    hasText: `Буцаах түүх ${tag}`,
  });
  await expect(returnedCard.getByTestId("refund-words")).toContainText("буцаагдсан");

  // The author edits the first one and sends it again; its payment stays with it.
  await keptCard.getByRole("link", { name: /засаад дахин илгээх/i }).click();
  await expect(author).toHaveURL(new RegExp(`/stories/${kept}/edit$`));
  await expect(author.getByTestId("edit-rejection")).toContainText("үлдэнэ");
  const title = author.getByLabel("Гарчиг");
  await expect(title).toHaveValue(`Засах түүх ${tag}`);
  await title.fill(`Засварласан түүх ${tag}`);
  await author.getByRole("button", { name: "Дахин хянуулахаар илгээх" }).click();
  await expect(author).toHaveURL(/\/profile$/);
  await toast(author, "Түүхийг дахин илгээлээ");
  const resent = author.locator(`[data-testid="own-story"]`, {
    hasText: `Засварласан түүх ${tag}`,
  });
  await expect(resent).toHaveAttribute("data-state", "pending_review");

  // It is back with the administrator, paid, and can be approved at once.
  await page.goto("/admin/approvals?filter=premium");
  const back = page.locator(`[data-testid="approval-card"][data-story-id="${kept}"]`);
  await expect(back).toContainText(`Засварласан түүх ${tag}`);
  await expect(back.getByTestId("payment-status")).toHaveText("Төлбөр баталгаажсан");
  await back.getByRole("button", { name: "Батлах" }).click();
  await toast(page, "Түүх батлагдлаа");
  await author.goto("/profile");
  await expect(resent).toHaveAttribute("data-state", "featured");
  await authorContext.close();
});
