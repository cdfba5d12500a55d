import { type Browser, expect, type Page, test } from "@playwright/test";
import { avatarEmoji } from "../../app/lib/avatar";
import { baseURL } from "../../playwright.config";
import { waitForHydration } from "../e2e/fixtures";
import { admin, newUser, publicStoryId, SESSION_COOKIE, sessionOf } from "./helpers";

/**
 * Decision 039: on pages that are the same for every member but the header, a member's page is a
 * copy drawn once with a stand-in, their name, avatar and nonce written in. Real browsers, each
 * with nothing but its session cookie (as a member who has not just posted anything): nobody sees
 * another's name, the copy hydrates and works, and roles are drawn apart.
 */

const probe = () => `/?copy-probe=${Date.now().toString(36)}${Math.random().toString(36).slice(2)}`;

async function browserFor(browser: Browser, api: Awaited<ReturnType<typeof admin>>) {
  const session = await sessionOf(api);
  if (!session) throw new Error("no session");
  const context = await browser.newContext({ baseURL });
  await context.addCookies([{ ...session, name: SESSION_COOKIE }]);
  const page = await context.newPage();
  const errors: string[] = [];
  page.on("console", (message) => {
    if (message.type() === "error") errors.push(message.text());
  });
  page.on("pageerror", (error) => errors.push(error.message));
  waitForHydration(page);
  return { context, page, errors };
}

async function member(browser: Browser) {
  const { api, username } = await newUser("copy");
  return { ...(await browserFor(browser, api)), username };
}

async function open(page: Page, path: string) {
  const response = await page.goto(path);
  expect(response?.status()).toBe(200);
  return response!;
}

/** The nonce the CSP allows, and the nonces the page's scripts carry. */
function nonces(csp: string, html: string) {
  return {
    allowed: csp.match(/'nonce-([^']+)'/)?.[1],
    used: new Set([...html.matchAll(/\snonce="([^"]+)"/g)].map((m) => m[1])),
  };
}

test.describe("members' copies of shared pages", () => {
  test("two members get one drawing, each with their own name, avatar and nonce; it hydrates and navigates", async ({
    browser,
  }) => {
    const a = await member(browser);
    const b = await member(browser);
    const path = probe();

    const first = await open(a.page, path);
    expect(first.headers()["x-page-copy"]).toBe("miss");
    expect(first.headers()["content-encoding"]).toBe("gzip");
    await expect(a.page.getByTestId("current-user").first()).toContainText(a.username);

    const second = await open(b.page, path);
    expect(second.headers()["x-page-copy"]).toBe("hit");
    expect(second.headers()["cache-control"]).toContain("private");
    // Sent gzipped from the copy's parts compressed once, and read by the browser as one page.
    expect(second.headers()["content-encoding"]).toBe("gzip");
    const html = await second.text();
    expect(html).not.toContain(a.username);
    expect(html).not.toMatch(/ssname|ssavatar/);
    expect(html).toContain(b.username);
    await expect(b.page.getByTestId("current-user").first()).toContainText(b.username);
    await expect(b.page.getByRole("img", { name: new RegExp(b.username) }).first()).toHaveText(
      avatarEmoji(b.username),
    );

    const own = nonces(second.headers()["content-security-policy"] ?? "", html);
    expect(own.used).toEqual(new Set([own.allowed]));
    const theirs = nonces(first.headers()["content-security-policy"] ?? "", await first.text());
    expect(own.allowed).not.toBe(theirs.allowed);

    // Hydrated without a mismatch, and the data behind it is this member's.
    expect(b.errors).toEqual([]);
    await b.page.locator('a[href="/donation-pools"]:visible').first().click();
    await expect(b.page).toHaveURL(/\/donation-pools$/);
    await expect(b.page.getByTestId("current-user").first()).toContainText(b.username);
    expect(b.errors).toEqual([]);

    await a.context.close();
    await b.context.close();
  });

  test("an administrator's copy is drawn apart from members'", async ({ browser }) => {
    const m = await member(browser);
    const boss = await browserFor(browser, await admin());
    const path = probe();

    await open(m.page, path);
    const mine = await open(m.page, path);
    expect(mine.headers()["x-page-copy"]).toBe("hit");
    await expect(m.page.locator('header a[href="/admin"]')).toHaveCount(0);

    const theirs = await open(boss.page, path);
    expect(theirs.headers()["x-page-copy"]).toBe("miss");
    await expect(boss.page.locator('header a[href="/admin"]').first()).toBeAttached();
    expect(await theirs.text()).not.toContain(m.username);
    await m.context.close();
    await boss.context.close();
  });

  test("a member who has just written, or switches language, gets the page drawn for them", async ({
    browser,
  }) => {
    const m = await member(browser);
    const path = probe();
    await open(m.page, path);
    expect((await open(m.page, path)).headers()["x-page-copy"]).toBe("hit");

    const switched = await open(m.page, `${path}&lng=en`);
    expect(switched.headers()["x-page-copy"]).toBeUndefined();
    // Rendered for them alone: the app compresses it (quickly), as it does their copies.
    expect(switched.headers()["content-encoding"]).toBe("gzip");
    await expect(m.page.locator("html")).toHaveAttribute("lang", "en");

    await m.context.addCookies([{ name: "storyshare_fresh", value: "1", url: baseURL }]);
    expect((await open(m.page, path)).headers()["x-page-copy"]).toBeUndefined();
    await m.context.close();
  });

  test("a story page's copy carries the member's own comment form, and its heart works", async ({
    browser,
  }) => {
    const a = await member(browser);
    const b = await member(browser);
    const id = await publicStoryId(a.context.request);
    const path = `/stories/${id}?copy-probe=${Date.now().toString(36)}`;
    expect((await open(a.page, path)).headers()["x-page-copy"]).toBe("miss");
    const copy = await open(b.page, path);
    expect(copy.headers()["x-page-copy"]).toBe("hit");
    expect(await copy.text()).not.toContain(a.username);
    const form = b.page.locator("#comment-form");
    await expect(form).toContainText(b.username);
    await expect(form).toContainText(avatarEmoji(b.username));

    const count = Number(await b.page.getByTestId("hearts-count").getAttribute("data-count"));
    await b.page.getByTestId("heart-button").click();
    await expect(b.page.getByTestId("hearts-count")).toHaveAttribute(
      "data-count",
      String(count + 1),
    );
    // Their heart is theirs: the next page is drawn for them (and then from hearted members' copy).
    const after = await open(b.page, path);
    expect(after.headers()["x-page-copy"]).not.toBe("hit");
    await expect(b.page.getByTestId("hearts-count")).toHaveAttribute(
      "data-count",
      String(count + 1),
    );
    expect(b.errors).toEqual([]);
    await a.context.close();
    await b.context.close();
  });
});
