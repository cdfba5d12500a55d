import { expect, isJs, test } from "./fixtures";

test.describe("home page and story lists", () => {
  test("shows the sections in the spec's order with the demo content", async ({ page }) => {
    await page.goto("/");
    const headings = await page.getByRole("heading", { level: 2 }).allTextContents();
    expect(headings.slice(0, 4)).toEqual([
      "Онцлох түүхүүд",
      "Энгийн түүхүүд",
      "Хандивын аянууд",
      "StoryShare сайттай хамтран ажиллаарай",
    ]);
    const featured = page.getByRole("region", { name: "Онцлох түүхүүдийн гүйлгэх жагсаалт" });
    // The three demo stories, and any the admin tests approved meanwhile (the server is shared).
    await expect(featured.getByTestId("story-card").nth(2)).toBeVisible();
    for (const card of await featured.getByTestId("story-card").all()) {
      await expect(card.getByText("VIP")).toBeVisible();
    }
    await expect(page.locator("#stories").getByTestId("story-card")).toHaveCount(6);
    await expect(page.getByTestId("pool-card").first()).toContainText("₮");
    await expect(page.getByTestId("pool-card").first().getByRole("progressbar")).toHaveAttribute(
      "aria-valuenow",
      /\d+/,
    );
    await expect(page.getByRole("link", { name: /дугаарт залгах/ })).toHaveAttribute(
      "href",
      /^tel:/,
    );
  });

  test("pages through the regular stories and filters them (filter resets the page)", async ({
    page,
  }) => {
    await page.goto("/");
    const section = page.locator("#stories");
    const firstPage = await section.getByTestId("story-card").first().textContent();
    await section.getByRole("link", { name: "2-р хуудас" }).click();
    await expect(page).toHaveURL(/[?&]page=2/);
    await expect(section.getByRole("link", { name: "2-р хуудас" })).toHaveAttribute(
      "aria-current",
      "page",
    );
    expect(await section.getByTestId("story-card").first().textContent()).not.toBe(firstPage);

    await section.getByLabel("Харуулах").selectOption("loved");
    const apply = section.getByRole("button", { name: "Харуулах" });
    if (await apply.isVisible()) await apply.click(); // without JavaScript the form needs its button
    await expect(page).toHaveURL(/filter=loved/);
    await expect(page).not.toHaveURL(/page=2/);
    const hearts = await section
      .getByTestId("story-card")
      .evaluateAll((cards) =>
        cards.map((c) => Number(c.querySelector("[title] [aria-hidden]")?.textContent ?? "0")),
      );
    expect(hearts).toEqual([...hearts].sort((a, b) => b - a));
  });

  test("a card's Read link opens the story at /story/{id}", async ({ page }) => {
    await page.goto("/");
    const card = page.locator("#stories").getByTestId("story-card").first();
    const title = await card.getByRole("heading").textContent();
    await card.getByRole("link", { name: "Унших" }).click();
    await expect(page).toHaveURL(/\/story\/\d+$/);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(title ?? "");
  });

  test("/stories/all: breadcrumb, 9 per page, numbered pages, filters", async ({ page }) => {
    await page.goto("/stories/all?lng=en");
    await expect(page.getByRole("navigation", { name: "Breadcrumb" })).toContainText("Home");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Regular stories");
    await expect(page.getByTestId("story-card")).toHaveCount(9);
    await page.getByRole("link", { name: "Page 2" }).click();
    await expect(page).toHaveURL(/\/stories\/all\?page=2/);
    await expect(page.getByRole("link", { name: "Page 2" })).toHaveAttribute(
      "aria-current",
      "page",
    );
    await expect(page.locator("[aria-busy=true]")).toHaveCount(0); // the loading placeholders are gone
    const rest = await page.getByTestId("story-card").count();
    expect(rest).toBeGreaterThan(0);
    expect(rest).toBeLessThanOrEqual(9);
    await page.getByLabel("Show").selectOption("newest");
    const apply = page.getByRole("button", { name: "Apply" });
    if (await apply.isVisible()) await apply.click();
    await expect(page).toHaveURL(/\/stories\/all\?filter=newest$/);
  });

  test("the featured row: a carousel with JavaScript (loaded after the page), a scrolling row without", async ({
    page,
  }, info) => {
    await page.setViewportSize({ width: 390, height: 844 }); // one card per view: room to move
    await page.goto("/");
    const featured = page.getByRole("region", { name: "Онцлох түүхүүдийн гүйлгэх жагсаалт" });
    const next = featured.getByRole("button", { name: "Дараагийн түүхүүд" });
    if (!isJs(info)) {
      await expect(next).toHaveCount(0);
      await expect(featured.locator("div.overflow-x-auto")).toBeVisible();
      return;
    }
    await expect(next).toBeVisible();
    const track = featured.locator("ul").first();
    const before = await track.evaluate((el) => getComputedStyle(el).transform);
    await next.click();
    await expect
      .poll(() => track.evaluate((el) => getComputedStyle(el).transform))
      .not.toBe(before);
  });

  test("/stories/featured: only featured stories", async ({ page }) => {
    await page.goto("/stories/featured");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Онцлох түүхүүд");
    const cards = page.getByTestId("story-card");
    await expect(cards.nth(2)).toBeVisible(); // at least the three demo ones
    for (const card of await cards.all())
      await expect(card).not.toHaveAttribute("data-tier", "free");
  });

  test("the RSS feed and the sitemap list the stories", async ({ request }) => {
    const rss = await request.get("/rss.xml");
    expect(rss.headers()["content-type"]).toContain("application/rss+xml");
    expect((await rss.text()).match(/<item>/g)?.length).toBeGreaterThanOrEqual(12);
    const sitemap = await (await request.get("/sitemap.xml")).text();
    expect(sitemap).toContain("/stories/all</loc>");
    expect(sitemap.match(/\/stories\/\d+<\/loc>/g)?.length).toBeGreaterThanOrEqual(12);
  });
});
