import {
  expect,
  isJs,
  register,
  signIn,
  test,
  toastGiven as toast,
  uniqueName,
  waitForHydration,
} from "./fixtures";
import { watchDocuments } from "./html-check";

/**
 * Issue 18 item 4, with JavaScript and without: a member signed in on three browsers sees them
 * listed on /profile (this one marked), signs one out, then all the others.
 */

/** Two other browsers, told apart by their User-Agent as the list names them. */
const FIREFOX_WINDOWS =
  "Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:132.0) Gecko/20100101 Firefox/132.0";
const SAFARI_IPHONE =
  "Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1";

test("list the signed-in browsers, sign one out, then all the others", async ({
  page,
  browser,
  baseURL,
}, info) => {
  test.setTimeout(360_000);
  const username = uniqueName("sessions", info.project.name);
  const watched: ReturnType<typeof watchDocuments>[] = [];
  const browserAs = async (userAgent: string) => {
    const context = await browser.newContext({ baseURL, userAgent });
    watched.push(watchDocuments(context));
    const p = await context.newPage();
    if (isJs(info)) waitForHydration(p);
    await signIn(p, username, "secret-pass");
    return p;
  };
  await register(page, username);
  const firefox = await browserAs(FIREFOX_WINDOWS);
  const iphone = await browserAs(SAFARI_IPHONE);

  await page.goto("/profile");
  const sessions = page.getByTestId("session");
  await expect(sessions).toHaveCount(3);
  await expect(sessions.filter({ hasText: "Энэ төхөөрөмж" })).toHaveCount(1);
  await expect(sessions.filter({ hasText: "Энэ төхөөрөмж" })).toContainText("Chrome · Linux");
  await expect(sessions.filter({ hasText: "Firefox · Windows" })).toContainText("Сүүлд ашигласан");
  await expect(sessions.filter({ hasText: "Safari · iPhone" })).toHaveCount(1);

  // One browser signed out: it is a visitor again, the others stay.
  await page.getByRole("button", { name: "Системээс гаргах: Firefox · Windows" }).click();
  await toast(page, "Төхөөрөмжийг системээс гаргалаа");
  await expect(sessions).toHaveCount(2);
  await expect(sessions.filter({ hasText: "Firefox · Windows" })).toHaveCount(0);
  await firefox.goto("/profile");
  await expect(firefox).toHaveURL(/\/login/);
  await expect(firefox.getByTestId("current-user")).toHaveCount(0);
  await iphone.goto("/profile");
  await expect(iphone.getByTestId("current-user").first()).toContainText(username);

  // All the others: only this browser is left signed in.
  await page.getByRole("button", { name: "Бусад бүх төхөөрөмжийг системээс гаргах" }).click();
  await toast(page, "Бусад бүх төхөөрөмжийг системээс гаргалаа");
  await expect(sessions).toHaveCount(1);
  await expect(
    page.getByRole("button", { name: "Бусад бүх төхөөрөмжийг системээс гаргах" }),
  ).toHaveCount(0);
  await iphone.goto("/profile");
  await expect(iphone).toHaveURL(/\/login/);
  await expect(iphone.getByTestId("current-user")).toHaveCount(0);
  await page.goto("/profile");
  await expect(page.getByTestId("current-user").first()).toContainText(username);

  // The list in English.
  await page.goto("/profile?lng=en");
  await expect(page.getByRole("heading", { name: "Signed-in devices" })).toBeVisible();
  await expect(sessions).toHaveCount(1);
  await expect(sessions).toContainText("This device");
  await expect(sessions).toContainText("Last active");

  for (const documents of watched) {
    const { problems } = await documents.problems();
    expect(problems, "HTML documents the other browsers received").toEqual([]);
  }
});
