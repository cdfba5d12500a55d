import { expect, test } from "./fixtures";

/**
 * Pages must hydrate cleanly: a React hydration mismatch (server and browser rendering different
 * text, e.g. locale-dependent formatting) or a route module that throws in the browser shows up
 * here as a console error or a page error.
 */
const PAGES = [
  "/",
  "/?lng=en",
  "/stories/all",
  "/stories/featured",
  "/faq",
  "/login",
  "/login?tab=register&lng=en",
];

for (const path of PAGES) {
  test(`no console or page errors: ${path}`, async ({ page }) => {
    const problems: string[] = [];
    page.on("console", (msg) => {
      if (msg.type() === "error") problems.push(`console: ${msg.text()}`);
    });
    page.on("pageerror", (error) => problems.push(`pageerror: ${error.message}`));
    await page.goto(path);
    await page.waitForLoadState("networkidle");
    expect(problems).toEqual([]);
  });
}

test("client navigation between pages keeps working (route modules load in the browser)", async ({
  page,
}) => {
  const problems: string[] = [];
  page.on("pageerror", (error) => problems.push(error.message));
  await page.goto("/");
  await page.waitForLoadState("networkidle");
  await page.evaluate(() => {
    (window as unknown as { __marker: boolean }).__marker = true;
  });
  await page.getByRole("link", { name: "Түгээмэл асуулт" }).first().click();
  await expect(page).toHaveURL(/\/faq$/);
  await page.getByRole("link", { name: "Нэвтрэх" }).first().click();
  await expect(page).toHaveURL(/\/login/);
  // Still the same document: no full reload happened on the way.
  expect(await page.evaluate(() => (window as unknown as { __marker?: boolean }).__marker)).toBe(
    true,
  );
  expect(problems).toEqual([]);
});
