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
 * Issue 18, items 1 and 2: an author fixes their published (featured) story — readers keep the
 * approved version until an administrator publishes the edit — and changes their comment within
 * its first 15 minutes. With and without JavaScript (the playwright.config.ts projects).
 */

const toast = (page: Page, text: string) =>
  expect(page.getByTestId("toast").filter({ hasText: text })).toBeVisible();

const STORY =
  "Хаврын эхэн сард бид голын эрэг дээр гарч, мөс хайлахыг харж суудаг байв. Тэр жил ус их байсан юм.";

test("edit a featured story through review, and a fresh comment", async ({
  page,
  browser,
  baseURL,
}, info) => {
  test.setTimeout(120_000);
  const tag = uniqueName("own", info.project.name);
  const title = `Хаврын гол ${tag}`;
  const newTitle = `Хаврын их ус ${tag}`;

  // An administrator publishes the author's paid story.
  const authorContext = await browser.newContext({ baseURL });
  const author = await authorContext.newPage();
  if (isJs(info)) {
    waitForHydration(author);
    waitForHydration(page);
  }
  await register(author, uniqueName("ownauthor", info.project.name));
  const posted = await author.request.post("/api/stories", {
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
  expect(posted.status()).toBe(201);
  const id = ((await posted.json()) as { id: number }).id;
  await signIn(page, ADMIN.username, ADMIN.password);
  for (const call of ["verify-payment", "approve"]) {
    const res = await page.request.post(`/api/stories/${id}/${call}`, {
      headers: { origin: baseURL! },
      data: {},
    });
    expect(res.status(), call).toBe(200);
  }

  // The author edits it from the profile: the edit waits, readers still see the old title.
  await author.goto("/profile");
  await author.getByRole("link", { name: `«${title}» түүхийг засах` }).click();
  await expect(author.getByRole("heading", { level: 1 })).toHaveText("Нийтлэгдсэн түүхээ засах");
  await expect(author.getByText("онцлох хэсэгт байна")).toBeVisible();
  await author.getByLabel("Гарчиг").fill(newTitle);
  await author.getByRole("button", { name: "Засварыг хянуулахаар илгээх" }).click();
  await toast(author, "Засварыг хянуулахаар илгээлээ");
  await expect(author).toHaveURL(/\/profile$/);
  await expect(author.getByTestId("edit-waiting-note")).toBeVisible();
  await author.goto(`/stories/${id}`);
  await expect(author.getByRole("heading", { level: 1 })).toHaveText(title);

  // The administrator sees what changed and publishes it.
  await page.goto("/admin/approvals");
  const card = page.locator(`[data-testid="edit-review-card"][data-story-id="${id}"]`);
  await expect(card.locator('[data-field="title"]')).toHaveAttribute("data-changed", "true");
  await expect(card.locator('[data-field="story"]')).toContainText("Өөрчлөгдөөгүй");
  await card.getByRole("button", { name: "Засварыг нийтлэх" }).click();
  await toast(page, "Засварыг нийтэллээ");
  await expect(card).toHaveCount(0);
  await author.goto(`/stories/${id}`);
  await expect(author.getByRole("heading", { level: 1 })).toHaveText(newTitle);

  // A comment with a slip, changed at once; it then shows as edited.
  await author.getByLabel("Таны сэтгэгдэл").fill("Ус их байсан жил санагдлаа");
  await author.getByRole("button", { name: "Сэтгэгдэл нийтлэх" }).click();
  await toast(author, "Таны сэтгэгдэл нийтлэгдлээ");
  const comment = author.getByTestId("comment").filter({ hasText: "Ус их байсан жил" });
  await comment.getByTestId("edit-comment").click();
  const form = comment.getByTestId("edit-comment-form");
  await form.getByRole("textbox").fill("Ус их байсан тэр жил санагдлаа");
  await form.getByRole("button", { name: "Хадгалах" }).click();
  await toast(author, "Сэтгэгдлийг тань заслаа");
  const changed = author.getByTestId("comment").filter({ hasText: "тэр жил санагдлаа" });
  await expect(changed.getByTestId("comment-edited")).toHaveText("(засварласан)");
  await expect(changed.getByTestId("edit-comment-form")).toHaveCount(0);

  // The same pages in English.
  await author.goto(`/stories/${id}/edit?lng=en`);
  await expect(author.getByRole("heading", { level: 1 })).toHaveText("Edit your published story");
  await expect(author.getByRole("button", { name: "Send the changes for review" })).toBeVisible();
  await author.goto(`/stories/${id}`);
  await expect(changed.getByTestId("comment-edited")).toHaveText("(edited)");
  await authorContext.close();
});
