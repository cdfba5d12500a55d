import type { Page } from "@playwright/test";
import { ADMIN, expect, isJs, signIn, test } from "./fixtures";

/**
 * Issue 20 item 2 (decision 035): an administrator posts a campaign update with a spending and
 * a photo, and closes a campaign with its final report; the campaign page shows both.
 */

/** A small PNG (an 8×6 red square), enough for the server to check and re-encode. */
const PNG = Buffer.from(
  "iVBORw0KGgoAAAANSUhEUgAAAAgAAAAGCAIAAABxZ0isAAAACXBIWXMAAAPoAAAD6AG1e1JrAAAAEUlEQVQImWM4Y6yEFTEMpAQAAXY2MYUh7CQAAAAASUVORK5CYII=",
  "base64",
);

/** An active demo campaign with no updates of its own (db/seed/content.ts). */
const DEMO_POOL = "Туул голын эргийг цэвэрлэж, мод тарья";

async function freshPool(page: Page, tag: string) {
  const created = await page.request.post("/api/donation-pools", {
    data: {
      name: `Мэдээтэй аян ${tag}`,
      description: "Мэдээ нийтлэх туршилтын аян, арваас дээш тэмдэгт.",
      goal_amount: 100_000,
      bank_name: "Golomt Bank",
      bank_account: "1234567890",
      account_name: "Туршилт ТББ",
    },
  });
  expect(created.status()).toBe(201);
  return ((await created.json()) as { id: number }).id;
}

test("post an update with a spending and a photo; it shows on the campaign page", async ({
  page,
}, info) => {
  await signIn(page, ADMIN.username, ADMIN.password);
  const tag = `${info.project.name}-${Date.now().toString(36)}`;
  // A demo campaign: a new active one would push the demo's completed one off the list's first
  // page, which pools.spec.ts reads at the same time.
  const all = (await (await page.request.get("/api/donation-pools?pageSize=50")).json()) as {
    id: number;
    name: string;
  }[];
  const { id, name } = all.find((p) => p.name === DEMO_POOL)!;

  await page.goto(`/admin/donations/pools/${id}/updates`);
  await expect(page.getByRole("link", { name })).toBeVisible();

  const form = page.getByTestId("update-form-post");
  // A spending without what it went on is refused, and what was typed stays.
  await form.getByLabel("Текст (монголоор)").fill(`Шугам хоолойг татлаа ${tag}.`);
  await form.getByLabel("Зарцуулсан дүн, ₮ (заавал биш)").fill("350000");
  await form.getByRole("button", { name: "Мэдээ нийтлэх" }).click();
  await expect(form.getByText("Мөнгийг юунд зарцуулсныг бичнэ үү.")).toBeVisible();
  await expect(form.getByLabel("Текст (монголоор)")).toHaveValue(`Шугам хоолойг татлаа ${tag}.`);
  await expect(form.getByLabel("Зарцуулсан дүн, ₮ (заавал биш)")).toHaveValue("350000");

  await form.getByLabel("Юунд зарцуулсан (монголоор)").fill("Шугам хоолой");
  await form.getByLabel("Юунд зарцуулсан (англиар, заавал биш)").fill("Pipes");
  await form
    .getByLabel("Зураг (6 хүртэл)", { exact: true })
    .setInputFiles({ name: "pipe.png", mimeType: "image/png", buffer: PNG });
  await form
    .getByLabel("Баримтын зураг (6 хүртэл)")
    .setInputFiles({ name: "receipt.png", mimeType: "image/png", buffer: PNG });
  await form.getByRole("button", { name: "Мэдээ нийтлэх" }).click();
  await expect(page.getByTestId("toast")).toContainText("Мэдээ нийтлэгдлээ");
  const posted = page.getByTestId("admin-update").filter({ hasText: tag });
  await expect(posted).toHaveCount(1);
  await expect(posted).toContainText("Зарцуулсан: 350,000₮ — Шугам хоолой");
  // The form is empty again for the next update, the earlier refusal gone.
  await expect(page.getByText("Мөнгийг юунд зарцуулсныг бичнэ үү.")).toHaveCount(0);
  await expect(page.getByTestId("update-form-post").getByLabel("Текст (монголоор)")).toHaveValue(
    "",
  );

  await page.goto(`/donation-pools/${id}`);
  const timeline = page.getByTestId("pool-updates");
  await expect(timeline.getByRole("heading", { name: "Аяны мэдээ" })).toBeVisible();
  const update = timeline.getByTestId("pool-update").filter({ hasText: tag });
  await expect(update).toContainText(`Шугам хоолойг татлаа ${tag}.`);
  await expect(update.getByTestId("update-spent")).toHaveText(
    "Зарцуулсан: 350,000₮ — Шугам хоолой",
  );
  await expect(update.getByTestId("update-photo")).toHaveCount(1);
  await expect(update.getByTestId("update-receipt")).toHaveCount(1);
  const thumbnail = update.getByTestId("update-photo").locator("img");
  await expect(thumbnail).toHaveJSProperty("complete", true);
  expect(await thumbnail.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
  if (isJs(info)) {
    const dialog = page.getByRole("dialog", { name: "Мэдээний зургууд" });
    await update.getByTestId("update-photo").click();
    await expect(dialog).toBeVisible();
    // The update's own pictures: its photo, then its receipt picture.
    await expect(dialog.getByText("Зураг 1/2")).toBeVisible();
    await page.keyboard.press("Escape");
    await expect(dialog).toBeHidden();
  }

  // In English, the English of what it was spent on (the text has none: Mongolian shows).
  await page.goto(`/donation-pools/${id}?lng=en`);
  const english = page.getByTestId("pool-update").filter({ hasText: tag });
  await expect(english.getByTestId("update-spent")).toHaveText("Spent: 350,000₮ — Pipes");
});

test("close a fresh campaign with its final report; the page shows it and the campaign is completed", async ({
  page,
}, info) => {
  await signIn(page, ADMIN.username, ADMIN.password);
  const tag = `${info.project.name}-${Date.now().toString(36)}`;
  const id = await freshPool(page, tag);

  // The newest campaign is on the list's first page, with a link to its updates.
  await page.goto("/admin/donations/pools");
  await page.getByRole("link", { name: `«Мэдээтэй аян ${tag}» аяны мэдээ` }).click();
  await expect(page).toHaveURL(new RegExp(`/admin/donations/pools/${id}/updates$`));
  const form = page.getByTestId("update-form-close");
  await form
    .getByLabel("Текст (монголоор)")
    .fill(`Үлдсэн мөнгийг дараагийн аянд шилжүүлнэ ${tag}.`);
  await form.getByRole("button", { name: "Эцсийн тайлан нийтэлж, аяныг дуусгах" }).click();
  await expect(page.getByTestId("toast")).toContainText("Аян эцсийн тайлангаар дууслаа");
  await expect(page.getByTestId("pool-closed")).toBeVisible();
  await expect(page.getByTestId("update-form-close")).toHaveCount(0);
  await expect(page.getByTestId("admin-update")).toHaveAttribute("data-final", "true");

  await page.goto(`/donation-pools/${id}`);
  await expect(page.getByTestId("pool-status")).toHaveText("Дууссан");
  const report = page.getByTestId("final-report");
  await expect(report.getByRole("heading", { name: "Эцсийн тайлан" })).toBeVisible();
  await expect(report).toContainText(`Үлдсэн мөнгийг дараагийн аянд шилжүүлнэ ${tag}.`);
  await expect(report.getByTestId("final-raised")).toContainText("0₮");
  await expect(report.getByTestId("final-left")).toContainText("0₮");

  // Out of the way of the specs that read the campaign list's first page.
  const archived = await page.request.patch(`/api/donation-pools/${id}/status`, {
    data: { status: "archived" },
  });
  expect(archived.status()).toBe(200);
});
