import { readFileSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import AxeBuilder from "@axe-core/playwright";
import type { APIRequestContext, BrowserContext, Page } from "@playwright/test";
import { E2E_DIR } from "../../playwright.config";
import { kept, read } from "../support/offline-worker";
import { AUTH_TIMEOUT, expect, register, test, uniqueName } from "./fixtures";

/**
 * Issue 44 items 2, 3, 4 and 6 (decision 066): the offline worker in Chromium, with the
 * browser's own offline mode (context.setOffline). The suite blocks service workers elsewhere
 * (playwright.config.ts); here they run. JavaScript only: without it there is no worker.
 */
test.use({ serviceWorkers: "allow" });
// One after another in one worker: the last two change what the server sends as /sw.js, which
// every other test here installs.
test.describe.configure({ mode: "default" });
test.skip(({ javaScriptEnabled }) => !javaScriptEnabled, "the page's script registers the worker");

const WORKER_FILE = path.resolve("build/sw.js");
const KILL_SWITCH = path.join(E2E_DIR, "service-worker-off");

/** Opens a page and waits until the worker is installed and runs this page. */
async function installWorker(page: Page, url = "/") {
  await page.goto(url);
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null, null, {
    timeout: 30_000,
  });
}

/** Every address in every cache of the site. */
function everythingKept(page: Page): Promise<string[]> {
  return page.evaluate(async () => {
    const all: string[] = [];
    for (const name of await caches.keys()) {
      for (const r of await (await caches.open(name)).keys()) all.push(new URL(r.url).pathname);
    }
    return all;
  });
}

/** axe's findings on the page as it is now. */
async function accessibilityProblems(page: Page): Promise<string[]> {
  const results = await new AxeBuilder({ page }).analyze();
  return results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target).join(", ")}`);
}

/** A demo story with a picture, by its card address (/story/{id}). */
async function storyWithPicture(request: APIRequestContext, nth = 0): Promise<string> {
  let found = 0;
  for (let id = 1; id <= 40; id++) {
    const answer = await request.get(`/api/stories/${id}`);
    if (!answer.ok()) continue;
    const story = (await answer.json()) as { story_image: string | null };
    if (story.story_image && found++ === nth) return `/story/${id}`;
  }
  throw new Error("no demo story with a picture");
}

const online = (context: BrowserContext) => context.setOffline(false);
const offline = (context: BrowserContext) => context.setOffline(true);

test.describe("reading offline", () => {
  test("a story read online opens offline, by a document load and by a client navigation", async ({
    page,
    context,
  }) => {
    await installWorker(page);
    // The home page, now that the worker runs it: its last copy is kept.
    await page.goto("/");
    await expect.poll(() => kept(page, "storyshare-lists")).toContain("/");
    const first = (await page
      .locator('[data-testid="story-card"]:has(img) a[href^="/story/"]')
      .first()
      .getAttribute("href"))!;
    const title = await read(page, first);
    // The picture must come from the worker's store, not the browser's own cache.
    const cdp = await context.newCDPSession(page);
    await cdp.send("Network.clearBrowserCache");

    await offline(context);
    await page.goto(first);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(title);
    await expect(page.getByTestId("offline-copy")).toContainText("хадгалсан хуулбар");
    expect(await accessibilityProblems(page)).toEqual([]);
    // Its picture, at phone size: the thumbnail the worker kept stands in for the full one.
    const picture = page.locator("figure img");
    await expect
      .poll(() => picture.evaluate((img: HTMLImageElement) => img.naturalWidth))
      .toBeGreaterThan(0);

    // The home page's last copy, and from it the story by a client navigation (single fetch's
    // data and the route manifest from the store): the document stays the same.
    await page.goto("/");
    await expect(page.getByTestId("offline-copy")).toBeVisible();
    await page.evaluate(() => Object.assign(window, { sameDocument: true }));
    await page.locator(`a[href="${first}"]`).first().click();
    await expect(page).toHaveURL(first);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(title);
    expect(await page.evaluate(() => (window as { sameDocument?: boolean }).sameDocument)).toBe(
      true,
    );
    await online(context);
  });

  test("a saved story opens offline after the recently read are cleared", async ({
    page,
    context,
    request,
  }) => {
    const story = await storyWithPicture(request, 1);
    await installWorker(page, "/?lng=en");
    const title = await read(page, story);
    await page.getByRole("button", { name: "Save for offline" }).click();
    await expect(page.getByTestId("saved-offline")).toHaveText("Saved for offline");
    expect(await kept(page, "storyshare-saved")).toEqual(
      expect.arrayContaining([story, `${story}.data`, expect.stringMatching(/^\/media\//)]),
    );

    await page.getByRole("link", { name: "Saved stories" }).click();
    await expect(page.getByTestId("saved-list")).toContainText(title);
    await expect(page.getByTestId("recent-list")).toContainText(title);
    await page.getByTestId("clear-recent").click();
    await expect(page.getByTestId("recent-list")).toHaveCount(0);
    expect(await kept(page, "storyshare-recent")).toEqual([]);

    await offline(context);
    await page.goto(story);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(title);
    await expect(page.getByTestId("offline-copy")).toContainText("kept on this device");
    await page.goto("/saved");
    await expect(page.getByTestId("saved-list")).toContainText(title);
    await expect(page.locator("html")).toHaveAttribute("lang", "en");
    expect(await accessibilityProblems(page)).toEqual([]);

    // Removed, it is gone from the device.
    await online(context);
    await page.goto("/saved");
    await page.getByRole("button", { name: `Remove from saved: ${title}` }).click();
    await expect(page.getByTestId("saved-empty")).toBeVisible();
    expect(await kept(page, "storyshare-saved")).toEqual([]);
  });

  test("a page that is not kept shows the offline page in the reader's language", async ({
    page,
    context,
    request,
  }) => {
    const story = await storyWithPicture(request, 2);
    await installWorker(page);
    const title = await read(page, story);

    await offline(context);
    await page.goto("/faq");
    await expect(page).toHaveURL("/offline?from=%2Ffaq");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Интернэт холболт алга");
    await expect(page.locator("html")).toHaveAttribute("lang", "mn");
    await expect(page.getByTestId("offline-recent")).toContainText(title);
    await expect(page.getByTestId("offline-try-again")).toHaveAttribute("href", "/faq");
    expect(await accessibilityProblems(page)).toEqual([]);
    // From a kept page, a client navigation to a page that is not kept.
    await page.goto(story);
    await page.locator('footer a[href="/faq"]').first().click();
    await expect(page).toHaveURL("/offline?from=%2Ffaq");

    await online(context);
    await page.goto("/?lng=en");
    await offline(context);
    await page.goto("/donation-pools/1");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("You are offline");
    await expect(page.locator("html")).toHaveAttribute("lang", "en");
    await online(context);
  });

  test("a signed-in page and the donate step are never answered from the store", async ({
    page,
    context,
    request,
  }, info) => {
    const story = await storyWithPicture(request, 3);
    const username = uniqueName("offline", info.project.name);
    await register(page, username);
    await installWorker(page, "/profile");
    await page.goto("/profile");
    await expect(page.getByText(username).first()).toBeVisible();
    await page.goto("/notifications");
    await page.goto("/donation-pools/1/donate");
    await expect(page.locator("form").first()).toBeVisible();
    // A signed-in reader's story: what is kept is the page as anyone gets it.
    await read(page, story);

    const all = await everythingKept(page);
    for (const never of [
      /^\/profile/,
      /^\/notifications/,
      /^\/donation-pools\/\d+\/donate/,
      /^\/donate/,
      /^\/donations\//,
      /^\/api\//,
      /^\/admin/,
    ])
      expect(
        all.filter((p) => never.test(p)),
        String(never),
      ).toEqual([]);

    await offline(context);
    for (const [url, from] of [
      ["/profile", "%2Fprofile"],
      ["/donation-pools/1/donate", "%2Fdonation-pools%2F1%2Fdonate"],
    ] as const) {
      await page.goto(url);
      await expect(page).toHaveURL(`/offline?from=${from}`);
      await expect(page.getByTestId("offline-page")).toBeVisible();
      await expect(page.getByText(username)).toHaveCount(0);
    }
    await page.goto(story);
    await expect(page.getByTestId("save-offline")).toBeVisible();
    await expect(page.getByTestId("current-user")).toHaveCount(0);
    await online(context);
  });

  test("forms say they need a connection and keep what was typed", async ({
    page,
    context,
    request,
  }, info) => {
    const story = await storyWithPicture(request, 4);
    await register(page, uniqueName("offform", info.project.name));
    await installWorker(page, story);
    await page.reload();
    const hearts = Number(await page.getByTestId("hearts-count").getAttribute("data-count"));
    const comment = "Сайхан түүх байна, баярлалаа.";
    const box = page.locator("#comment-form textarea");
    await box.fill(comment);

    await offline(context);
    await page.getByRole("button", { name: "Сэтгэгдэл нийтлэх" }).click();
    await expect(page.getByTestId("offline-form")).toContainText("холболт");
    await expect(box).toHaveValue(comment);
    await expect(page).toHaveURL(story);

    await page.getByTestId("heart-button").click();
    await expect(page.getByTestId("offline-form")).toBeVisible();
    await expect(page.getByTestId("hearts-count")).toHaveAttribute("data-count", String(hearts));

    await online(context);
    await expect(page.getByTestId("offline-form")).toHaveCount(0);
    await expect(box).toHaveValue(comment);
  });
});

test.describe("updates and the kill switch", () => {
  test("a new build's worker takes over an open page, which goes on working", async ({
    page,
    context,
  }) => {
    await installWorker(page);
    // A story the home page links to (the suite adds stories, so a demo one may have left it).
    await page.goto("/");
    const story = (await page
      .locator('[data-testid="story-card"]:has(img) a[href^="/story/"]')
      .first()
      .getAttribute("href"))!;
    await read(page, story);
    await page.goto("/");
    const errors: string[] = [];
    page.on("pageerror", (e) => errors.push(e.message));
    const before = await page.evaluate(() => navigator.serviceWorker.controller?.scriptURL);

    const original = readFileSync(WORKER_FILE, "utf8");
    writeFileSync(WORKER_FILE, `${original}\n// another build\n`);
    try {
      // Asked until it comes: a check the page itself started may still be under way, and the
      // browser folds a second one into it.
      const changed = page.evaluate(
        () =>
          new Promise<boolean>((done) => {
            const ask = setInterval(
              () => void navigator.serviceWorker.getRegistration().then((r) => r?.update()),
              500,
            );
            navigator.serviceWorker.addEventListener("controllerchange", () => {
              clearInterval(ask);
              done(true);
            });
          }),
      );
      expect(await changed).toBe(true);
    } finally {
      writeFileSync(WORKER_FILE, original);
    }
    expect(await page.evaluate(() => navigator.serviceWorker.controller?.scriptURL)).toBe(before);

    // The open page, on the new worker: client navigations, online and then offline.
    await page.locator(`a[href="${story}"]`).first().click();
    await expect(page).toHaveURL(story);
    await expect(page.getByTestId("save-offline")).toBeVisible();
    await page.goBack();
    await offline(context);
    await page.locator(`a[href="${story}"]`).first().click();
    await expect(page).toHaveURL(story);
    await expect(page.getByTestId("offline-copy")).toBeVisible();
    expect(errors).toEqual([]);
    await online(context);
  });

  test("the kill switch serves an empty worker that clears the store and unregisters", async ({
    page,
    request,
  }) => {
    const story = await storyWithPicture(request, 0);
    await installWorker(page);
    await read(page, story);
    expect((await page.evaluate(() => caches.keys())).length).toBeGreaterThan(0);

    writeFileSync(KILL_SWITCH, "");
    try {
      const script = await (await request.get("/sw.js")).text();
      expect(script).toContain("unregister");
      expect(script).not.toContain("storyshare-recent");
      await expect
        .poll(
          () =>
            page.evaluate(async () => {
              const registration = await navigator.serviceWorker.getRegistration();
              await registration?.update().catch(() => undefined);
              return registration === undefined;
            }),
          {
            timeout: AUTH_TIMEOUT,
          },
        )
        .toBe(true);
      expect(await page.evaluate(() => caches.keys())).toEqual([]);
      // Every request goes to the network again: a page that is not kept is the server's.
      await page.goto("/faq");
      await expect(page).toHaveURL("/faq");
    } finally {
      rmSync(KILL_SWITCH, { force: true });
    }
    expect(await (await request.get("/sw.js")).text()).toContain("storyshare-recent");
  });
});
