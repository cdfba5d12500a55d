import AxeBuilder from "@axe-core/playwright";
import { expect, isJs, test, withSettingsLock } from "./fixtures";

// The e2e database holds the default premium settings (3000/5000/15000 ₮, 3/7/30 days);
// tests/unit/faq-pricing.test.ts shows other saved values reaching the cards.
const TIERS = [
  { tier: "free", price: "0₮", mn: "Энгийн харагдац", en: "Standard visibility" },
  { tier: "daily", price: "3,000₮", mn: "3 хоног онцлох", en: "3 Days Featured" },
  { tier: "weekly", price: "5,000₮", mn: "7 хоног онцлох", en: "7 Days Featured" },
  { tier: "monthly", price: "15,000₮", mn: "30 хоног онцлох", en: "30 Days Featured" },
];

test.describe("FAQ and pricing page", () => {
  test("shows the four plans in Mongolian, priced from the settings, each leading to /post-story", async ({
    page,
  }) => {
    await withSettingsLock(async () => {
      await page.goto("/faq");
      await expect(page).toHaveTitle("Үнэ ба түгээмэл асуулт — StoryShare");
      await expect(page.locator('meta[name="description"]')).toHaveAttribute("content", /.{60,}/);

      const cards = page.getByTestId("plan-card");
      await expect(cards).toHaveCount(4);
      for (const [index, plan] of TIERS.entries()) {
        const card = cards.nth(index);
        await expect(card).toHaveAttribute("data-tier", plan.tier);
        await expect(card).toContainText(plan.price);
        await expect(card.getByTestId("plan-duration")).toHaveText(plan.mn);
        const choose = card.getByRole("link", { name: /^Сонгох/ });
        await expect(choose).toHaveAttribute("href", `/post-story?tier=${plan.tier}`);
      }

      // The daily plan's name promises one day; the card says it is three.
      await expect(cards.nth(1).getByTestId("plan-duration-note")).toHaveText(
        "Нэр нь «Өдрийн» боловч энэ багцаар таны түүх 3 хоног онцлогдоно.",
      );
      for (const index of [0, 2, 3]) {
        await expect(cards.nth(index).getByTestId("plan-duration-note")).toHaveCount(0);
      }

      // Only the daily card is marked popular; paid cards promise the 24–48 h review.
      await expect(page.getByText("Хамгийн эрэлттэй")).toHaveCount(1);
      await expect(cards.nth(1)).toContainText("Хамгийн эрэлттэй");
      await expect(cards.nth(0)).toContainText("Хааяа бичдэг хүмүүст тохиромжтой");
      for (const index of [1, 2, 3]) await expect(cards.nth(index)).toContainText("24–48 цаг");
    });
  });

  test("shows where to pay: the payee's bank, account and name", async ({ page }) => {
    await page.goto("/faq");
    const payee = page.getByTestId("payee");
    await expect(payee).toBeVisible();
    await expect(payee).toContainText("Хаан банк");
    await expect(payee).toContainText("5012345678");
    // The demo payee's name in the page's language (a configured one is shown as written).
    await expect(payee).toContainText("Сторишэйр ХХК");
    await expect(payee).toContainText("Гүйлгээний утга");
  });

  test("the accordion opens and closes an answer", async ({ page }) => {
    await page.goto("/faq");
    await expect(page.getByTestId("faq-item")).toHaveCount(6);
    const question = page.locator("summary", { hasText: "Хянан шалгахад хэр хугацаа" });
    const answer = page.getByText("24–48 цагийн дотор батлагдаж");
    await expect(answer).toBeHidden();
    await question.click();
    await expect(answer).toBeVisible();
    await question.click();
    await expect(answer).toBeHidden();
  });

  test("reads in English with ?lng=en", async ({ page }) => {
    await withSettingsLock(async () => {
      await page.goto("/faq?lng=en");
      await expect(page).toHaveTitle("Pricing and FAQ — StoryShare");
      const cards = page.getByTestId("plan-card");
      for (const [index, plan] of TIERS.entries()) {
        await expect(cards.nth(index).getByTestId("plan-duration")).toHaveText(plan.en);
        await expect(cards.nth(index)).toContainText(plan.price);
        await expect(cards.nth(index).getByRole("link", { name: /^Choose/ })).toHaveAttribute(
          "href",
          `/post-story?tier=${plan.tier}`,
        );
      }
      await expect(cards.nth(1)).toContainText("Most popular");
      await expect(cards.nth(3)).toContainText("Best for professional writers");
      await expect(page.getByTestId("payee")).toContainText("Khan Bank");

      await expect(page.getByRole("heading", { name: "Frequently asked questions" })).toBeVisible();
      const question = page.locator("summary", { hasText: "How do I post a story?" });
      await question.click();
      await expect(page.getByText("Log in, click “Post a story” in the menu")).toBeVisible();
    });
  });

  test("is reached from the header, catalogues and all", async ({ page }) => {
    // From a page that has neither the faq nor the plans catalogue inline.
    await page.goto("/login");
    await page
      .getByRole("navigation")
      .getByRole("link", { name: "Түгээмэл асуулт" })
      .filter({ visible: true })
      .first()
      .click();
    await expect(page).toHaveURL(/\/faq$/);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(
      "Үнэгүй нийтлэх үү, эсвэл түүхээ онцлох уу?",
    );
    await expect(page.getByTestId("plan-duration").nth(1)).toHaveText("3 хоног онцлох");
  });

  for (const theme of ["light", "dark"] as const) {
    test(`has no accessibility violations (${theme})`, async ({ page, context, baseURL }, info) => {
      test.skip(!isJs(info), "axe runs inside the page");
      await context.addCookies([{ name: "storyshare-theme", value: theme, url: baseURL! }]);
      await page.goto("/faq");
      // An open answer is checked too (not the header's phone menu, also a <details>).
      await page.locator("summary", { hasText: "Түүхээ хэрхэн нийтлэх вэ?" }).click();
      const results = await new AxeBuilder({ page }).analyze();
      expect(
        results.violations.map(
          (v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target).join(", ")})`,
        ),
      ).toEqual([]);
    });
  }
});
