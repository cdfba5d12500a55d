import { mkdirSync, rmSync, statSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import type { TestInfo } from "@playwright/test";
import {
  type BrowserContext,
  test as base,
  expect,
  type Locator,
  type Page,
  type Response,
} from "@playwright/test";
import { watchDocuments } from "./html-check";

/** Whether this project runs with JavaScript on (the `js` project) or off (`no-js`). */
export const isJs = (info: TestInfo) => info.project.use.javaScriptEnabled !== false;

export const ADMIN = { username: "admin", password: "e2e-admin-password" };

let counter = 0;
/** A username no other test (or project) uses. */
export function uniqueName(prefix: string, projectName: string) {
  counter += 1;
  return `${prefix}_${projectName.replace(/\W/g, "")}_${Date.now().toString(36)}${counter}`;
}

/**
 * Signing in or up runs scrypt at OWASP parameters (about 0.4 s of CPU each); on a 2-core CI
 * machine shared with the browser and another worker, a queue of them can outlast the default
 * (under a load of twenty, a sign-in has taken more than 20 s).
 */
export const AUTH_TIMEOUT = 60_000;

/**
 * The toast was given. Attached, not visible: without JavaScript it hides itself after a few
 * seconds, which a slow machine can spend before the check. Long: a sign-in or password change
 * hashes at full strength.
 */
export const toastGiven = (page: Page, text: string) =>
  expect(page.getByTestId("toast").filter({ hasText: text }).first()).toBeAttached({
    timeout: AUTH_TIMEOUT,
  });

export async function register(page: Page, username: string, password = "secret-pass") {
  await page.goto("/login?tab=register");
  await page.getByLabel("Хэрэглэгчийн нэр").fill(username);
  await page.getByLabel("Нууц үг", { exact: true }).fill(password);
  await page.getByLabel("Нууц үгээ давтах").fill(password);
  await page.getByRole("button", { name: "Бүртгэл үүсгэх" }).click();
  await expect(page.getByTestId("current-user").first()).toContainText(username, {
    timeout: AUTH_TIMEOUT,
  });
}

export async function signIn(page: Page, username: string, password: string) {
  await page.goto("/login");
  await page.getByLabel("Хэрэглэгчийн нэр").fill(username);
  await page.getByLabel("Нууц үг", { exact: true }).fill(password);
  await page.getByRole("button", { name: "Нэвтрэх" }).last().click();
  await expect(page.getByTestId("current-user").first()).toContainText(username, {
    timeout: AUTH_TIMEOUT,
  });
}

/**
 * The premium settings are shared by every test on the server: a test that changes them, and a
 * test that reads the default prices, each hold this lock (a directory: atomic across workers).
 */
export async function withSettingsLock<T>(fn: () => Promise<T>): Promise<T> {
  const dir = path.join(
    os.tmpdir(),
    `storyshare-e2e-settings-lock-${process.env.E2E_PORT ?? "3210"}`,
  );
  const deadline = Date.now() + 25_000;
  for (;;) {
    try {
      mkdirSync(dir);
      break;
    } catch {
      // A lock left by a crashed run is stale after a minute.
      try {
        if (Date.now() - statSync(dir).mtimeMs > 60_000)
          rmSync(dir, { recursive: true, force: true });
      } catch {}
      if (Date.now() > deadline) throw new Error("settings lock not released");
      await new Promise((r) => setTimeout(r, 150));
    }
  }
  try {
    return await fn();
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/**
 * With JavaScript, a page becomes interactive when React has hydrated it, and a click that lands
 * while it hydrates can be lost. Its scripts start after the first paint (decision 016), so the
 * load event that goto and reload wait for comes before that: they also wait for the mark the
 * root layout sets once hydrated (on HTML pages; a feed or an image has none).
 */
export function waitForHydration(page: Page) {
  for (const method of ["goto", "reload"] as const) {
    const original = page[method].bind(page) as (...args: unknown[]) => Promise<Response | null>;
    Object.assign(page, {
      [method]: async (...args: unknown[]) => {
        const response = await original(...args);
        if (response?.headers()["content-type"]?.includes("text/html"))
          await page.locator("html[data-hydrated]").waitFor({ state: "attached" });
        return response;
      },
    });
  }
}

/**
 * Clicks a button whose form posts to `action`, and waits until the POST is answered. With
 * JavaScript such forms (theme, language, heart) show the choice at once, before it is stored;
 * a page load that came sooner would race the POST.
 */
export async function clickAndWaitForPost(page: Page, button: Locator, action: string) {
  const saved = page.waitForResponse(
    (r) => new URL(r.url()).pathname.startsWith(action) && r.request().method() === "POST",
  );
  await button.click();
  await saved;
}

/**
 * React's hydration errors, minified (#418 the markup, #425 a text, #423 the whole page rendered
 * again in the browser) or not: the server and the browser rendered the page differently.
 */
const HYDRATION_ERROR =
  /Minified React error #(418|419|423|425)\b|Hydration failed|did not match|while hydrating/;

/** Every hydration error any page of the context reports, with the page it came from. */
export function watchHydration(context: BrowserContext) {
  const errors: string[] = [];
  const note = (page: Page | null, text: string) => {
    if (HYDRATION_ERROR.test(text)) errors.push(`${page?.url() ?? "?"}: ${text.slice(0, 160)}`);
  };
  context.on("weberror", (error) => note(error.page(), error.error().message));
  context.on("console", (message) => {
    if (message.type() === "error") note(message.page(), message.text());
  });
  return errors;
}

export const test = base.extend({
  // Every page a journey opens is checked as the server sent it (decision 020), and, with
  // JavaScript, as the browser hydrated it: the same markup, or the test fails (issue 41 item 10).
  context: async ({ context }, use) => {
    const documents = watchDocuments(context);
    const hydration = watchHydration(context);
    await use(context);
    const { problems } = await documents.problems();
    expect(problems, "HTML documents this test received").toEqual([]);
    expect(hydration, "hydration errors on the pages this test opened").toEqual([]);
  },
  page: async ({ page }, use, info) => {
    if (isJs(info)) waitForHydration(page);
    await use(page);
  },
});
export { expect };
