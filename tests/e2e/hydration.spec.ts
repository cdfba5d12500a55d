import { expect, isJs, register, test, uniqueName } from "./fixtures";

/**
 * Issue 41 item 10: /search threw React's hydration errors (#418, #425, #423) whenever its
 * results had pages: the page links speak from a catalogue the page did not send, so the browser
 * drew other words than the server and rendered the page again. Every test now fails on a
 * hydration error of any page it opens (fixtures.ts); these open the pages that had them.
 */
test("a search with several pages of results hydrates cleanly", async ({ page }, info) => {
  test.skip(!isJs(info), "hydration needs JavaScript");
  // «а» is in nearly every demo story: more than one page.
  await page.goto(`/search?q=${encodeURIComponent("а")}`);
  await expect(page.getByRole("navigation", { name: "Хуудаслалт" })).toBeVisible();
  await page
    .getByRole("link", { name: /Дараах/ })
    .first()
    .click();
  await expect(page).toHaveURL(/page=2/);
  await page.goto(`/search?q=${encodeURIComponent("а")}&page=2&lng=en`);
  await expect(page.getByRole("navigation", { name: "Pages" })).toBeVisible();
});

test("the inbox, the profile and the lists hydrate cleanly", async ({ page }, info) => {
  test.skip(!isJs(info), "hydration needs JavaScript");
  await register(page, uniqueName("hydrate", info.project.name));
  for (const path of ["/notifications", "/profile", "/stories/all?page=2", "/donation-pools"])
    await page.goto(path);
});
