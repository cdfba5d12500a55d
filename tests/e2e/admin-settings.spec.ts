import type { Page } from "@playwright/test";
import { ADMIN, expect, signIn, test, uniqueName, withSettingsLock } from "./fixtures";

// The e2e server is shared by every spec and both projects: the FAQ is changed in English only
// (faq.spec.ts counts the Mongolian items), every change is undone at the end, and changes to the
// premium settings take a lock so the js and no-js runs of this file never overlap each other.
// "Clear all data" is never run here (it would wipe the other specs' data): see clear-data.test.ts.

const SECRET = "e2e-premium-secret-key";
const DEFAULTS = {
  prices: { daily: 3000, weekly: 5000, monthly: 15000 },
  days: { daily: 3, weekly: 7, monthly: 30 },
};

const toast = (page: Page, text: string) => page.getByTestId("toast").filter({ hasText: text });

async function adminFaq(page: Page) {
  await signIn(page, ADMIN.username, ADMIN.password);
  await page.goto("/admin/faq?language=en&lng=en");
  await expect(page.getByRole("heading", { name: "Frequently asked questions" })).toBeVisible();
}

test.describe("admin FAQ tab", () => {
  test("edits an English answer (save-all), refuses a blank question, shows it on /faq, then restores it", async ({
    page,
  }, testInfo) => {
    // Each project its own item, so the two runs never edit the same one.
    const key = testInfo.project.name === "js" ? "q4" : "q5";
    const marker = uniqueName("edited", testInfo.project.name);
    await adminFaq(page);
    const item = page.locator(`[data-testid="faq-admin-item"][data-key="${key}"]`);
    await item.getByRole("link", { name: `Edit question ${key}` }).click();
    await expect(page).toHaveURL(new RegExp(`edit=${key}`));
    const question = item.getByLabel("Question", { exact: true });
    const answer = item.getByLabel("Answer", { exact: true });
    const originalQuestion = await question.inputValue();
    const originalAnswer = await answer.inputValue();
    expect(originalAnswer.length).toBeGreaterThan(10);

    // Nothing is saved until "Save all changes"; a blank question is refused, nothing lost.
    await answer.fill(`${originalAnswer}\n\n${marker}`);
    await question.fill("   ");
    await page.getByRole("button", { name: "Save all changes" }).click();
    await expect(toast(page, "Validation error")).toContainText(
      "Both the question and the answer are required.",
    );
    await expect(item.getByText("This field is required.")).toBeVisible();
    await expect(item.getByLabel("Answer", { exact: true })).toHaveValue(
      `${originalAnswer}\n\n${marker}`,
    );

    await item.getByLabel("Question", { exact: true }).fill(originalQuestion);
    await page.getByRole("button", { name: "Save all changes" }).click();
    await expect(toast(page, "Changes saved")).toBeVisible();
    await expect(page).not.toHaveURL(/edit=/);
    await expect(item).toContainText(marker);

    await page.goto("/faq?lng=en");
    const publicItem = page.getByTestId("faq-item").filter({ hasText: originalQuestion });
    await publicItem.locator("summary").click();
    await expect(publicItem.getByText(marker)).toBeVisible();

    // Restore.
    await page.goto(`/admin/faq?language=en#faq-item-${key}`);
    await item.getByRole("link", { name: `Edit question ${key}` }).click();
    await item.getByLabel("Answer", { exact: true }).fill(originalAnswer);
    await page.getByRole("button", { name: "Save all changes" }).click();
    await expect(toast(page, "Changes saved")).toBeVisible();
    await page.goto("/faq?lng=en");
    await expect(
      page.getByTestId("faq-item").filter({ hasText: originalQuestion }),
    ).not.toContainText(marker);
  });

  test("adds an English item at once (required fields first), sees it on /faq, deletes it after confirming", async ({
    page,
  }, testInfo) => {
    const text = uniqueName("Question", testInfo.project.name);
    await adminFaq(page);
    const add = page.getByRole("form", { name: "Add a question" });
    await add.getByLabel("Question", { exact: true }).fill(`${text}?`);
    await add.getByRole("button", { name: "Add question" }).click();
    await expect(toast(page, "Validation error")).toContainText(
      "Both the question and the answer are required.",
    );
    await expect(add.getByText("This field is required.")).toBeVisible();
    await expect(add.getByLabel("Question", { exact: true })).toHaveValue(`${text}?`);

    await add.getByLabel("Answer", { exact: true }).fill(`Answer for ${text}.`);
    await add.getByRole("button", { name: "Add question" }).click();
    await expect(toast(page, "Question added")).toBeVisible();
    const item = page.getByTestId("faq-admin-item").filter({ hasText: text });
    await expect(item).toHaveCount(1);
    await expect(
      page.getByRole("form", { name: "Add a question" }).getByLabel("Question", { exact: true }),
    ).toHaveValue("");

    await page.goto("/faq?lng=en");
    await expect(page.getByTestId("faq-item").filter({ hasText: text })).toHaveCount(1);

    await page.goto("/admin/faq?language=en");
    await item.locator("summary", { hasText: "Delete" }).click();
    await expect(item.getByRole("alertdialog")).toContainText("Delete this question?");
    await item.getByRole("button", { name: "Yes, delete" }).click();
    await expect(toast(page, "Question deleted")).toBeVisible();
    await expect(page.getByTestId("faq-admin-item").filter({ hasText: text })).toHaveCount(0);
    await page.goto("/faq?lng=en");
    await expect(page.getByTestId("faq-item").filter({ hasText: text })).toHaveCount(0);
  });
});

test.describe("admin settings tab", () => {
  test("refuses an invalid price with a message, saves a new one, /faq shows it; restored", async ({
    page,
  }, testInfo) => {
    const price = testInfo.project.name === "js" ? 3100 : 3200;
    await signIn(page, ADMIN.username, ADMIN.password);
    await withSettingsLock(async () => {
      try {
        await page.goto("/admin/settings?lng=en");
        await expect(
          page.getByRole("heading", { name: "Premium prices and durations" }),
        ).toBeVisible();
        const daily = page.getByTestId("prices-daily");
        await expect(daily).toHaveValue("3000");
        await daily.fill("12.5");
        await page.getByTestId("days-weekly").fill("0");
        await page.getByRole("button", { name: "Save prices" }).click();
        await expect(toast(page, "Prices not saved")).toBeVisible();
        await expect(
          page.getByText("Enter a whole number of tugrik from 0 to 10,000,000."),
        ).toBeVisible();
        await expect(page.getByText("Enter a whole number of days from 1 to 365.")).toBeVisible();
        await expect(page.getByTestId("prices-daily")).toHaveValue("12.5");
        await expect(page.getByTestId("prices-daily")).toHaveAttribute("aria-invalid", "true");

        await page.getByTestId("prices-daily").fill(String(price));
        await page.getByTestId("days-weekly").fill("7");
        await page.getByRole("button", { name: "Save prices" }).click();
        await expect(toast(page, "Prices saved")).toBeVisible();
        await expect(page.getByTestId("prices-daily")).toHaveValue(String(price));

        await page.goto("/faq?lng=en");
        await expect(page.getByTestId("plan-card").nth(1)).toContainText(
          `${price.toLocaleString("en-US")}₮`,
        );
      } finally {
        const res = await page.request.patch("/api/settings/premium", { data: DEFAULTS });
        expect(res.status()).toBe(200);
      }
    });
    await page.goto("/faq?lng=en");
    await expect(page.getByTestId("plan-card").nth(1)).toContainText("3,000₮");
  });

  test("the moderation switch and the clear-all-data panel are there (clearing itself: unit tests)", async ({
    page,
  }) => {
    await signIn(page, ADMIN.username, ADMIN.password);
    await page.goto("/admin/settings?lng=en");
    await expect(page.getByRole("radio", { name: /Publish at once/ })).toBeChecked();
    await expect(page.getByRole("heading", { name: "Clear all data" })).toBeVisible();
    await expect(page.getByText(/backups$/)).toBeVisible();
    await expect(page.getByLabel("To confirm, type DELETE")).toBeVisible();
  });

  test("anonymous visitors are asked to sign in, then come back to the tab", async ({ page }) => {
    await page.goto("/admin/settings");
    await expect(page).toHaveURL(/\/login\?redirect=%2Fadmin%2Fsettings$/);
    await page.getByLabel("Хэрэглэгчийн нэр").fill(ADMIN.username);
    await page.getByLabel("Нууц үг", { exact: true }).fill(ADMIN.password);
    await page.getByRole("button", { name: "Нэвтрэх" }).last().click();
    await expect(page).toHaveURL(/\/admin\/settings$/, { timeout: 20_000 });
  });
});

test.describe("hidden premium-settings page", () => {
  test("asks for the key, refuses a wrong one, then updates with the e2e secret", async ({
    page,
  }, testInfo) => {
    const days = testInfo.project.name === "js" ? 31 : 32;
    await page.goto("/premium-settings-update?lng=en");
    await expect(page.getByRole("heading", { name: "Premium settings" })).toBeVisible();
    await page.getByRole("button", { name: "Continue" }).click();
    await expect(toast(page, "Secret key required")).toBeVisible();

    await page.getByLabel("Secret key").fill("not-the-secret-key");
    await page.getByRole("button", { name: "Continue" }).click();
    await expect(toast(page, "Update failed")).toContainText("The secret key is not correct.");
    await expect(page).not.toHaveURL(/secret/i);

    await withSettingsLock(async () => {
      try {
        await page.getByLabel("Secret key").fill(SECRET);
        await page.getByRole("button", { name: "Continue" }).click();
        await expect(page.getByText("Key accepted.")).toBeVisible();
        await expect(page).not.toHaveURL(/e2e-premium/);
        await expect(page.getByTestId("days-monthly")).toHaveValue("30");
        await page.getByTestId("days-monthly").fill(String(days));
        await page.getByRole("button", { name: "Save settings" }).click();
        await expect(toast(page, "Settings updated")).toBeVisible();
        await page.goto("/faq?lng=en");
        await expect(page.getByTestId("plan-card").nth(3).getByTestId("plan-duration")).toHaveText(
          `${days} Days Featured`,
        );
      } finally {
        // Restored as the administrator: every use of the key counts against its shared limit
        // (10 per 15 minutes), and this test already spends 3 per project.
        await page.goto("/?lng=mn");
        await signIn(page, ADMIN.username, ADMIN.password);
        const res = await page.request.patch("/api/settings/premium", { data: DEFAULTS });
        expect(res.status()).toBe(200);
      }
    });
  });
});
