import type { Page } from "@playwright/test";
import { expect, test } from "./fixtures";

/**
 * Issue 44 item 1 (decision 064): the page links the manifest of its language, Chromium reads
 * it without an error, and every icon it names is served. (The service worker comes with item 2.)
 */

interface AppManifest {
  url: string;
  errors: { message: string; critical: number }[];
  data?: string;
}

/**
 * The manifest as Chromium itself fetched and parsed it (what "Add to home screen" uses), and
 * Chromium's own verdict on installing the page. A test's browser context is a private window,
 * which Chromium never installs from ("in-incognito"): that reason alone is left out.
 */
async function chromiumManifest(page: Page) {
  const cdp = await page.context().newCDPSession(page);
  try {
    const manifest = (await cdp.send("Page.getAppManifest")) as AppManifest;
    const { installabilityErrors } = await cdp.send("Page.getInstallabilityErrors");
    const refusals = installabilityErrors
      .map((e) => e.errorId)
      .filter((id) => id !== "in-incognito");
    return { ...manifest, refusals };
  } finally {
    await cdp.detach();
  }
}

test.describe("an installable site", () => {
  for (const lng of ["mn", "en"] as const) {
    test(`the ${lng} page links its manifest, which Chromium reads without an error`, async ({
      page,
    }) => {
      await page.goto(`/?lng=${lng}`);
      const href = `/manifest.${lng}.webmanifest`;
      await expect(page.locator('link[rel="manifest"]')).toHaveAttribute("href", href);

      const found = await chromiumManifest(page);
      expect(new URL(found.url).pathname).toBe(href);
      expect(found.errors).toEqual([]);
      expect(found.refusals).toEqual([]);
      const manifest = JSON.parse(found.data ?? "{}");
      expect(manifest).toMatchObject({
        lang: lng,
        name: "StoryShare",
        start_url: "/",
        display: "standalone",
      });

      const answer = await page.request.get(href);
      expect(answer.headers()["content-type"]).toBe("application/manifest+json");
      for (const icon of manifest.icons as { src: string }[]) {
        const image = await page.request.get(icon.src);
        expect(image.status(), icon.src).toBe(200);
        expect(image.headers()["content-type"], icon.src).toBe("image/png");
      }
    });
  }

  test("the browser's bar takes the chosen theme's colour, or both under the system theme", async ({
    page,
    context,
    baseURL,
  }) => {
    const bar = page.locator('meta[name="theme-color"]');
    await page.goto("/");
    await expect(bar).toHaveCount(2);
    await expect(bar.first()).toHaveAttribute("media", "(prefers-color-scheme: light)");
    await expect(bar.last()).toHaveAttribute("media", "(prefers-color-scheme: dark)");

    await context.addCookies([{ name: "storyshare-theme", value: "dark", url: baseURL }]);
    await page.goto("/");
    await expect(bar).toHaveCount(1);
    await expect(bar).toHaveAttribute("content", "#0d111b");
    await expect(bar).not.toHaveAttribute("media", /./);
  });
});
