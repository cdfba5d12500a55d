import type { APIRequestContext, Page } from "@playwright/test";
import { clickAndWaitForPost, expect, isJs, test, uniqueName } from "./fixtures";

interface ApiStory {
  id: number;
  title: string;
  pricing_tier: string;
  story_image: string | null;
  bank_account: string | null;
}

/**
 * The nth free demo story with a picture. Demo stories have the lowest ids, so the choice does
 * not move when other tests post stories; tests that heart a story in the js and no-js projects
 * at the same time take different ones, as each checks the count it changed.
 */
async function freeStory(request: APIRequestContext, nth = 0): Promise<ApiStory> {
  let found = 0;
  for (let id = 1; id <= 50; id++) {
    const response = await request.get(`/api/stories/${id}`);
    if (!response.ok()) continue;
    const story = (await response.json()) as ApiStory;
    if (story.pricing_tier === "free" && story.story_image && found++ === nth) return story;
  }
  throw new Error("not enough free stories with an image in the demo content");
}

async function storyDetail(request: APIRequestContext, id: number): Promise<ApiStory> {
  return (await request.get(`/api/stories/${id}`)).json();
}

const heartCount = async (page: Page) =>
  Number(await page.getByTestId("hearts-count").getAttribute("data-count"));

test.describe("story detail", () => {
  test("open a premium story from the home page, read it, reveal the author's bank details", async ({
    page,
    request,
  }) => {
    await page.goto("/");
    const card = page
      .locator('section[aria-labelledby="featured-title"]')
      // A demo story with a picture: other tests may approve featured stories without one.
      .locator('[data-testid="story-card"]:not([data-tier="free"]):has(img)')
      .first();
    const title = ((await card.getByRole("heading").textContent()) ?? "").trim();
    await card.getByRole("heading").getByRole("link").click();

    await expect(page).toHaveURL(/\/story\/\d+$/);
    const id = Number(new URL(page.url()).pathname.split("/")[2]);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(title);
    await expect(page).toHaveTitle(`${title} — StoryShare`);
    await expect(page.locator('link[rel="canonical"]')).toHaveAttribute(
      "href",
      new RegExp(`/stories/${id}$`),
    );
    await expect(page.locator('meta[property="og:type"]')).toHaveAttribute("content", "article");
    // The link preview is the story's own card (issue 19).
    await expect(page.locator('meta[property="og:image"]')).toHaveAttribute(
      "content",
      new RegExp(`^http://localhost:\\d+/og/story/${id}\\?v=[a-f0-9]{32}$`),
    );
    const story = page.getByTestId("story");
    await expect(story.getByText("VIP")).toBeVisible();
    await expect(story.getByRole("img", { name: `«${title}» түүхийн зураг` })).toBeVisible();
    await expect(page.getByTestId("reading-time")).toContainText(/Унших хугацаа \d+ мин/);
    await expect(page.getByTestId("story-date")).toContainText(/\d{4}/);

    const bank = await storyDetail(request, id);
    const account = page.getByTestId("donate-account");
    await expect(account).toBeHidden();
    await page.getByText("Зохиогчийг дэмжих").click();
    await expect(account).toBeVisible();
    await expect(account).toContainText(bank.bank_account!);
    await page.getByText("Дансны мэдээллийг нуух").click();
    await expect(account).toBeHidden();
  });

  test("a free story has no donate panel, and the back button goes home", async ({
    page,
    request,
  }) => {
    const free = await freeStory(request);
    await page.goto(`/stories/${free.id}`);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(free.title);
    await expect(page.getByTestId("story").getByText("VIP")).toHaveCount(0);
    await expect(page.getByTestId("donate-panel")).toHaveCount(0);
    await expect(page.getByText("Зохиогчийг дэмжих")).toHaveCount(0);
    await page.getByRole("link", { name: "Буцах", exact: true }).click();
    await expect(page).toHaveURL(/localhost:\d+\/$/);
  });

  test("sign in from the story, comment, delete it, heart it", async ({ page, request }, info) => {
    const js = isJs(info);
    const free = await freeStory(request, js ? 0 : 1);
    await page.goto(`/stories/${free.id}`);

    // Anonymous: the count, no form, and sign-in links that come back here.
    await expect(page.getByTestId("hearts-count")).toBeVisible();
    await expect(page.getByTestId("heart-button")).toHaveCount(0);
    await expect(page.getByRole("link", { name: "Нэвтэрч зүрх өгөх" })).toBeVisible();
    await expect(page.getByLabel("Таны сэтгэгдэл")).toHaveCount(0);
    await page.getByTestId("comment-sign-in").click();
    await expect(page).toHaveURL(new RegExp(`/login\\?redirect=/stories/${free.id}%23comments$`));

    const username = uniqueName("commenter", info.project.name);
    // With JavaScript the tab switches without a reload; a click landing while the page is still
    // hydrating can be lost, so click until the register form is there. The name is exact: the
    // footer's "Нэвтрэх / Бүртгүүлэх" (to /login, without the way back) is on every page, and while
    // the story page was still showing it was the only match.
    await expect(async () => {
      await page.getByRole("link", { name: "Бүртгүүлэх", exact: true }).first().click();
      await expect(page.getByRole("heading", { name: "Бүртгэл үүсгэх" })).toBeVisible({
        timeout: 2_000,
      });
    }).toPass({ timeout: 15_000 });
    await expect(page.getByLabel("Нууц үгээ давтах")).toBeVisible();
    await page.getByLabel("Хэрэглэгчийн нэр").fill(username);
    await page.getByLabel("Нууц үг", { exact: true }).fill("secret-pass");
    await page.getByLabel("Нууц үгээ давтах").fill("secret-pass");
    await page.getByRole("button", { name: "Бүртгэл үүсгэх" }).click();
    await expect(page).toHaveURL(new RegExp(`/stories/${free.id}#comments$`));
    await expect(page.getByTestId("current-user").first()).toContainText(username);

    // A blank comment is refused with the message.
    const box = page.getByLabel("Таны сэтгэгдэл");
    await box.fill("   ");
    await page.getByRole("button", { name: "Сэтгэгдэл нийтлэх" }).click();
    await expect(page.getByText("Илгээхийн өмнө ямар нэг зүйл бичнэ үү.")).toBeVisible();

    // Comment, and see it.
    const text = `Сайхан түүх байна — ${username}`;
    await page.getByLabel("Таны сэтгэгдэл").fill(`${text}\nХоёр дахь мөр`);
    await page.getByRole("button", { name: "Сэтгэгдэл нийтлэх" }).click();
    await expect(page.getByTestId("toast")).toContainText("Таны сэтгэгдэл нийтлэгдлээ");
    const mine = page.getByTestId("comment").filter({ hasText: text });
    await expect(mine).toHaveCount(1);
    await expect(mine.getByTestId("comment-author")).toHaveText(username);
    await expect(mine.getByText("Хоёр дахь мөр")).toBeVisible();
    await expect(page.getByLabel("Таны сэтгэгдэл")).toHaveValue("");
    // Nobody else's comment offers a delete button to a reader.
    const deletable = page.getByRole("link", { name: /сэтгэгдлийг устгах/ });
    const deleteButtons = page.getByRole("button", { name: /сэтгэгдлийг устгах/ });
    await expect(js ? deleteButtons : deletable).toHaveCount(1);

    // Delete it, after a confirmation.
    const deleteName = `${username} хэрэглэгчийн сэтгэгдлийг устгах`;
    if (js) {
      await mine.getByRole("button", { name: deleteName }).click();
      await expect(mine).toBeVisible();
      await mine.getByRole("button", { name: "Итгэлтэй байна уу?" }).click();
    } else {
      await mine.getByRole("link", { name: deleteName }).click();
      await expect(page).toHaveURL(/\?delete=\d+/);
      const confirm = mine.getByTestId("delete-confirmation");
      await expect(confirm).toContainText("Энэ сэтгэгдлийг устгах уу?");
      await confirm.getByRole("button", { name: "Тийм, устгах" }).click();
    }
    await expect(page.getByTestId("toast")).toContainText("Сэтгэгдэл устгагдлаа");
    await expect(page.getByTestId("comment").filter({ hasText: text })).toHaveCount(0);

    // Heart it: the count goes up, stays up after a reload, and comes back down.
    const heart = page.getByTestId("heart-button");
    const before = await heartCount(page);
    await expect(heart).toHaveAttribute("aria-pressed", "false");
    // With JavaScript the heart changes at once, before the POST is stored: reload after it.
    await clickAndWaitForPost(page, heart, `/stories/${free.id}`);
    await expect(heart).toHaveAttribute("aria-pressed", "true");
    await expect(page.getByTestId("hearts-count")).toHaveAttribute(
      "data-count",
      String(before + 1),
    );
    await page.reload();
    await expect(page.getByTestId("hearts-count")).toHaveAttribute(
      "data-count",
      String(before + 1),
    );
    await page.getByTestId("heart-button").click();
    await expect(page.getByTestId("heart-button")).toHaveAttribute("aria-pressed", "false");
    await expect(page.getByTestId("hearts-count")).toHaveAttribute("data-count", String(before));
  });

  test("in English with ?lng=en, on the /story spelling", async ({ page, request }) => {
    const featured = (await (await request.get("/api/stories/featured")).json()) as ApiStory[];
    const paid = featured[0]!;
    await page.goto(`/story/${paid.id}?lng=en`);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(paid.title);
    await expect(page.getByTestId("reading-time")).toContainText(/\d+ min read/);
    await expect(page.getByTestId("story-date")).toHaveText(/^[A-Z][a-z]{2} \d{1,2}, \d{4}$/);
    await expect(page.getByText("Support the author")).toBeVisible();
    await expect(page.getByRole("heading", { name: /^Comments/ })).toBeVisible();
    await expect(page.getByRole("link", { name: "Log in to comment" })).toHaveAttribute(
      "href",
      `/login?redirect=/stories/${paid.id}%23comments`,
    );
  });

  test("the page hydrates cleanly (dates are not formatted differently by the browser)", async ({
    page,
    request,
  }, info) => {
    test.skip(!isJs(info), "hydration needs JavaScript");
    const problems: string[] = [];
    page.on("console", (msg) => {
      if (msg.type() === "error") problems.push(`console: ${msg.text()}`);
    });
    page.on("pageerror", (error) => problems.push(`pageerror: ${error.message}`));
    const free = await freeStory(request);
    for (const path of [`/stories/${free.id}`, `/story/${free.id}?lng=en`]) {
      await page.goto(path);
      await page.waitForLoadState("networkidle");
    }
    expect(problems).toEqual([]);
  });

  test("an unknown story says it does not exist or was removed, with a way home", async ({
    page,
  }) => {
    for (const path of ["/stories/999999", "/story/not-a-number"]) {
      const response = await page.goto(path);
      expect(response?.status()).toBe(404);
      await expect(page.getByRole("heading", { name: "Энэ түүх олдсонгүй" })).toBeVisible();
      await expect(page).toHaveTitle("Энэ түүх олдсонгүй — StoryShare");
    }
    await page.getByRole("link", { name: "Нүүр хуудас руу буцах" }).click();
    await expect(page).toHaveURL(/localhost:\d+\/$/);
  });
});
