import type { APIRequestContext, Page } from "@playwright/test";
import { expect, isJs, register, test, uniqueName } from "./fixtures";

/**
 * Decision 068: the story page's parts that only signed-in readers (the comment form, reporting,
 * editing and deleting one's comments) or the author's preview (the banner, where to pay) see
 * are loaded when drawn. An anonymous reader downloads none of them; a member's page loads them
 * and hydrates cleanly (the fixture fails a test on any hydration error).
 */
const ON_DEMAND = /\/assets\/(member-parts|preview-parts)-[\w-]+\.js$/;

async function publishedStory(request: APIRequestContext): Promise<number> {
  const featured = (await (await request.get("/api/stories/featured")).json()) as { id: number }[];
  return featured[0]!.id;
}

function scriptsOf(page: Page) {
  const scripts: string[] = [];
  page.on("request", (r) => {
    if (r.resourceType() === "script") scripts.push(new URL(r.url()).pathname);
  });
  return scripts;
}

test("an anonymous reader's story page loads none of the parts only some visitors see", async ({
  page,
  request,
}, info) => {
  test.skip(!isJs(info), "about the browser's scripts");
  const scripts = scriptsOf(page);
  await page.goto(`/stories/${await publishedStory(request)}`);
  await page.waitForLoadState("networkidle");
  await expect(page.getByTestId("comment-sign-in")).toBeVisible();
  expect(scripts.some((s) => /\/assets\/stories\._id-[\w-]+\.js$/.test(s))).toBe(true);
  expect(scripts.filter((s) => ON_DEMAND.test(s))).toEqual([]);
});

test("a member's story page loads its parts, and its comment form checks before sending", async ({
  page,
  request,
}, info) => {
  test.skip(!isJs(info), "about the browser's scripts");
  await register(page, uniqueName("parts", info.project.name));
  const scripts = scriptsOf(page);
  await page.goto(`/stories/${await publishedStory(request)}`);
  await page.waitForLoadState("networkidle");
  expect(
    scripts.filter((s) => ON_DEMAND.test(s)).map((s) => s.split("/").pop()?.split("-")[0]),
  ).toEqual(["member"]);

  // Hydrated: a blank comment is refused in the page, with no request to the server.
  const posts: string[] = [];
  page.on("request", (r) => {
    if (r.method() === "POST") posts.push(r.url());
  });
  await page.getByLabel("Таны сэтгэгдэл").fill("   ");
  await page.getByRole("button", { name: "Сэтгэгдэл нийтлэх" }).click();
  await expect(page.getByText("Илгээхийн өмнө ямар нэг зүйл бичнэ үү.")).toBeVisible();
  expect(posts).toEqual([]);
});
