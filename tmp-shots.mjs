import { chromium } from "@playwright/test";

const base = process.env.BASE ?? "http://localhost:3344";
const browser = await chromium.launch({
  executablePath: "/usr/bin/chromium",
  args: ["--no-sandbox"],
});
async function session(opts) {
  const ctx = await browser.newContext(opts);
  const page = await ctx.newPage();
  await page.goto(`${base}/login`);
  await page.fill('input[name="username"]', "admin");
  await page.fill('input[name="password"]', "e2e-admin-password");
  await Promise.all([
    page.waitForURL((u) => !u.pathname.startsWith("/login")),
    page.locator('form button[type="submit"]').last().click(),
  ]);
  return { ctx, page };
}
const { page } = await session({ viewport: { width: 1280, height: 900 } });
if (process.env.UPLOAD) {
  await page.goto(`${base}/admin/donations/reconcile`);
  await page.setInputFiles("#statement", process.env.UPLOAD);
  await page.click('[data-testid="statement-upload"] button[type="submit"]');
  await page.waitForTimeout(2500);
}
for (const [name, url, vp, scheme] of JSON.parse(process.env.SHOTS)) {
  await page.setViewportSize(vp);
  await page.emulateMedia({ colorScheme: scheme });
  await page.goto(`${base}${url}`);
  await page.waitForTimeout(400);
  await page.screenshot({ path: `/tmp/shots/${name}.png`, fullPage: true });
}
await browser.close();
