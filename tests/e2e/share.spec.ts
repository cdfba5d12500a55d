import type { Page } from "@playwright/test";
import { expect, isJs, test } from "./fixtures";

/**
 * Sharing and link previews (issue 19, item 5). A story's and a campaign's page offer a Facebook
 * link and their own address, with JavaScript also a copy button and the phone's share sheet
 * (only where the browser has one: headless Chromium on Linux has none); the home page and the
 * lists name the site's own preview picture.
 */

const facebookShare = (url: string) =>
  `https://www.facebook.com/sharer/sharer.php?u=${encodeURIComponent(url)}`;

/** The page's absolute address as the server states it (its canonical link). */
async function canonicalOf(page: Page) {
  const href = await page.locator('link[rel="canonical"]').getAttribute("href");
  expect(href).toMatch(/^http:\/\/localhost:\d+\//);
  return href!;
}

/** What a share section offers, with and without JavaScript. */
async function expectShareLinks(page: Page, url: string, js: boolean) {
  const share = page.getByTestId("share");
  await expect(share.getByRole("heading", { name: "Хуваалцах" })).toBeVisible();
  const facebook = share.getByTestId("share-facebook");
  await expect(facebook).toHaveAttribute("href", facebookShare(url));
  await expect(facebook).toHaveAttribute("target", "_blank");
  await expect(facebook).toHaveAttribute("rel", /noopener/);
  // The address itself, to select or long-press, in the server's HTML.
  const address = share.getByRole("textbox", { name: "холбоос" });
  await expect(address).toHaveValue(url);
  await expect(address).toHaveAttribute("readonly", "");
  const copy = share.getByRole("button", { name: "холбоос хуулах" });
  await expect(copy).toHaveCount(js ? 1 : 0);
  return { share, copy };
}

for (const kind of ["story", "pool"] as const) {
  const path = kind === "story" ? "/story/1" : "/donation-pools/1";
  const canonicalPath = kind === "story" ? "/stories/1" : "/donation-pools/1";

  test(`a ${kind}'s page shares its absolute address: Facebook link and the address always, copy with JavaScript`, async ({
    page,
    context,
    baseURL,
  }, info) => {
    const js = isJs(info);
    if (js) await context.grantPermissions(["clipboard-read", "clipboard-write"]);
    await page.goto(path);
    const url = await canonicalOf(page);
    // The canonical address, not the one the reader came by (/story/1 is the short form).
    expect(url).toBe(new URL(canonicalPath, baseURL).href);
    const { share, copy } = await expectShareLinks(page, url, js);
    // Headless Chromium on Linux has no share sheet: then there is no button for one.
    const hasShareSheet = js && (await page.evaluate(() => typeof navigator.share === "function"));
    await expect(share.getByTestId("share-sheet")).toHaveCount(hasShareSheet ? 1 : 0);
    if (!js) return;

    await copy.click();
    await expect(share.getByRole("button", { name: "Хуулагдлаа" })).toBeVisible();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(url);
  });

  test(`a ${kind}'s page opens the browser's share sheet with its title and address`, async ({
    page,
  }, info) => {
    test.skip(!isJs(info), "the share sheet needs JavaScript");
    // A browser that has one (a phone's): what the page hands it is recorded.
    await page.addInitScript(() => {
      const shared: ShareData[] = [];
      Object.assign(window, { shared });
      Object.defineProperty(navigator, "share", {
        configurable: true,
        value: async (data: ShareData) => {
          shared.push(data);
        },
      });
    });
    await page.goto(path);
    const url = await canonicalOf(page);
    const title = ((await page.getByRole("heading", { level: 1 }).textContent()) ?? "").trim();
    const button = page.getByTestId("share").getByTestId("share-sheet");
    await expect(button).toHaveText("Аппаар хуваалцах…");
    await button.click();
    await expect
      .poll(() => page.evaluate(() => (window as unknown as { shared: ShareData[] }).shared))
      .toEqual([{ title, url }]);
  });
}

test("the home page and the lists name the site's own preview picture", async ({
  page,
  request,
  baseURL,
}) => {
  const images = new Set<string>();
  for (const path of ["/", "/stories/all", "/donation-pools"]) {
    await page.goto(path);
    const image = page.locator('meta[property="og:image"]');
    await expect(image).toHaveAttribute(
      "content",
      new RegExp(`^${baseURL}/og/site\\?v=[a-f0-9]{32}$`),
    );
    const url = (await image.getAttribute("content"))!;
    await expect(page.locator('meta[name="twitter:image"]')).toHaveAttribute("content", url);
    await expect(page.locator('meta[name="twitter:card"]')).toHaveAttribute(
      "content",
      "summary_large_image",
    );
    await expect(page.locator('meta[property="og:image:alt"]')).toHaveAttribute(
      "content",
      /^StoryShare: /,
    );
    images.add(url);
  }
  // One picture for the site, whichever page names it.
  expect(images.size).toBe(1);
  const [url] = [...images];
  const answer = await request.get(url!);
  expect(answer.status()).toBe(200);
  expect(answer.headers()["content-type"]).toBe("image/jpeg");
  const { default: sharp } = await import("sharp");
  expect(await sharp(await answer.body()).metadata()).toMatchObject({
    width: 1200,
    height: 630,
    format: "jpeg",
  });
});
