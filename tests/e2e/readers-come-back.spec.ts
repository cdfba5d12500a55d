import {
  clickAndWaitForPost,
  expect,
  isJs,
  register,
  test,
  toastGiven,
  uniqueName,
} from "./fixtures";
import { postFreeStory } from "./stories";

/**
 * Issue 42's journey: a new member follows a new author from the author's page; the author
 * publishes; the follower's inbox says so; two people and a bot read the story; the author's
 * statistics count the two, with the chart of reads per day and its table. With JavaScript and
 * without. The digest that carries the story is sent through a real SMTP server in
 * tests/unit/follows.test.ts (a week cannot pass here).
 */
const BROWSER = "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko)";

test("a follower hears of a new story and its author sees who read it", async ({
  browser,
}, info) => {
  const javaScriptEnabled = isJs(info);
  const author = uniqueName("writer", info.project.name);
  const follower = uniqueName("fan", info.project.name);
  // A visitor is their address and browser: everyone here shares an address, so each person
  // gets a browser of their own, which says it is a browser (headless Chromium's own user agent
  // is a bot's, rightly not counted).
  const person = (name: string) =>
    browser.newContext({
      javaScriptEnabled,
      locale: "en-US",
      userAgent: `${BROWSER} Chrome/131.0 Safari/537.36 ${name}`,
    });
  const authorContext = await person("author");
  const authorPage = await authorContext.newPage();
  await register(authorPage, author);

  const followerContext = await person("follower");
  const page = await followerContext.newPage();
  await register(page, follower);
  await page.goto(`/authors/${author}`);
  const follow = page.getByTestId("follow");
  await expect(follow).toHaveAttribute("aria-pressed", "false");
  if (javaScriptEnabled) await clickAndWaitForPost(page, follow, "/follow/authors/");
  else {
    await follow.click();
    await toastGiven(page, `Та зохиогчийг дагалаа: ${author}`);
  }
  await expect(page.getByTestId("follow")).toHaveAttribute("aria-pressed", "true");

  const title = `Нүүдлийн шувууд ${author}`;
  const id = await postFreeStory(
    authorPage,
    title,
    "Намар болоход нуурын эрэг дээр шувууд цуглаж, урагш нисэхээсээ өмнө хэд хоног амардаг.",
  );

  // The follower's inbox names the new story.
  await page.goto("/notifications");
  await expect(page.getByTestId("inbox-item").filter({ hasText: title })).toHaveCount(1);

  // Reads: the follower twice (one visitor), a passer-by coming from another site, and a bot.
  await page.goto(`/stories/${id}`);
  await page.goto(`/stories/${id}`);
  const passerBy = await person("passer-by");
  const passerPage = await passerBy.newPage();
  await passerPage.goto(`/stories/${id}`, { referer: "https://www.facebook.com/groups/nomads" });
  const bot = await browser.newContext({
    userAgent: "Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)",
  });
  await (await bot.newPage()).goto(`/stories/${id}`);
  await Promise.all([passerBy.close(), bot.close()]);

  // Counting reaches the database in batches, within seconds.
  const numbers = authorPage.locator(`[data-testid="story-stats"][data-story="${id}"]`);
  const readsInAll = numbers
    .getByRole("row", { name: /Уншилт/ })
    .getByRole("cell")
    .last();
  await expect(async () => {
    await authorPage.goto(`/profile/stats?story=${id}`);
    await expect(readsInAll).toHaveText("2", { timeout: 1_000 });
  }).toPass({ timeout: 30_000 });
  const chart = authorPage.getByTestId("reads-chart");
  await expect(chart.locator('svg[role="img"]')).toBeVisible();
  await chart.getByText("Хүснэгтээр харах").click();
  await expect(chart.getByRole("table")).toBeVisible();
  // Where they came from: the other site by its domain alone, in the 30 and the 90 days.
  await expect(authorPage.getByText("facebook.com", { exact: true })).toHaveCount(2);
  await Promise.all([authorContext.close(), followerContext.close()]);
});
