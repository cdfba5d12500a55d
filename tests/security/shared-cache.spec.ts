import { rmSync } from "node:fs";
import { type Browser, expect, type Page, test } from "@playwright/test";
import { baseURL } from "../../playwright.config";
import { clickAndWaitForPost, waitForHydration } from "../e2e/fixtures";
import { preparedFolder, startServer } from "../faults/servers";
import { activePoolId, publicStoryId } from "./helpers";
import { startSharedCache } from "./shared-cache-proxy";

/**
 * Decision 014: anonymous pages may be kept by a shared cache in front of the servers. Here a
 * shared cache sits between real browsers and the production server, and each visitor is a
 * browser context of its own: nobody is shown another visitor's page, nobody sees a page from
 * before their own write, and language and theme are never stale. Twice: a standards-following
 * cache (as nginx or a CDN) before the e2e server, and `npm start`'s own front (decision 037)
 * with its two workers and a database of its own.
 */

interface Target {
  url: string;
  /** Visits of a page before the cache answers it (the front keeps a page at its second miss). */
  warmups: number;
  close(): Promise<void>;
}

const TARGETS: { name: string; start: () => Promise<Target> }[] = [
  {
    name: "a standards-following shared cache",
    start: async () => {
      const cache = await startSharedCache(baseURL);
      return { url: cache.url, warmups: 1, close: () => cache.close() };
    },
  },
  {
    name: "npm start's front",
    start: async () => {
      const dir = preparedFolder();
      const server = await startServer(
        dir,
        dir,
        {},
        { workers: 2, env: (port) => ({ SITE_URL: `http://localhost:${port}`, TRUST_PROXY: "" }) },
      );
      return {
        url: server.url,
        warmups: 2,
        close: async () => {
          await server.stop();
          rmSync(dir, { recursive: true, force: true });
        },
      };
    },
  },
];

for (const through of TARGETS) {
  test.describe(`through ${through.name}`, () => {
    // One server per target, not one per test: the tests of a target share it.
    test.describe.configure({ mode: "serial", timeout: 240_000 });
    let target: Target;
    test.beforeAll(async () => {
      test.setTimeout(240_000);
      target = await through.start();
    });
    test.afterAll(async () => {
      await target?.close();
    });

    let counter = 0;
    async function visitor(browser: Browser) {
      const context = await browser.newContext({ baseURL: target.url });
      const page = await context.newPage();
      waitForHydration(page);
      return { context, page };
    }

    async function signedInVisitor(browser: Browser) {
      const v = await visitor(browser);
      counter += 1;
      const username = `cache${Date.now().toString(36)}${counter}`;
      const res = await v.context.request.post("/api/register", {
        data: { username, password: "secret-pass" },
      });
      expect(res.status()).toBe(201);
      return { ...v, username };
    }

    /** Opens a page as many times as the cache needs before it answers it. */
    async function warm(page: Page, path: string) {
      for (let i = 0; i < target.warmups; i++) await open(page, path);
    }

    async function open(page: Page, path: string) {
      const response = await page.goto(path);
      expect(response?.status()).toBe(200);
      return response!;
    }

    test("anonymous pages come from the shared cache; a signed-in page is never kept or shown to another", async ({
      browser,
    }) => {
      const a = await visitor(browser);
      await warm(a.page, "/");
      const again = await open(a.page, "/");
      expect(again.headers()["x-cache"]).toBe("HIT");
      await expect(a.page.getByTestId("current-user")).toHaveCount(0);

      const u = await signedInVisitor(browser);
      const mine = await open(u.page, "/");
      expect(mine.headers()["cache-control"]).toContain("private");
      expect(mine.headers()["x-cache"]).toBe("MISS");
      await expect(u.page.getByTestId("current-user").first()).toContainText(u.username);

      const v = await signedInVisitor(browser);
      await open(v.page, "/");
      await expect(v.page.getByTestId("current-user").first()).toContainText(v.username);
      expect(await v.page.content()).not.toContain(u.username);

      const b = await visitor(browser);
      for (const path of ["/", "/stories/all", "/donation-pools", "/faq"]) {
        await open(b.page, path);
        await expect(b.page.getByTestId("current-user")).toHaveCount(0);
        const html = await b.page.content();
        expect(html).not.toContain(u.username);
        expect(html).not.toContain(v.username);
      }
      for (const v2 of [a, u, v, b]) await v2.context.close();
    });

    test("a pledge shows on the pool page at once for the one who made it", async ({ browser }) => {
      const poolId = await activePoolId(await (await visitor(browser)).context.request);
      const donor = await visitor(browser);
      await warm(donor.page, `/donation-pools/${poolId}`);
      const cached = await open(donor.page, `/donation-pools/${poolId}`);
      expect(cached.headers()["x-cache"]).toBe("HIT");
      const pledged = async () =>
        (await donor.page.getByTestId("pledged-legend").count())
          ? ((await donor.page.getByTestId("pledged-legend").textContent()) ?? "")
          : "";
      const shownBefore = await pledged();

      const res = await donor.context.request.post(`/api/donation-pools/${poolId}/donations`, {
        data: {
          donor_name: "Кэш Шалгагч",
          phone_number: "99112233",
          amount: 123_400,
          transaction_reference: "CACHE-TEST",
        },
      });
      expect(res.status(), await res.text()).toBe(201);

      const after = await open(donor.page, `/donation-pools/${poolId}`);
      expect(after.headers()["x-cache"]).toBe("MISS");
      expect(after.headers()["cache-control"]).toContain("private");
      expect(await pledged()).not.toBe(shownBefore);
      await donor.context.close();
    });

    test("a comment shows at once to its writer, also after signing out", async ({ browser }) => {
      const u = await signedInVisitor(browser);
      const storyId = await publicStoryId(u.context.request);
      await open(u.page, `/stories/${storyId}`);
      const text = `Кэшээс үл хамаарах сэтгэгдэл ${Date.now()}`;
      const res = await u.context.request.post(`/api/stories/${storyId}/comments`, {
        data: { content: text },
      });
      expect(res.status()).toBe(201);
      await open(u.page, `/stories/${storyId}`);
      await expect(u.page.getByText(text)).toBeVisible();

      expect((await u.context.request.post("/api/logout")).ok()).toBe(true);
      await open(u.page, `/stories/${storyId}`);
      await expect(u.page.getByTestId("current-user")).toHaveCount(0);
      await expect(u.page.getByText(text)).toBeVisible();
      await u.context.close();
    });

    test("language and theme switches take effect at once; other visitors keep theirs", async ({
      browser,
    }) => {
      const a = await visitor(browser);
      await open(a.page, "/");
      await open(a.page, "/");
      await expect(a.page.locator("html")).toHaveAttribute("lang", "mn");

      // Each switch is saved by a POST (in the background with JavaScript, shown at once): open the
      // next page only once it is stored, as a page load during the POST would race it.
      await clickAndWaitForPost(
        a.page,
        a.page.getByRole("button", { name: /English/ }).first(),
        "/resources/language",
      );
      await expect(a.page.locator("html")).toHaveAttribute("lang", "en");
      await open(a.page, "/");
      await expect(a.page.locator("html")).toHaveAttribute("lang", "en");

      await clickAndWaitForPost(
        a.page,
        a.page.getByRole("button", { name: "Dark" }).first(),
        "/resources/theme",
      );
      await expect(a.page.locator("html")).toHaveClass(/dark/);
      await open(a.page, "/");
      await expect(a.page.locator("html")).toHaveClass(/dark/);
      await expect(a.page.locator("html")).toHaveAttribute("lang", "en");

      const b = await visitor(browser);
      await open(b.page, "/");
      await expect(b.page.locator("html")).toHaveAttribute("lang", "mn");
      await expect(b.page.locator("html")).not.toHaveClass(/dark/);
      await a.context.close();
      await b.context.close();
    });
  });
}
