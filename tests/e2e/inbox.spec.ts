import { expect, register, test, uniqueName } from "./fixtures";

/**
 * Issue 17: a signed-in author's inbox. The bell in the header counts what is unread; the inbox
 * says what happened and can be marked read, with JavaScript and without.
 */
test("the bell counts the unread notifications; the inbox shows them and marks them read", async ({
  page,
  playwright,
  baseURL,
}, info) => {
  const author = uniqueName("inbox", info.project.name);
  await register(page, author);
  const origin = { origin: baseURL! };
  const story = await page.request.post("/api/stories", {
    headers: origin,
    data: {
      title: `Өвлийн түүх ${author}`,
      story: "Өвлийн өглөө бид говийн худгийн дэргэд цай чанасан юм. Нар мандаж байлаа.",
      pricing_tier: "free",
      bank_name: "TDB",
      bank_account: "4001002003",
    },
  });
  expect(story.status()).toBe(201);
  const { id } = await story.json();

  // Someone else comments on it.
  const reader = await playwright.request.newContext({ baseURL, extraHTTPHeaders: origin });
  const readerName = uniqueName("reader", info.project.name);
  expect(
    (
      await reader.post("/api/register", {
        data: { username: readerName, password: "secret-pass" },
      })
    ).status(),
  ).toBe(201);
  expect(
    (
      await reader.post(`/api/stories/${id}/comments`, { data: { content: "Сайхан түүх!" } })
    ).status(),
  ).toBe(201);
  await reader.dispose();

  await page.goto("/");
  const bell = page.getByTestId("inbox-bell").first();
  await expect(bell).toHaveAccessibleName("Мэдэгдэл, уншаагүй: 2");
  await bell.click();
  await expect(page).toHaveURL(/\/notifications$/);
  const items = page.getByTestId("inbox-item");
  await expect(items).toHaveCount(2);
  await expect(items.first()).toContainText(`${readerName} таны «Өвлийн түүх ${author}» түүхэнд`);
  await expect(items.nth(1)).toContainText("түүх тань нийтлэгдлээ");
  await expect(page.getByTestId("inbox-unread")).toHaveText("Уншаагүй: 2");

  await page.getByRole("button", { name: "Бүгдийг уншсан болгох" }).click();
  await expect(page.getByTestId("toast")).toContainText("Бүх мэдэгдлийг уншсан гэж тэмдэглэлээ");
  await expect(page.getByTestId("inbox-unread")).toHaveText("Уншаагүй: 0");
  await expect(page.getByTestId("inbox-bell").first()).toHaveAccessibleName("Мэдэгдэл");
  await expect(page.locator('[data-testid="inbox-item"][data-unread]')).toHaveCount(0);

  // The item leads to the story.
  await items.first().getByRole("link", { name: "Түүхийг нээх" }).click();
  await expect(page).toHaveURL(new RegExp(`/stories/${id}$`));
});
