import { type BrowserContext, expect, type Page, type Request } from "@playwright/test";

/**
 * What the offline worker's browser tests share (tests/e2e/offline.spec.ts, light-mode.spec.ts
 * and tests/faults/offline-front.spec.ts, decisions 065 and 066).
 */

/** The addresses a cache of the worker holds. */
export function kept(page: Page, cache: string): Promise<string[]> {
  return page.evaluate(async (name) => {
    if (!(await caches.has(name))) return [];
    const keys = await (await caches.open(name)).keys();
    return keys.map((r) => new URL(r.url).pathname + new URL(r.url).search);
  }, cache);
}

/** Opens a story and waits until the worker keeps its page, its data and its picture; its title. */
export async function read(page: Page, story: string, timeout = 20_000): Promise<string> {
  await page.goto(story);
  await expect(page.getByTestId("save-offline")).toBeVisible();
  await expect
    .poll(() => kept(page, "storyshare-recent"), { timeout })
    .toEqual(expect.arrayContaining([story, `${story}.data`, expect.stringMatching(/^\/media\//)]));
  return (await page.getByRole("heading", { level: 1 }).textContent())!.trim();
}

/** Bytes on the wire (headers and encoded bodies) of everything a page load fetched. */
export async function pageWeight(context: BrowserContext, path: string) {
  const page = await context.newPage();
  const requests: Request[] = [];
  page.on("requestfinished", (request) => requests.push(request));
  await page.goto(path, { waitUntil: "load" });
  // With JavaScript its scripts start after the first paint and fetch catalogues when idle.
  await page.waitForLoadState("networkidle");
  let bytes = 0;
  for (const request of requests) {
    const sizes = await request.sizes();
    bytes += sizes.responseBodySize + sizes.responseHeadersSize;
  }
  await page.close();
  return { bytes, requests: requests.length };
}
