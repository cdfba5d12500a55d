import { randomBytes } from "node:crypto";
import AxeBuilder from "@axe-core/playwright";
import type { Page, TestInfo } from "@playwright/test";
import sharp from "sharp";
import { pngHeader } from "../png-header";
import { expect, isJs, register, test, uniqueName } from "./fixtures";

/**
 * The post-story wizard (spec 02 §2, §4, §5, §8) and /profile, walked as a person would: every
 * journey runs with JavaScript on and off (playwright.config.ts), so each step is a real server
 * round trip in one project and an enhanced form in the other.
 */

const HOME = /localhost:\d+\/$/;
let png: Buffer | undefined;
/** A small real PNG, made once per worker. */
async function smallPng() {
  png ??= await sharp({
    create: { width: 640, height: 400, channels: 3, background: { r: 196, g: 112, b: 52 } },
  })
    .png()
    .toBuffer();
  return { name: "sunset.png", mimeType: "image/png", buffer: png };
}

interface StoryFields {
  title?: string;
  story?: string;
  bankName?: string;
  bankAccount?: string;
  accountName?: string;
  image?: { name: string; mimeType: string; buffer: Buffer };
}

const imageInput = (page: Page) => page.locator('input[type="file"][name="image"]');

async function fillStep1(page: Page, fields: StoryFields) {
  if (fields.title !== undefined) await page.getByLabel("Гарчиг").fill(fields.title);
  if (fields.story !== undefined) await page.getByLabel("Таны түүх").fill(fields.story);
  if (fields.image) await imageInput(page).setInputFiles(fields.image);
  if (fields.bankName) await page.getByLabel("Банкны нэр").selectOption(fields.bankName);
  if (fields.bankAccount !== undefined)
    await page.getByLabel("Дансны дугаар").fill(fields.bankAccount);
  if (fields.accountName !== undefined)
    await page.getByLabel(/^Данс эзэмшигчийн нэр/).fill(fields.accountName);
}

const next = (page: Page) => page.getByRole("button", { name: "Дараах" }).click();

/** Step 2's button reads "Continue" until a plan is chosen, then "Submit" or "Continue to payment". */
const planButton = (page: Page) =>
  page.getByRole("button", { name: /^(Үргэлжлүүлэх|Түүх илгээх|Төлбөр рүү үргэлжлүүлэх)$/ });

function storyFor(info: TestInfo, kind: string) {
  const tag = uniqueName(kind, info.project.name);
  return {
    title: `Уулын бэлд өнгөрүүлсэн зун ${tag}`,
    story:
      "Тэр зун бид уулын бэлд майхан барьж, өглөө бүр шувуудын дуунаар сэрдэг байлаа.\n\nОрой нь гал тойрон суугаад түүх ярина.",
    bankName: "Khan Bank",
    bankAccount: "5012345678",
    accountName: "Бат-Эрдэнэ",
  };
}

test.describe("post a story", () => {
  test("an anonymous visitor is sent to log in, with the spec's toast", async ({ page }) => {
    await page.goto("/post-story");
    await expect(page).toHaveURL(/\/login\?redirect=%2Fpost-story$/);
    await expect(
      page.getByTestId("toast").filter({ hasText: "Түүх нийтлэхийн тулд нэвтэрнэ үү" }),
    ).toBeVisible();
  });

  test("a free story with an image: published at once, image on the card and the detail page", async ({
    page,
  }, info) => {
    await register(page, uniqueName("author", info.project.name));
    const story = storyFor(info, "free");
    await page.goto("/post-story");
    await fillStep1(page, { ...story, image: await smallPng() });
    await next(page);

    const free = page.getByRole("radio", { name: "Үнэгүй", exact: true });
    await expect(free).not.toBeChecked();
    await free.check();
    await planButton(page).click();

    await expect(page).toHaveURL(HOME);
    const toast = page.getByTestId("toast").filter({ hasText: "Түүх илгээгдлээ" });
    await expect(toast).toBeVisible();
    // Published at once: the toast leads to it.
    await expect(toast.getByRole("link", { name: "Түүхээ унших" })).toHaveAttribute(
      "href",
      /^\/stories\/\d+$/,
    );

    const card = page
      .locator("#stories")
      .getByTestId("story-card")
      .filter({ hasText: story.title });
    await expect(card).toHaveCount(1);
    const cardImage = card.locator("img").first();
    await expect(cardImage).toHaveAttribute("src", /^\/media\//);
    const thumb = await page.request.get((await cardImage.getAttribute("src"))!);
    expect(thumb.ok()).toBe(true);
    expect(thumb.headers()["content-type"]).toMatch(/^image\//);

    const href = await card
      .getByRole("link", { name: story.title, exact: true })
      .getAttribute("href");
    const id = href?.match(/\/stor(?:y|ies)\/([^/?#]+)/)?.[1];
    expect(id).toBeTruthy();
    await page.goto(`/stories/${id}`);
    const detail = page.getByTestId("story");
    await expect(detail.getByRole("heading", { level: 1 })).toHaveText(story.title);
    await expect(detail.locator("figure img")).toHaveAttribute("src", /^\/media\//);
  });

  test("a paid (daily) story through all three steps; Back keeps everything; /profile shows it waiting for payment", async ({
    page,
  }, info) => {
    await register(page, uniqueName("author", info.project.name));
    const story = storyFor(info, "paid");
    await page.goto("/post-story");
    await fillStep1(page, { ...story, image: await smallPng() });
    await next(page);

    await page.getByRole("radio", { name: "Өдрийн", exact: true }).check();
    await planButton(page).click();

    // Step 3: where to pay, how much, and the reference to write on the transfer.
    const payment = page.getByRole("region", { name: "Төлбөр төлөх заавар" });
    await expect(payment).toBeVisible();
    await expect(payment).toContainText("Хаан банк");
    await expect(payment).toContainText("5012345678");
    await expect(payment).toContainText("Сторишэйр ХХК");
    // The amount is the daily price of the moment (the settings test may change it meanwhile;
    // the exact price is checked by the unit tests).
    await expect(payment).toContainText(/\d{1,3}(,\d{3})*₮/);
    const reference = page.getByLabel("Төлбөрийн код", { exact: true });
    await expect(reference).toHaveValue(/^[1-9]\d{5}$/);
    await expect(reference).toBeEditable();
    const myReference = String(100_000 + Math.floor(Math.random() * 900_000));
    await reference.fill(myReference);
    if (isJs(info)) {
      await expect(payment.getByRole("button", { name: /хуулах$/ })).toHaveCount(5);
    }

    // Back to the plan (still daily), back to the story (everything still there)…
    await page.getByRole("button", { name: "Буцах" }).click();
    await expect(page.getByRole("radio", { name: "Өдрийн", exact: true })).toBeChecked();
    await page.getByRole("button", { name: "Буцах" }).click();
    await expect(page.getByLabel("Гарчиг")).toHaveValue(story.title);
    await expect(page.getByLabel("Таны түүх")).toHaveValue(story.story);
    await expect(page.getByLabel("Банкны нэр")).toHaveValue(story.bankName);
    await expect(page.getByLabel("Дансны дугаар")).toHaveValue(story.bankAccount);
    await expect(page.getByLabel(/^Данс эзэмшигчийн нэр/)).toHaveValue(story.accountName);
    await expect(page.locator('img[src^="/media/"]')).toBeVisible();

    // …and forward again: the plan and the edited reference come back too.
    await next(page);
    await expect(page.getByRole("radio", { name: "Өдрийн", exact: true })).toBeChecked();
    await planButton(page).click();
    await expect(page.getByLabel("Төлбөрийн код", { exact: true })).toHaveValue(myReference);
    await page.getByRole("button", { name: "Түүх илгээх" }).click();

    await expect(page).toHaveURL(HOME);
    const toast = page.getByTestId("toast").filter({ hasText: "Түүх илгээгдлээ" });
    await expect(toast).toBeVisible();
    // Waiting for payment: not among the published stories yet.
    await expect(page.getByTestId("story-card").filter({ hasText: story.title })).toHaveCount(0);

    // The toast leads to where its state is followed.
    await toast.getByRole("link", { name: "Төлөвийг профайлаасаа харах" }).click();
    await expect(page).toHaveURL(/\/profile$/);
    const mine = page.getByTestId("own-story").filter({ hasText: story.title });
    await expect(mine).toHaveAttribute("data-state", "pending_payment");
    await expect(mine).toContainText("Төлбөр хүлээгдэж буй");
    await expect(mine).toContainText(myReference);
  });

  test("validation: the spec's messages in both languages; bank account digits only", async ({
    page,
  }, info) => {
    await register(page, uniqueName("author", info.project.name));

    await page.goto("/post-story");
    await next(page);
    for (const message of [
      "Гарчиг дор хаяж 3 тэмдэгттэй байх ёстой",
      "Түүх дор хаяж 10 тэмдэгттэй байх ёстой",
      "Банкаа сонгоно уу",
      "Дансны дугаараа оруулна уу",
    ]) {
      await expect(page.getByText(message, { exact: true })).toBeVisible();
    }
    await expect(page.getByLabel("Гарчиг")).toHaveAttribute("aria-invalid", "true");
    if (isJs(info)) {
      // Fixed as it is typed: the message goes at once, before the next submit (issue 16).
      await page.getByLabel("Гарчиг").pressSequentially("Зуны амралт");
      await expect(
        page.getByText("Гарчиг дор хаяж 3 тэмдэгттэй байх ёстой", { exact: true }),
      ).toHaveCount(0);
      await expect(page.getByLabel("Гарчиг")).not.toHaveAttribute("aria-invalid", "true");
      // What was typed is a draft now (drafts.spec): started over, so the next form is empty.
      await page.getByLabel("Гарчиг").fill("");
      await page.evaluate(() => window.localStorage.clear());
    }

    await page.goto("/post-story?lng=en");
    await page.getByRole("button", { name: "Next" }).click();
    for (const message of [
      "Title must be at least 3 characters",
      "Story must be at least 10 characters",
      "Bank name is required",
      "Bank account is required",
    ]) {
      await expect(page.getByText(message, { exact: true })).toBeVisible();
    }

    await page.goto("/post-story?lng=mn");
    const story = storyFor(info, "digits");
    await fillStep1(page, { ...story, bankAccount: undefined });
    const account = page.getByLabel("Дансны дугаар");
    if (isJs(info)) {
      // Spec 02 §5: non-digits are stripped as they are typed.
      await account.pressSequentially("50a12-b3 4");
      await expect(account).toHaveValue("501234");
    } else {
      await account.fill("50a12b34");
      await next(page);
      await expect(
        page.getByText("Дансны дугаар зөвхөн тооноос бүрдэх ёстой", { exact: true }),
      ).toBeVisible();
      await expect(page.getByLabel("Дансны дугаар")).toHaveValue("50a12b34");
      await expect(page.getByLabel("Гарчиг")).toHaveValue(story.title);
    }
  });

  test("an oversize image and a text file named .png are refused; nothing typed is lost, nothing is stored", async ({
    page,
  }, info) => {
    test.slow(); // one 21 MB upload
    await register(page, uniqueName("author", info.project.name));
    const story = storyFor(info, "refused");
    const tooLarge = {
      name: "huge.png",
      mimeType: "image/png",
      buffer: randomBytes(21 * 1024 * 1024),
    };
    const notAnImage = {
      name: "notes.png",
      mimeType: "image/png",
      buffer: Buffer.from("These are my notes, not a picture.\n".repeat(40)),
    };
    const tooLargeMessage = "Файл хэт том байна: зураг 20 МБ-аас ихгүй байх ёстой.";
    const onlyImagesMessage = "Буруу файл: зөвхөн зураг оруулна уу (PNG, JPG, GIF эсвэл WebP).";

    const keptEverything = async () => {
      await expect(page.getByLabel("Гарчиг")).toHaveValue(story.title);
      await expect(page.getByLabel("Таны түүх")).toHaveValue(story.story);
      await expect(page.getByLabel("Банкны нэр")).toHaveValue(story.bankName);
      await expect(page.getByLabel("Дансны дугаар")).toHaveValue(story.bankAccount);
      await expect(page.getByLabel(/^Данс эзэмшигчийн нэр/)).toHaveValue(story.accountName);
      // No image was stored for the story to carry on to the next step.
      await expect(page.locator('input[name="image_id"]')).toHaveValue("");
      await expect(page.locator('img[src^="/media/"]')).toHaveCount(0);
    };

    await page.goto("/post-story");
    await fillStep1(page, story);

    if (isJs(info)) {
      // Refused in the browser before anything is sent.
      const posts: string[] = [];
      page.on("request", (r) => {
        if (r.method() === "POST") posts.push(r.url());
      });
      await imageInput(page).setInputFiles(tooLarge);
      await expect(page.getByTestId("toast").filter({ hasText: tooLargeMessage })).toBeVisible();
      await expect
        .poll(() => imageInput(page).evaluate((input: HTMLInputElement) => input.files?.length))
        .toBe(0);
      expect(posts).toEqual([]);
      await keptEverything();

      // A renamed text file claims to be a PNG: its first bytes say otherwise, at once, before
      // anything is sent (issue 41 item 9); the server would look at the bytes too.
      await imageInput(page).setInputFiles(notAnImage);
      await expect(page.getByTestId("toast").filter({ hasText: onlyImagesMessage })).toBeVisible();
      await expect
        .poll(() => imageInput(page).evaluate((input: HTMLInputElement) => input.files?.length))
        .toBe(0);
      expect(posts).toEqual([]);
      await keptEverything();
    } else {
      await imageInput(page).setInputFiles(tooLarge);
      await next(page);
      await expect(page.getByText(tooLargeMessage, { exact: true }).first()).toBeVisible();
      await keptEverything();

      await imageInput(page).setInputFiles(notAnImage);
      await next(page);
      await expect(page.getByText(onlyImagesMessage, { exact: true }).first()).toBeVisible();
      await keptEverything();
    }

    // A picture too large in pixels (a PNG header claiming 20,000 × 20,000, a few dozen bytes):
    // the image field says so and names its size, instead of "only images" (issue 23, item 7).
    await imageInput(page).setInputFiles({
      name: "huge-pixels.png",
      mimeType: "image/png",
      buffer: pngHeader(20_000, 20_000),
    });
    await next(page);
    await expect(page.locator("#image-error")).toHaveText(
      /^Энэ зураг 20.000 × 20.000 пиксел байна\. Хамгийн ихдээ 40 мегапиксел/,
    );
    await keptEverything();

    await page.goto("/profile");
    await expect(page.getByTestId("own-story")).toHaveCount(0);
    await expect(page.getByText("Та одоохондоо түүх хуваалцаагүй байна.")).toBeVisible();
  });

  test("no accessibility violations on each step and on /profile, light and dark", async ({
    page,
    context,
    baseURL,
  }, info) => {
    test.skip(!isJs(info), "axe runs inside the page");
    test.slow(); // eight axe runs
    await register(page, uniqueName("author", info.project.name));
    const violations = async (where: string) =>
      (await new AxeBuilder({ page }).analyze()).violations.map(
        (v) => `${where}: ${v.id}: ${v.help} (${v.nodes.map((n) => n.target).join(", ")})`,
      );
    const found: string[] = [];
    for (const theme of ["light", "dark"]) {
      await context.addCookies([{ name: "storyshare-theme", value: theme, url: baseURL! }]);
      await page.goto("/post-story");
      await next(page);
      await expect(page.getByLabel("Гарчиг")).toHaveAttribute("aria-invalid", "true");
      found.push(...(await violations(`${theme} step 1 with errors`)));
      await fillStep1(page, { ...storyFor(info, `a11y${theme}`), image: await smallPng() });
      await next(page);
      await page.getByRole("radio", { name: "Долоо хоногийн", exact: true }).check();
      found.push(...(await violations(`${theme} step 2`)));
      await planButton(page).click();
      await expect(page.getByLabel("Төлбөрийн код", { exact: true })).toBeVisible();
      found.push(...(await violations(`${theme} step 3`)));
      await page.getByRole("button", { name: "Түүх илгээх" }).click();
      await expect(page).toHaveURL(HOME);
      // The home page has taken over (its toast is up) before the next page is opened.
      await expect(page.getByTestId("toast").filter({ hasText: "Түүх илгээгдлээ" })).toBeVisible();
      await page.goto("/profile");
      await expect(page.getByTestId("own-story").first()).toBeVisible();
      found.push(...(await violations(`${theme} /profile`)));
    }
    expect(found).toEqual([]);
  });
});
