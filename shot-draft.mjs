import { chromium } from "@playwright/test";

const base = "http://localhost:3400";
const browser = await chromium.launch({ executablePath: "/usr/bin/chromium" });
const log = (...a) => console.log(...a);
async function register(page, u) {
  await page.goto("/login?tab=register");
  await page.getByLabel("Хэрэглэгчийн нэр").fill(u);
  await page.getByLabel("Нууц үг", { exact: true }).fill("secret-pass");
  await page.getByLabel("Нууц үгээ давтах").fill("secret-pass");
  await page.getByRole("button", { name: "Бүртгэл үүсгэх" }).click();
  await page.getByTestId("current-user").first().waitFor({ state: "attached" });
}
// no-JS: type, switch language, text kept
{
  const c = await browser.newContext({
    baseURL: base,
    javaScriptEnabled: false,
    viewport: { width: 1366, height: 900 },
  });
  const page = await c.newPage();
  await register(page, "nojs" + Date.now().toString(36));
  await page.goto("/post-story");
  await page.getByLabel("Гарчиг").fill("Миний ноорог");
  await page.getByLabel("Таны түүх").fill("Энэ бол хагас бичсэн түүх.");
  await page
    .locator("header")
    .getByRole("button", { name: /English/ })
    .first()
    .click();
  await page.waitForLoadState();
  log(
    "nojs url",
    page.url(),
    await page.getByLabel("Title").inputValue(),
    await page.getByLabel("Your story").inputValue(),
  );
  await page.locator("header").getByRole("button", { name: /Dark/i }).first().click();
  await page.waitForLoadState();
  log(
    "nojs theme",
    page.url(),
    await page.locator("html").evaluate((e) => e.outerHTML.slice(0, 200)),
    await page.getByLabel("Title").inputValue(),
  );
  await page.screenshot({ path: "/tmp/shots/nojs-switched.png" });
  await c.close();
}
// JS: type, follow link, come back
{
  const c = await browser.newContext({ baseURL: base, viewport: { width: 390, height: 844 } });
  const page = await c.newPage();
  await register(page, "js" + Date.now().toString(36));
  await page.goto("/post-story");
  await page.locator("html[data-hydrated]").waitFor({ state: "attached" });
  await page.getByLabel("Гарчиг").fill("JS ноорог");
  await page.getByLabel("Таны түүх").fill("Линк дараад буцаж ирнэ.");
  await page.waitForTimeout(700);

  await page.goto("/faq");
  await page.goto("/post-story");
  await page.locator("html[data-hydrated]").waitFor({ state: "attached" });
  await page.waitForTimeout(300);
  log(
    "js restored",
    await page.getByLabel("Гарчиг").inputValue(),
    await page.getByLabel("Таны түүх").inputValue(),
    await page.getByTestId("draft-notice").count(),
  );
  await page.screenshot({ path: "/tmp/shots/js-restored.png" });
  // in-app link click → confirm
  page.once("dialog", async (d) => {
    log("dialog2:", d.type(), d.message());
    await d.dismiss();
  });

  await page.locator("footer a[href='/faq']").click();
  await page.waitForTimeout(500);
  log("after dismiss url", page.url());
  await c.close();
}
await browser.close();
