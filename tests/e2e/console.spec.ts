import { ADMIN, expect, isJs, register, signIn, test, uniqueName } from "./fixtures";

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

test("a wizard step sent while the scripts still load logs no error (issue 16: React #345)", async ({
  page,
}, info) => {
  test.skip(!isJs(info), "about hydration");
  await register(page, uniqueName("early", info.project.name));
  const problems: string[] = [];
  page.on("console", (msg) => {
    if (msg.type() === "error") problems.push(`console: ${msg.text()}`);
  });
  page.on("pageerror", (error) => problems.push(`pageerror: ${error.message}`));
  // A slow phone: the click lands before, during and after hydration.
  const cdp = await page.context().newCDPSession(page);
  await cdp.send("Emulation.setCPUThrottlingRate", { rate: 6 });
  for (const wait of [0, 150, 400]) {
    await page.goto("/post-story", { waitUntil: "domcontentloaded" });
    await page.waitForTimeout(wait);
    await page.getByRole("button", { name: "Дараах" }).click();
    // Sent either way: by the browser before hydration, by the script after; the step refuses it.
    await expect(page.getByText("Гарчиг дор хаяж 3 тэмдэгттэй байх ёстой")).toBeVisible();
  }
  await cdp.send("Emulation.setCPUThrottlingRate", { rate: 1 });
  expect(problems).toEqual([]);
});

test("going into /admin from a public page shows its words, never raw keys, while its catalogue loads", async ({
  page,
}, info) => {
  test.skip(!isJs(info), "client navigation");
  await signIn(page, ADMIN.username, ADMIN.password);
  await page.goto("/");
  const homeHeading = await page.getByRole("heading", { level: 1 }).textContent();
  // A slow network for the admin catalogue: the page must wait for it, not show keys meanwhile.
  await page.route("**/resources/locales/*/admin*", async (route) => {
    await new Promise((resolve) => setTimeout(resolve, 1200));
    await route.continue();
  });
  await page.locator("header").getByRole("link", { name: "Админ" }).first().click();
  await expect(page).toHaveURL(/\/admin/);
  // The address can change a moment before React commits the new page; then read at once, as the
  // page first shows itself.
  await page.waitForFunction(
    (before) => document.querySelector("h1")?.textContent !== before,
    homeHeading,
  );
  expect(await page.getByRole("heading", { level: 1 }).textContent()).toBe("Удирдлагын самбар");
  expect(await page.getByRole("navigation", { name: "Удирдлагын цэс" }).textContent()).toContain(
    "Батлах",
  );
});
