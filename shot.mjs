// usage: node shot.mjs <out-prefix> <path> [admin] [w=1366] [theme=light] [lng=mn] [action]
import { chromium } from "@playwright/test";

const [, , out, path, who = "anon", w = "1366", theme = "light", lng = "mn", action = ""] =
  process.argv;
const base = "http://localhost:3400";
const browser = await chromium.launch({ executablePath: "/usr/bin/chromium" });
const ctx = await browser.newContext({
  viewport: { width: Number(w), height: 900 },
  colorScheme: theme,
});
const page = await ctx.newPage();
if (who === "admin") {
  await page.goto(`${base}/login`);
  await page.locator("input[name=username]").first().fill("admin");
  await page.locator("input[name=password]").first().fill("e2e-admin-password");
  await page.locator("#login-form button[type=submit]").click();
  await page.waitForLoadState("networkidle");
}
await page.goto(`${base}${path}${path.includes("?") ? "&" : "?"}lng=${lng}&theme=${theme}`);
await page.waitForLoadState("networkidle");
if (action) {
  await eval(`(async () => { ${action} })()`);
  await page.waitForTimeout(600);
}
await page.screenshot({ path: `/tmp/shots/${out}.png`, fullPage: process.env.FULL === "1" });
await browser.close();
