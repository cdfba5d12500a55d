import type { Locator, Page } from "@playwright/test";
import { expect, register, test, uniqueName } from "./fixtures";

/**
 * Issue 41 item 5: on a phone, toasts covered the button that caused them (registering, the
 * report form without JavaScript). A toast and that button never overlap, with JavaScript on and
 * off, at the width and height of a common phone.
 */
test.use({ viewport: { width: 390, height: 844 } });

async function clearOf(page: Page, button: Locator) {
  const toast = page.getByTestId("toast").first();
  await expect(toast).toBeVisible();
  const [a, b] = [await toast.boundingBox(), await button.boundingBox()];
  expect(a && b, "the toast and the button are on the page").toBeTruthy();
  const overlap =
    Math.min(a!.x + a!.width, b!.x + b!.width) > Math.max(a!.x, b!.x) &&
    Math.min(a!.y + a!.height, b!.y + b!.height) > Math.max(a!.y, b!.y);
  expect(overlap, `toast ${JSON.stringify(a)} over the button ${JSON.stringify(b)}`).toBe(false);
}

test("a refused registration's toast leaves the button clear", async ({ page }, info) => {
  const taken = uniqueName("taken", info.project.name);
  await register(page, taken);
  await page.context().clearCookies();

  await page.goto("/login?tab=register");
  await page.getByLabel("Хэрэглэгчийн нэр").fill(taken);
  await page.getByLabel("Нууц үг", { exact: true }).fill("secret-pass");
  await page.getByLabel("Нууц үгээ давтах").fill("secret-pass");
  const button = page.getByRole("button", { name: "Бүртгэл үүсгэх" });
  await button.click();
  await expect(page.getByText("Бүртгүүлж чадсангүй").first()).toBeAttached();
  await clearOf(page, button);
});

test("the report form's toast leaves its button clear", async ({ page }, info) => {
  // A shorter phone, or a browser's bars: the report page's button ends up low on the screen.
  await page.setViewportSize({ width: 390, height: 664 });
  await register(page, uniqueName("tattler", info.project.name));
  await page.goto("/report?story=1");
  // «Other» without a note: the server refuses it with a toast.
  await page.getByRole("radio", { name: "Бусад" }).check();
  const button = page.getByRole("button", { name: "Гомдол илгээх" });
  await button.click();
  await expect(page.getByText("Гомдол илгээгдсэнгүй").first()).toBeAttached();
  await clearOf(page, button);
});
