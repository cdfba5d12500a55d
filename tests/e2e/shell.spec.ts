import { clickAndWaitForPost, expect, isJs, test } from "./fixtures";

test.describe("site shell", () => {
  test("opens in Mongolian with header, hero and footer", async ({ page }) => {
    await page.goto("/");
    await expect(page).toHaveTitle(/— StoryShare$/);
    await expect(page.locator("html")).toHaveAttribute("lang", "mn");
    await expect(page.getByRole("heading", { level: 1 })).toContainText("Түүхээ хуваалцаж");
    await expect(page.getByRole("link", { name: "Түүхээ хуваалцах" })).toHaveAttribute(
      "href",
      "/post-story",
    );
    await expect(page.getByText("Дусал дуслаар далай болно.")).toBeVisible();
    await expect(page.locator('meta[name="description"]')).toHaveAttribute("content", /.{40,}/);
  });

  test("switches language to English and back, remembered across pages", async ({ page }) => {
    await page.goto("/faq-not-here-yet-but-any-page-works");
    await page.goto("/");
    await page.getByRole("button", { name: /^en/i }).first().click();
    await expect(page.locator("html")).toHaveAttribute("lang", "en");
    await expect(page.getByRole("heading", { level: 1 })).toContainText("Share your story");
    await page.goto("/login");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Welcome back");
    await page.getByRole("button", { name: /^mn/i }).first().click();
    await expect(page.locator("html")).toHaveAttribute("lang", "mn");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Тавтай морил");
  });

  test("?lng=en works on any page and is remembered", async ({ page }) => {
    await page.goto("/?lng=en");
    await expect(page.locator("html")).toHaveAttribute("lang", "en");
    await page.goto("/login");
    await expect(page.locator("html")).toHaveAttribute("lang", "en");
  });

  test("switches theme: dark, light, system — right on the first paint after reload", async ({
    page,
  }) => {
    await page.goto("/");
    await expect(page.locator("html")).not.toHaveClass(/dark|light/);
    // The choice is saved by a POST (in the background with JavaScript): reload once it is stored.
    await clickAndWaitForPost(
      page,
      page.getByRole("button", { name: "Бараан" }).first(),
      "/resources/theme",
    );
    await expect(page.locator("html")).toHaveClass(/\bdark\b/);
    await page.reload();
    await expect(page.locator("html")).toHaveClass(/\bdark\b/);
    const background = await page.evaluate(() => getComputedStyle(document.body).backgroundColor);
    expect(background).toBe("rgb(13, 17, 27)");

    await page.getByRole("button", { name: "Цайвар" }).first().click();
    await expect(page.locator("html")).toHaveClass(/\blight\b/);
    await page.getByRole("button", { name: "Системийн" }).first().click();
    await expect(page.locator("html")).not.toHaveClass(/dark|light/);
  });

  test("system theme follows the operating system", async ({ browser }, info) => {
    const context = await browser.newContext({
      colorScheme: "dark",
      javaScriptEnabled: isJs(info),
    });
    const page = await context.newPage();
    await page.goto("/");
    const background = await page.evaluate(() => getComputedStyle(document.body).backgroundColor);
    expect(background).toBe("rgb(13, 17, 27)");
    await context.close();
  });

  test("unknown paths show the spec's 404 page with a 404 status", async ({ page }) => {
    const response = await page.goto("/this/does/not/exist?lng=en");
    expect(response?.status()).toBe(404);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("404 Page Not Found");
    await expect(page.getByText("Did you forget to add the page to the router?")).toBeVisible();
  });

  test("the phone menu opens and holds the links", async ({ page }) => {
    await page.setViewportSize({ width: 360, height: 740 });
    await page.goto("/");
    await page.getByLabel("Цэс", { exact: true }).click();
    const menu = page.locator("header details");
    await expect(menu.getByRole("link", { name: "Түгээмэл асуулт" })).toBeVisible();
    await expect(menu.getByRole("link", { name: "Нэвтрэх" })).toBeVisible();
    const overflow = await page.evaluate(
      () => document.documentElement.scrollWidth - window.innerWidth,
    );
    expect(overflow).toBeLessThanOrEqual(0);
  });

  test("sends security headers and no X-Powered-By", async ({ request }) => {
    const response = await request.get("/");
    const headers = response.headers();
    expect(headers["content-security-policy"]).toMatch(/script-src 'self' 'nonce-[^']+'/);
    expect(headers["content-security-policy"]).toContain("frame-ancestors 'none'");
    expect(headers["x-content-type-options"]).toBe("nosniff");
    // On shared pages too: without it an opening site could redirect a donor's tab (decision 042).
    expect(headers["cross-origin-opener-policy"]).toBe("same-origin");
    expect(headers["x-powered-by"]).toBeUndefined();
  });

  // That the page then hydrates and navigates on the client: console.spec.ts.
  test("the scripts start after the first paint: no preload or static import in the HTML", async ({
    request,
  }) => {
    const html = await (await request.get("/")).text();
    expect(html).not.toMatch(/<link rel="modulepreload"/);
    expect(html).not.toMatch(/^import \* as route/m);
    expect(html).toContain("requestAnimationFrame");
  });

  test("after the first paint the modules are preloaded, the largest with the compile hint", async ({
    page,
  }, info) => {
    test.skip(!isJs(info), "scripts only");
    await page.goto("/");
    await page.locator("html[data-hydrated]").waitFor({ state: "attached" });
    const preloads = await page.evaluate(() =>
      [...document.querySelectorAll<HTMLLinkElement>('link[rel="modulepreload"]')].map(
        (link) => new URL(link.href).pathname,
      ),
    );
    expect(preloads.some((href) => href.startsWith("/assets/entry.client-"))).toBe(true);
    // scripts/compile-hints.mjs: the largest module of the page (React) is compiled as it loads.
    const sizes = await Promise.all(
      preloads.map(async (href) => ({ href, text: await (await page.request.get(href)).text() })),
    );
    const largest = sizes.sort((a, b) => b.text.length - a.text.length)[0]!;
    expect(largest.text.startsWith("//# allFunctionsCalledOnLoad\n")).toBe(true);
  });
});
