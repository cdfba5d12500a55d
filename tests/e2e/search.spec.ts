import { expect, isJs, test, waitForHydration } from "./fixtures";

/**
 * Issue 19, "done when": a word of a demo story typed in translit, in Cyrillic without ө/ү and in
 * proper Cyrillic finds the same story, from the search form, with and without JavaScript; and
 * /api/search agrees.
 */
test("one story, however the word is typed", async ({ page, request }, info) => {
  if (isJs(info)) waitForHydration(page);
  const titles: string[][] = [];
  for (const query of ["uvul", "овол", "өвөл"]) {
    await page.goto("/search");
    const form = page.locator("form:has(#search-page-q)");
    await form.getByRole("searchbox", { name: "Түүх, аян хайх" }).fill(query);
    await form.getByRole("button", { name: "Хайх" }).click();
    await expect(page).toHaveURL(new RegExp(`/search\\?q=${encodeURIComponent(query)}`));
    const results = page.getByTestId("search-result");
    await expect(results.first()).toBeVisible();
    await expect(results.filter({ hasText: "Зудын өвөл" })).toHaveCount(1);
    await expect(results.first().locator("mark").first()).toBeVisible();
    titles.push(await results.locator("h2").allTextContents());
  }
  expect(titles[1]).toEqual(titles[0]);
  expect(titles[2]).toEqual(titles[0]);

  const api = await request.get(`/api/search?q=${encodeURIComponent("овол")}`);
  expect(api.status()).toBe(200);
  const found = (await api.json()) as { title: string }[];
  expect(found.map((s) => s.title)).toEqual(titles[0]);
});

test("nothing found says so, with ways on; the header form searches from any page", async ({
  page,
}, info) => {
  if (isJs(info)) waitForHydration(page);
  await page.goto("/search?q=zzqqxx");
  await expect(page.getByTestId("search-empty")).toContainText(
    "«zzqqxx» гэж хайхад юу ч олдсонгүй",
  );
  await expect(
    page.getByTestId("search-empty").getByRole("link", { name: "бүх түүх" }),
  ).toBeVisible();

  await page.setViewportSize({ width: 1366, height: 900 });
  await page.goto("/faq");
  await page.locator("#header-search").fill("ulaanbaatar");
  await page.locator("#header-search").press("Enter");
  await expect(page).toHaveURL(/\/search\?q=ulaanbaatar/);
  await expect(page.getByTestId("search-result").first()).toBeVisible();
});

test("a story's link preview is its own 1200×630 picture", async ({ page, request }) => {
  await page.goto("/stories/1");
  const url = await page.locator('meta[property="og:image"]').getAttribute("content");
  expect(url).toMatch(/\/og\/story\/1\?v=[a-f0-9]{32}$/);
  await expect(page.locator('meta[name="twitter:card"]')).toHaveAttribute(
    "content",
    "summary_large_image",
  );
  const image = await request.get(url!);
  expect(image.status()).toBe(200);
  expect(image.headers()["content-type"]).toBe("image/jpeg");
  const { default: sharp } = await import("sharp");
  expect(await sharp(await image.body()).metadata()).toMatchObject({ width: 1200, height: 630 });
});
