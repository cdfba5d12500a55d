import AxeBuilder from "@axe-core/playwright";
import type { Page, TestInfo } from "@playwright/test";
import {
  ADMIN,
  expect,
  isJs,
  register,
  signIn,
  test,
  uniqueName,
  waitForHydration,
} from "./fixtures";
import { watchDocuments } from "./html-check";

/**
 * Issue 18 item 7: a reader reports a comment from the story page; the administrator finds it on
 * the Reports tab and hides it, and it is gone from the story; the administrator suspends its
 * author, who then cannot comment and reads why on their profile. With and without JavaScript.
 */

const toast = (page: Page, text: string) =>
  expect(page.getByTestId("toast").filter({ hasText: text }).first()).toBeVisible();

/** axe runs inside the page: with JavaScript only. */
async function noAxeViolations(page: Page, info: TestInfo) {
  if (!isJs(info)) return;
  const results = await new AxeBuilder({ page }).analyze();
  expect(
    results.violations.map(
      (v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target).join(", ")})`,
    ),
  ).toEqual([]);
}

const STORY =
  "Хаврын эхэн сард бид голын эрэг дээр очиж, мөс хайлахыг харж суудаг байлаа. Тэр үед салхи хүйтэн хэвээр.";

test("report a comment, hide it, suspend its author", async ({ page, browser, baseURL }, info) => {
  test.setTimeout(150_000);
  const tag = uniqueName("rep", info.project.name);
  // Every person's pages are checked as the server sent them, like the fixture's own page.
  const watched: ReturnType<typeof watchDocuments>[] = [];
  const newPage = async () => {
    const context = await browser.newContext({ baseURL });
    watched.push(watchDocuments(context));
    const p = await context.newPage();
    if (isJs(info)) waitForHydration(p);
    return p;
  };

  // An author publishes a free story; another person comments on it twice.
  const author = await newPage();
  await register(author, uniqueName("repauthor", info.project.name));
  const made = await author.request.post("/api/stories", {
    headers: { origin: baseURL! },
    data: {
      title: `Гомдлын түүх ${tag}`,
      story: STORY,
      pricing_tier: "free",
      bank_name: "TDB",
      bank_account: "4001002003",
    },
  });
  expect(made.status()).toBe(201);
  const story = (await made.json()) as { id: number; status: string };
  await signIn(page, ADMIN.username, ADMIN.password);
  // Free stories may be set to wait for review on this server: approve it then.
  if (story.status !== "approved") {
    const approved = await page.request.patch(`/api/stories/${story.id}/approve`, {
      headers: { origin: baseURL! },
    });
    expect(approved.status()).toBe(200);
  }

  const commenterName = uniqueName("reptroll", info.project.name);
  const commenter = await newPage();
  await register(commenter, commenterName);
  const comment = async (content: string) => {
    const res = await commenter.request.post(`/api/stories/${story.id}/comments`, {
      headers: { origin: baseURL! },
      data: { content },
    });
    expect(res.status()).toBe(201);
    return ((await res.json()) as { id: number }).id;
  };
  const rude = `Бүдүүлэг сэтгэгдэл ${tag}`;
  const rudeId = await comment(rude);
  const second = await comment(`Бас нэг муу сэтгэгдэл ${tag}`);

  // A reader reports the first comment from the story page.
  const reader = await newPage();
  await register(reader, uniqueName("repreader", info.project.name));
  await reader.goto(`/stories/${story.id}`);
  const item = reader.locator(`#comment-${rudeId}`);
  const control = item.getByTestId("report-comment");
  await control.getByText("Гомдол гаргах", { exact: true }).click();
  await noAxeViolations(reader, info);
  await control.getByLabel("Доромжлол эсвэл үзэн ядалт").check();
  await control.getByLabel(/Админд өгөх тайлбар/).fill("Хүнийг доромжилж байна.");
  await control.getByRole("button", { name: "Гомдол илгээх" }).click();
  await toast(reader, "Гомдол илгээгдлээ");
  if (!isJs(info)) await expect(reader).toHaveURL(new RegExp(`/stories/${story.id}`));
  await expect(reader.locator(`#comment-${rudeId}`).getByTestId("reported")).toBeVisible();

  // The administrator sees it on the Reports tab, with its report, and hides it.
  await page.goto("/admin/reports");
  await expect(page.getByRole("link", { name: /Гомдол/ }).first()).toBeVisible();
  const card = page.getByTestId("reported-item").filter({ hasText: rude });
  await expect(card).toBeVisible();
  await noAxeViolations(page, info);
  await expect(card.getByTestId("report-row")).toContainText("Доромжлол эсвэл үзэн ядалт");
  await expect(card.getByTestId("report-row")).toContainText("Хүнийг доромжилж байна.");
  await card.getByText("Нуух", { exact: true }).click();
  await card.getByRole("alertdialog").getByRole("button", { name: "Тийм, нуух" }).click();
  await toast(page, "Нуулаа");
  await expect(page.getByTestId("reported-item").filter({ hasText: rude })).toHaveCount(0);

  // It is gone from the story page.
  await reader.goto(`/stories/${story.id}`);
  await expect(
    reader.getByTestId("comment").filter({ hasText: `Бас нэг муу сэтгэгдэл ${tag}` }),
  ).toBeVisible();
  await expect(reader.getByText(rude)).toHaveCount(0);

  // Reported again (the other comment, through the /api), the administrator suspends its author.
  const again = await reader.request.post("/api/reports", {
    headers: { origin: baseURL! },
    data: { target_type: "comment", target_id: second, reason: "spam" },
  });
  expect(again.status()).toBe(201);
  await page.goto("/admin/reports");
  const secondCard = page
    .getByTestId("reported-item")
    .filter({ hasText: `Бас нэг муу сэтгэгдэл ${tag}` });
  await secondCard.getByText("Зохиогчийн бүртгэлийг хаах", { exact: true }).click();
  const dialog = secondCard.getByRole("alertdialog");
  await dialog.getByLabel("Хэр удаан").selectOption("7");
  await dialog.getByRole("button", { name: "Тийм, хаах" }).click();
  await toast(page, "Зохиогчийн бүртгэлийг хаалаа");
  await expect(page.getByTestId("suspended-user").filter({ hasText: commenterName })).toBeVisible();

  // The suspended person cannot comment, and their profile says until when.
  await commenter.goto(`/stories/${story.id}`);
  await commenter.getByLabel("Таны сэтгэгдэл").fill("Дахиад бичье");
  await commenter.getByRole("button", { name: "Сэтгэгдэл нийтлэх" }).click();
  await toast(commenter, "Сэтгэгдэл илгээж чадсангүй");
  // The toast and the form both say why, in words (until when), not as a key.
  await expect(commenter.getByTestId("toast")).toContainText("Таны бүртгэл түр хаагдсан");
  await expect(commenter.getByTestId("toast")).not.toContainText("reports.errors");
  await expect(
    commenter
      .getByRole("main")
      .getByText(/Таны бүртгэл түр хаагдсан/)
      .first(),
  ).toBeVisible();
  await commenter.goto("/profile");
  await expect(commenter.getByTestId("suspended-notice")).toContainText("хаагдсан");
  await reader.goto(`/stories/${story.id}`);
  await expect(reader.getByText("Дахиад бичье")).toHaveCount(0);

  // The report page of its own, in English: the reader reports the story itself.
  await reader.goto(`/report?story=${story.id}&lng=en`);
  await expect(reader.getByRole("heading", { name: "Report this story" })).toBeVisible();
  await reader.getByRole("radio", { name: "Something else" }).check();
  await reader.getByRole("button", { name: "Send the report" }).click();
  // «Something else» needs a note: the form says so and keeps the choice.
  await expect(reader.getByText("Say what is wrong when the reason is")).toBeVisible();
  await expect(reader.getByRole("radio", { name: "Something else" })).toBeChecked();
  await reader.getByLabel(/A note for the administrators/).fill("The comments under it are rude.");
  await reader.getByRole("button", { name: "Send the report" }).click();
  await toast(reader, "Report sent");
  await expect(reader).toHaveURL(new RegExp(`/stories/${story.id}$`));
  await expect(
    reader.getByTestId("report-story").or(reader.getByTestId("reported")).first(),
  ).toBeVisible();

  for (const documents of watched) {
    const { problems } = await documents.problems();
    expect(problems, "HTML documents the other people received").toEqual([]);
  }
});
