import type { Page } from "@playwright/test";
import { ADMIN, expect, isJs, register, signIn, test, uniqueName } from "./fixtures";

/**
 * Issue 41 items 3 and 11, with and without JavaScript (the playwright.config.ts projects):
 * verifying a pledge by hand asks what arrived and records it in the public ledger; a question
 * whose field is refused (an empty amount, «Бусад шалтгаан» without a note) opens again with what
 * was chosen and the field marked, instead of closing and losing it.
 */

const toast = (page: Page, text: string) =>
  expect(page.getByTestId("toast").filter({ hasText: text })).toBeVisible();

test("a pledge verified by hand records the amount that arrived", async ({
  page,
  browser,
}, info) => {
  test.setTimeout(90_000);
  await signIn(page, ADMIN.username, ADMIN.password);
  const api = page.request;
  const created = await api.post("/api/donation-pools", {
    data: {
      name: uniqueName("Received", info.project.name),
      description: "Хүлээн авсан дүнгийн туршилт.",
      goal_amount: 1_000_000,
      bank_name: "Khan Bank",
      bank_account: "5039184726",
      account_name: "Туршилтын сан",
    },
  });
  expect(created.status()).toBe(201);
  const poolId = (await created.json()).id as number;
  const reference = `RECEIVED-${info.project.name}-${Date.now().toString(36)}`;
  const pledged = await api.post(`/api/donation-pools/${poolId}/donations`, {
    data: {
      donor_name: "Цэцэгмаа",
      phone_number: `9922${String(Math.floor(Math.random() * 10_000)).padStart(4, "0")}`,
      amount: 2000,
      transaction_reference: reference,
    },
  });
  expect(pledged.status()).toBe(201);

  await page.goto("/admin/donations/pending");
  const item = page.locator(`[data-testid="pending-donation"][data-reference="${reference}"]`);
  await item.getByText("Баталгаажуулах", { exact: true }).click();
  const amount = item.getByLabel("Хүлээн авсан дүн (₮)");
  await expect(amount).toHaveValue("2000");
  const confirm = item.getByRole("button", { name: "Тийм, хандивыг баталгаажуулах" });

  // An empty amount: the question stays open, the field marked, nothing verified.
  await amount.fill("");
  await confirm.click();
  await expect(amount).toHaveAttribute("aria-invalid", "true");
  await expect(amount).toBeVisible();
  await expect(item).toContainText("Хүлээн авсан дүнг бүхэл төгрөгөөр оруулна уу.");

  // What the statement shows: less than pledged.
  await amount.fill("1500");
  await confirm.click();
  await toast(page, "Хүлээн авсан дүн: 1,500₮; амласан дүн: 2,000₮.");
  await expect(item).toHaveCount(0);

  const visitor = await browser.newPage({
    baseURL: info.project.use.baseURL,
    javaScriptEnabled: isJs(info),
  });
  await visitor.goto(`/donation-pools/${poolId}/ledger`);
  const line = visitor.getByTestId("ledger-line").filter({ hasText: "Цэцэгмаа" });
  await expect(line).toContainText("1,500₮");
  await expect(visitor.getByTestId("ledger-verified")).toContainText("1,500₮");
  await visitor.close();
});

test("a refused rejection keeps the chosen reason and marks the note", async ({
  page,
  browser,
  baseURL,
}, info) => {
  test.setTimeout(90_000);
  const authorContext = await browser.newContext({ baseURL });
  const author = await authorContext.newPage();
  await register(author, uniqueName("askauthor", info.project.name));
  const title = `Асуулт хадгалах ${uniqueName("t", info.project.name)}`;
  const res = await author.request.post("/api/stories", {
    headers: { origin: baseURL! },
    data: {
      title,
      story:
        "Өвөл болоход бид нүүдэллэн өвөлжөөндөө бууж, хашаагаа засаж, түлээ бэлтгэдэг байв. Тэр жил цас эрт орсон юм.",
      pricing_tier: "daily",
      payment_reference: "654321",
      bank_name: "TDB",
      bank_account: "4001002003",
    },
  });
  expect(res.status()).toBe(201);
  const id = ((await res.json()) as { id: number }).id;
  await authorContext.close();

  await signIn(page, ADMIN.username, ADMIN.password);
  await page.goto("/admin/approvals?filter=premium");
  const card = page.locator(`[data-testid="approval-card"][data-story-id="${id}"]`);
  await card.getByText("Татгалзах", { exact: true }).click();
  await card.getByLabel("Шалтгаан", { exact: true }).selectOption("other");
  await card.getByRole("button", { name: "Тийм, татгалзах" }).click();

  // The question is open again, «Бусад шалтгаан» still chosen, the note marked with the reason.
  const reason = card.getByLabel("Шалтгаан", { exact: true });
  const note = card.getByLabel("Зохиогчид өгөх тайлбар");
  await expect(note).toHaveAttribute("aria-invalid", "true");
  await expect(reason).toBeVisible();
  await expect(reason).toHaveValue("other");
  await expect(card).toContainText("Шалтгаан нь «Бусад шалтгаан» бол зохиогчид тайлбар бичнэ үү.");

  await note.fill("Энэ түүх өөр сайтад нийтлэгдсэн байна.");
  await card.getByRole("button", { name: "Тийм, татгалзах" }).click();
  await toast(page, "Түүхээс татгалзлаа");
  await expect(card).toHaveCount(0);
});
