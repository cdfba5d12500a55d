import type { Page } from "@playwright/test";
import { expect, isJs, register, test, uniqueName } from "./fixtures";

/**
 * Issue 16: a half-written story is not lost. With JavaScript it is kept in the browser as it is
 * typed, given back after following a link, and leaving asks first; once the story is sent, the
 * draft is gone. Without JavaScript, the language and theme switches carry what was typed.
 */

const TITLE = "Хагас бичсэн түүх";
const STORY =
  "Энэ түүхийг бичиж байтал би өөр хуудас руу орчихлоо. Буцаж ирэхэд алга болоогүй байх ёстой.";

async function typeStory(page: Page) {
  await page.getByLabel("Гарчиг").fill(TITLE);
  await page.getByLabel("Таны түүх").fill(STORY);
}

test.describe("drafts", () => {
  test("with JavaScript: kept after following a link, asked before leaving, gone once sent", async ({
    page,
  }, info) => {
    test.skip(!isJs(info), "drafts live in the browser");
    await register(page, uniqueName("drafter", info.project.name));
    await page.goto("/post-story");
    await typeStory(page);
    // Leaving by a link asks; staying keeps the page.
    const faqLink = page.locator("footer").getByRole("link", { name: "Түгээмэл асуулт" });
    // One listener for the whole walk: a slow machine may show a question late, and a second
    // `once` listener would meet the first click's question.
    let answer: "dismiss" | "accept" = "dismiss";
    const asked: string[] = [];
    page.on("dialog", (dialog) => {
      asked.push(`${dialog.type()}: ${dialog.message()}`);
      void (answer === "dismiss" ? dialog.dismiss() : dialog.accept()).catch(() => {});
    });
    await faqLink.click();
    await expect.poll(() => asked.length).toBeGreaterThan(0);
    expect(asked[0]).toMatch(/^confirm: .*ноорог/);
    await expect(page).toHaveURL(/\/post-story$/);
    answer = "accept";
    await faqLink.click();
    await expect(page).toHaveURL(/\/faq$/);

    // Back on the form: everything typed is there, and saying so.
    await page.goto("/post-story");
    await expect(page.getByTestId("draft-notice")).toBeVisible();
    await expect(page.getByLabel("Гарчиг")).toHaveValue(TITLE);
    await expect(page.getByLabel("Таны түүх")).toHaveValue(STORY);

    // Start over empties it, for good.
    await page.getByRole("button", { name: "Шинээр эхлэх" }).click();
    await expect(page.getByLabel("Гарчиг")).toHaveValue("");
    await page.waitForTimeout(600);
    await page.reload();
    await expect(page.getByLabel("Гарчиг")).toHaveValue("");
    await expect(page.getByTestId("draft-notice")).toHaveCount(0);

    // Sent: the draft is gone.
    await typeStory(page);
    await page.getByLabel("Банкны нэр").selectOption({ index: 1 });
    await page.getByLabel("Дансны дугаар").fill("5012345678");
    await page.getByRole("button", { name: "Дараах" }).click();
    await page.getByRole("radio", { name: "Үнэгүй", exact: true }).check();
    await page.getByRole("button", { name: "Түүх илгээх" }).click();
    await expect(page.getByTestId("toast").filter({ hasText: "Түүх илгээгдлээ" })).toBeVisible();
    await page.goto("/post-story");
    await expect(page.getByLabel("Гарчиг")).toHaveValue("");
    await expect(page.getByTestId("draft-notice")).toHaveCount(0);
  });

  test("without JavaScript: the language and theme switches keep what was typed", async ({
    page,
  }, info) => {
    test.skip(isJs(info), "with JavaScript the switches do not reload the page");
    await register(page, uniqueName("switcher", info.project.name));
    await page.goto("/post-story");
    await typeStory(page);
    await page
      .locator("header")
      .getByRole("button", { name: /English/ })
      .first()
      .click();
    await expect(page.locator("html")).toHaveAttribute("lang", "en");
    await expect(page.getByLabel("Title")).toHaveValue(TITLE);
    await expect(page.getByLabel("Your story")).toHaveValue(STORY);
    await page.locator("header").getByRole("button", { name: "Dark" }).first().click();
    await expect(page.locator("html")).toHaveClass(/dark/);
    await expect(page.getByLabel("Your story")).toHaveValue(STORY);
    // Chosen for good: the next page keeps both.
    await page.goto("/faq");
    await expect(page.locator("html")).toHaveAttribute("lang", "en");
    await expect(page.locator("html")).toHaveClass(/dark/);

    // The donation form too.
    await page.goto("/donate");
    await page.getByLabel(/^Your name/).fill("Сараа");
    await page
      .locator("header")
      .getByRole("button", { name: /Монгол/ })
      .first()
      .click();
    await expect(page.locator("html")).toHaveAttribute("lang", "mn");
    await expect(page.getByLabel(/^Таны нэр/)).toHaveValue("Сараа");
  });
});
