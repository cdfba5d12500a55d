import { rmSync } from "node:fs";
import { expect, type Page, test } from "@playwright/test";
import { kept, pageWeight, read } from "../support/offline-worker";
import { preparedFolder, type Server, startServer } from "./servers";

/**
 * Issue 44's "Done when", as `npm start` serves it (the front and its workers, decision 037), in
 * Chromium with its own offline mode: a reader opens two stories and saves one; offline, both open
 * with their pictures (as documents, and one by a client navigation from the home page's kept
 * copy, whose data the worker kept through the front), /saved lists the saved one, a page never
 * visited is the translated offline page; back online with `Save-Data: on`, the home page weighs
 * a fraction of the normal one.
 */

test.describe.configure({ timeout: 240_000 });

let server: Server;
let dir: string;

test.beforeAll(async () => {
  dir = preparedFolder();
  server = await startServer(dir);
});

test.afterAll(async () => {
  await server?.stop();
  rmSync(dir, { recursive: true, force: true });
});

/** Shown with its picture decoded, from the worker's store. */
async function opensWithPicture(page: Page, story: string, title: string) {
  await expect(page).toHaveURL(story);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(title);
  await expect(page.getByTestId("offline-copy")).toBeVisible();
  await expect
    .poll(() => page.locator("figure img").evaluate((img: HTMLImageElement) => img.naturalWidth))
    .toBeGreaterThan(0);
}

test("through npm start: two stories read, one saved, then offline; light mode back online", async ({
  browser,
}) => {
  const context = await browser.newContext({ baseURL: server.url, serviceWorkers: "allow" });
  const page = await context.newPage();
  await page.goto("/");
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null, null, {
    timeout: 30_000,
  });
  // The home page, now that the worker runs it: its last copy is kept.
  await page.goto("/");
  await expect.poll(() => kept(page, "storyshare-lists")).toContain("/");
  const stories = await page
    .locator('[data-testid="story-card"]:has(img) a[href^="/story/"]')
    .evaluateAll((links) => [...new Set(links.map((a) => a.getAttribute("href")!))]);
  const [first, second] = stories as [string, string];
  expect(second).toBeDefined();

  const firstTitle = await read(page, first, 30_000);
  const secondTitle = await read(page, second, 30_000);
  // Clicked again until it takes: a click before the page has hydrated does nothing.
  await expect(async () => {
    await page.getByTestId("save-offline").getByRole("button").click({ timeout: 2_000 });
    await expect(page.getByTestId("saved-offline")).toBeVisible({ timeout: 3_000 });
  }).toPass({ timeout: 30_000 });
  await expect
    .poll(() => kept(page, "storyshare-saved"))
    .toEqual(expect.arrayContaining([second, `${second}.data`]));

  // Nothing from the browser's own cache: what opens comes from the worker's store.
  const cdp = await context.newCDPSession(page);
  await cdp.send("Network.clearBrowserCache");
  await context.setOffline(true);

  await page.goto(first);
  await opensWithPicture(page, first, firstTitle);
  await page.goto(second);
  await opensWithPicture(page, second, secondTitle);

  // From the home page's kept copy, a client navigation: the story's data comes from the store.
  await page.goto("/");
  await expect(page.getByTestId("offline-copy")).toBeVisible();
  await page.evaluate(() => Object.assign(window, { sameDocument: true }));
  await page.locator(`a[href="${first}"]`).first().click();
  await expect(page).toHaveURL(first);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(firstTitle);
  expect(await page.evaluate(() => (window as { sameDocument?: boolean }).sameDocument)).toBe(true);

  await page.goto("/saved");
  await expect(page.getByTestId("saved-list")).toContainText(secondTitle);

  await page.goto("/faq");
  await expect(page).toHaveURL("/offline?from=%2Ffaq");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Интернэт холболт алга");
  await expect(page.locator("html")).toHaveAttribute("lang", "mn");

  await context.setOffline(false);
  await context.close();

  // Back online, in browsers without the worker: the home page as usual and with Save-Data.
  const full = await browser.newContext({ baseURL: server.url, serviceWorkers: "block" });
  const light = await browser.newContext({
    baseURL: server.url,
    serviceWorkers: "block",
    extraHTTPHeaders: { "Save-Data": "on" },
  });
  const fullBytes = (await pageWeight(full, "/")).bytes;
  const lightBytes = (await pageWeight(light, "/")).bytes;
  await full.close();
  await light.close();
  test.info().annotations.push({
    type: "home page weight",
    description: `${fullBytes} bytes, with Save-Data ${lightBytes} (${Math.round((100 * lightBytes) / fullBytes)} %)`,
  });
  expect(lightBytes).toBeLessThan(fullBytes / 4);
});
