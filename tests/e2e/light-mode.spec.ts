import AxeBuilder from "@axe-core/playwright";
import type { APIRequestContext, Page } from "@playwright/test";
import { pageWeight } from "../support/offline-worker";
import { clickAndWaitForPost, expect, isJs, test } from "./fixtures";

/**
 * Light mode (issue 44 item 5, decision 065): with `Save-Data: on`, or the footer's switch on,
 * pages load no picture (a small one when asked), no web font and no script, and still pass the
 * accessibility checks. Light pages never hydrate, so they are opened in pages of their own: the
 * `page` fixture waits for hydration after every load (fixtures.ts).
 */

/** A free demo story with a picture: demo stories have the lowest ids. */
async function storyWithPicture(request: APIRequestContext): Promise<number> {
  for (let id = 1; id <= 50; id++) {
    const response = await request.get(`/api/stories/${id}`);
    if (!response.ok()) continue;
    const story = (await response.json()) as { story_image: string | null };
    if (story.story_image) return id;
  }
  throw new Error("no demo story with a picture");
}

const HEAVY = new Set(["image", "font", "script", "media"]);

/** Every request the page makes that light mode should have spared, by type and address. */
function heavyRequests(page: Page) {
  const seen: string[] = [];
  page.on("request", (request) => {
    if (HEAVY.has(request.resourceType())) seen.push(`${request.resourceType()} ${request.url()}`);
  });
  return seen;
}

test.describe("with Save-Data: on", () => {
  test.use({ extraHTTPHeaders: { "Save-Data": "on" } });

  test("the home page and a story load no picture, font or script; a picture comes on demand", async ({
    context,
    request,
  }, info) => {
    const id = await storyWithPicture(request);
    const page = await context.newPage();
    const heavy = heavyRequests(page);

    const home = await page.goto("/");
    expect(home?.headers().vary).toMatch(/\bSave-Data\b/i);
    await expect(page.getByTestId("story-card").first()).toBeVisible();
    await expect(page.locator("main img")).toHaveCount(0);
    await expect(page.getByTestId("show-image").first()).toBeVisible();
    await expect(page.locator("script:not([type='application/ld+json'])")).toHaveCount(0);
    await expect(page.locator("link[rel='modulepreload']")).toHaveCount(0);

    await page.goto(`/stories/${id}`);
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
    await expect(page.locator("img")).toHaveCount(0);
    await page.waitForLoadState("networkidle");
    expect(heavy).toEqual([]);

    // On demand, the small size: a link without JavaScript (and none runs on a light page).
    const show = page.locator("figure").getByTestId("show-image");
    const href = await show.getAttribute("href");
    expect(href).toMatch(/^\/media\/[a-f0-9]{64}$/);
    const story = (await (await request.get(`/api/stories/${id}`)).json()) as {
      story_image: string;
      story_image_thumbnail: string;
    };
    expect(href).toBe(new URL(story.story_image_thumbnail, "http://x").pathname);
    expect(href).not.toBe(new URL(story.story_image, "http://x").pathname);
    if (!isJs(info)) {
      await show.click();
      expect(heavy.filter((r) => r.startsWith("image"))).toEqual([]);
      await expect(page).toHaveURL(new RegExp(`${href}$`));
    }
  });

  test("light pages pass the accessibility checks", async ({ context, request }, info) => {
    test.skip(!isJs(info), "axe runs inside the page");
    const id = await storyWithPicture(request);
    for (const path of ["/", `/stories/${id}`, "/donation-pools"]) {
      const page = await context.newPage();
      await page.goto(path);
      await expect(page.getByTestId("light-switch")).toHaveAttribute("aria-pressed", "true");
      const results = await new AxeBuilder({ page }).analyze();
      expect(
        results.violations.map(
          (v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target).join(", ")})`,
        ),
        path,
      ).toEqual([]);
      await page.close();
    }
  });
});

test("the footer's switch turns light mode on and off", async ({ page, context }, info) => {
  await page.goto("/?lng=en");
  const switchButton = page.getByRole("button", { name: "Data saver" });
  await expect(switchButton).toHaveAttribute("aria-pressed", "false");
  await expect(page.locator("main img").first()).toBeVisible();

  if (isJs(info)) {
    // With JavaScript the page changes at once (a fetcher): pictures give way to buttons that
    // put the small size in place.
    await clickAndWaitForPost(page, switchButton, "/resources/light");
    await expect(switchButton).toHaveAttribute("aria-pressed", "true");
    await expect(page.locator("main img")).toHaveCount(0);
    const show = page.getByRole("button", { name: /^Show picture: / }).first();
    await show.click();
    await expect(page.locator("main img[src^='/media/']")).toHaveCount(1);
  } else {
    await switchButton.click();
    await expect(page.getByRole("button", { name: "Data saver" })).toHaveAttribute(
      "aria-pressed",
      "true",
    );
    await expect(page.locator("main img")).toHaveCount(0);
  }

  // Kept in the cookie: the next page is light and runs no script.
  expect((await context.cookies()).find((c) => c.name === "storyshare-light")?.value).toBe("1");
  const light = await context.newPage();
  const heavy = heavyRequests(light);
  await light.goto("/");
  await light.waitForLoadState("networkidle");
  expect(heavy).toEqual([]);
  await expect(light.locator("main img")).toHaveCount(0);

  // Off again: a light page has no JavaScript, so this is the plain form post.
  await light.getByRole("button", { name: "Data saver" }).click();
  await expect(light.getByRole("button", { name: "Data saver" })).toHaveAttribute(
    "aria-pressed",
    "false",
  );
  await expect(light.locator("main img").first()).toBeVisible();
  expect((await context.cookies()).find((c) => c.name === "storyshare-light")?.value).toBe("0");
  if (isJs(info)) await expect(light.locator("html[data-hydrated]")).toBeAttached();
});

test("without JavaScript, the switch keeps what was typed in a long form", async ({
  page,
  context,
}, info) => {
  test.skip(isJs(info), "with JavaScript the switch does not reload the page");
  await page.goto("/donate?lng=en");
  await page.getByLabel(/^Your name/).fill("Сараа");
  await page.getByRole("button", { name: "Data saver" }).click();
  await expect(page.getByRole("button", { name: "Data saver" })).toHaveAttribute(
    "aria-pressed",
    "true",
  );
  await expect(page.getByLabel(/^Your name/)).toHaveValue("Сараа");
  expect((await context.cookies()).find((c) => c.name === "storyshare-light")?.value).toBe("1");
  await page.getByRole("button", { name: "Data saver" }).click();
  await expect(page.getByRole("button", { name: "Data saver" })).toHaveAttribute(
    "aria-pressed",
    "false",
  );
  await expect(page.getByLabel(/^Your name/)).toHaveValue("Сараа");
  expect((await context.cookies()).find((c) => c.name === "storyshare-light")?.value).toBe("0");
});

test("page weight of the home page, full and light (decision 065)", async ({
  browser,
  baseURL,
}, info) => {
  test.skip(!isJs(info), "the full page's weight is the one with its scripts");
  const options = { baseURL, locale: "en-US" };
  const fullContext = await browser.newContext(options);
  const lightContext = await browser.newContext({
    ...options,
    extraHTTPHeaders: { "Save-Data": "on" },
  });
  const full = await pageWeight(fullContext, "/");
  const light = await pageWeight(lightContext, "/");
  await fullContext.close();
  await lightContext.close();
  const line = `home page: full ${full.bytes} bytes in ${full.requests} requests, light ${light.bytes} bytes in ${light.requests} requests (${Math.round((100 * light.bytes) / full.bytes)} %)`;
  info.annotations.push({ type: "page weight", description: line });
  expect(light.bytes).toBeLessThan(full.bytes / 2);
});
