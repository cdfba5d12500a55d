import {
  ADMIN,
  expect,
  isJs,
  register,
  signIn,
  test,
  toastGiven as toast,
  uniqueName,
  waitForHydration,
  withSettingsLock,
} from "./fixtures";
import { watchDocuments } from "./html-check";
import { linkIn } from "./mail";
import { postFreeStory } from "./stories";

/**
 * Issue 18's "Done when", as one person's first visits, with JavaScript and without: a new member
 * registers, posts a story and fixes it, changes the password, forgets it and resets it through
 * the mailed link, reports a rude comment (an administrator dismisses the report), sees a comment
 * with a watched word wait for review, and leaves, the story going with the account.
 */

const TEXT =
  "Намрын нэгэн өглөө бид уулын энгэрт гарч, хүйтэн салхинд үүлс хөвөхийг харлаа.\n\nТэр өдөр бүгдээрээ дуулж явсан.";

test("a new member's first visits: post, edit, passwords, report, watched word, leave", async ({
  page,
  browser,
  baseURL,
}, info) => {
  // A dozen pages, four sign-ins and two mails: minutes on a loaded 2-core machine.
  test.setTimeout(600_000);
  const username = uniqueName("newbie", info.project.name);
  const email = `${username}@example.mn`;
  // The other people's pages are checked as the server sent them, like the fixture's own page.
  const watched: ReturnType<typeof watchDocuments>[] = [];
  const newPage = async () => {
    const context = await browser.newContext({ baseURL });
    watched.push(watchDocuments(context));
    const p = await context.newPage();
    if (isJs(info)) waitForHydration(p);
    return p;
  };

  // Registers and posts a free story through the form.
  await register(page, username);
  const title = `Намрын уул ${username}`;
  const storyId = await postFreeStory(page, title, TEXT);

  // Fixes the title from /profile: a free story is published again at once.
  const newTitle = `Намрын өндөр уул ${username}`;
  await page.goto("/profile");
  await page.getByRole("link", { name: `«${title}» түүхийг засах` }).click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Нийтлэгдсэн түүхээ засах");
  await page.getByLabel("Гарчиг").fill(newTitle);
  await page.getByRole("button", { name: "Хадгалж нийтлэх" }).click();
  await toast(page, "Засвар нийтлэгдлээ");
  await page.goto(`/stories/${storyId}`);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(newTitle);

  // Gives an e-mail address (a reset link needs a confirmed one) and changes the password.
  await page.goto("/profile");
  await page.getByLabel("Имэйл хаяг").fill(email);
  await page.getByRole("button", { name: "Хадгалах", exact: true }).click();
  await page.goto(await linkIn(email, "account.confirm", "/account/confirm"));
  await expect(page.getByTestId("account-email-state")).toHaveText("Баталгаажсан хаяг.");
  await page
    .getByRole("region", { name: "Нууц үг солих" })
    .getByLabel("Одоогийн нууц үг")
    .fill("secret-pass");
  await page.getByLabel("Шинэ нууц үг", { exact: true }).fill("changed-pass-1");
  await page.getByLabel("Шинэ нууц үгээ давтах").fill("changed-pass-1");
  await page.getByRole("button", { name: "Нууц үг солих" }).click();
  await toast(page, "Нууц үг солигдлоо");

  // Signs out, forgets it, and sets another through the mailed link.
  await page.getByRole("button", { name: "Гарах" }).first().click();
  await expect(page.getByTestId("current-user")).toHaveCount(0);
  await page.goto("/login");
  await page.getByRole("link", { name: "Нууц үгээ мартсан уу?" }).click();
  await page.getByLabel("Имэйл хаяг").fill(email);
  await page.getByRole("button", { name: "Холбоос илгээх" }).click();
  await expect(page.getByTestId("forgot-sent")).toBeVisible();
  await page.goto(await linkIn(email, "account.reset", "/reset-password"));
  await page.getByLabel("Шинэ нууц үг", { exact: true }).fill("reset-pass-2");
  await page.getByLabel("Шинэ нууц үгээ давтах").fill("reset-pass-2");
  await page.getByRole("button", { name: "Нууц үгийг хадгалах" }).click();
  await toast(page, "Нууц үг шинэчлэгдлээ");
  await signIn(page, username, "reset-pass-2");

  // Someone writes a rude comment under the story; the member reports it from the story page.
  const troll = await newPage();
  await register(troll, uniqueName("newbietroll", info.project.name));
  const rude = `Бүдүүлэг үг ${username}`;
  const commented = await troll.request.post(`/api/stories/${storyId}/comments`, {
    headers: { origin: baseURL! },
    data: { content: rude },
  });
  expect(commented.status()).toBe(201);
  const rudeId = ((await commented.json()) as { id: number }).id;
  await page.goto(`/stories/${storyId}`);
  const control = page.locator(`#comment-${rudeId}`).getByTestId("report-comment");
  await control.getByText("Гомдол гаргах", { exact: true }).click();
  await control.getByLabel("Доромжлол эсвэл үзэн ядалт").check();
  await control.getByRole("button", { name: "Гомдол илгээх" }).click();
  await toast(page, "Гомдол илгээгдлээ");
  await expect(page.locator(`#comment-${rudeId}`).getByTestId("reported")).toBeVisible();

  // An administrator finds it on the Reports tab and dismisses the report.
  const admin = await newPage();
  await signIn(admin, ADMIN.username, ADMIN.password);
  await admin.goto("/admin/reports");
  const card = admin.getByTestId("reported-item").filter({ hasText: rude });
  await expect(card.getByTestId("report-row")).toContainText("Доромжлол эсвэл үзэн ядалт");
  await card.getByText("Хэрэгсэхгүй болгох", { exact: true }).click();
  await card
    .getByRole("alertdialog")
    .getByRole("button", { name: "Тийм, хэрэгсэхгүй болгох" })
    .click();
  await toast(admin, "Гомдлыг хэрэгсэхгүй болголоо");
  await expect(admin.getByTestId("reported-item").filter({ hasText: rude })).toHaveCount(0);

  // A watched word (of this run only: the list is shared) holds the member's comment.
  const word = `хоригүг${info.project.name === "js" ? "жс" : "нж"}`;
  await withSettingsLock(async () => {
    await admin.goto("/admin/settings");
    const form = admin.getByTestId("spam-form");
    const list = form.getByLabel("Ажиглах үгс");
    const current = await list.inputValue();
    if (!current.split("\n").includes(word)) await list.fill(`${current}\n${word}`);
    await form.getByRole("button", { name: "Спамын тохиргоог хадгалах" }).click();
    await toast(admin, "Спамын тохиргоог хадгаллаа");
  });
  const held = `Энэ бол ${word} гэсэн сэтгэгдэл ${username}`;
  await page.goto(`/stories/${storyId}`);
  await page.getByLabel("Таны сэтгэгдэл").fill(held);
  await page.getByRole("button", { name: "Сэтгэгдэл нийтлэх" }).click();
  await toast(page, "Таны сэтгэгдэл илгээгдлээ");
  await expect(
    page.getByTestId("comment").filter({ hasText: held }).getByTestId("comment-held"),
  ).toHaveText("Хяналт хүлээж байна");
  await troll.goto(`/stories/${storyId}`);
  await expect(troll.getByText(rude)).toBeVisible();
  await expect(troll.getByText(held)).toHaveCount(0);
  await admin.goto("/admin/approvals");
  await expect(
    admin.getByTestId("held-comment").filter({ hasText: held }).getByTestId("held-word"),
  ).toContainText(word);

  // Leaves: the story (not kept under «former member») and the held comment go with the account.
  await page.goto("/profile");
  const leave = page.getByTestId("delete-account");
  await leave.getByRole("radio", { name: "Бүх түүхийг минь устгах" }).check();
  await leave.getByLabel(/хэрэглэгчийн нэрээ бичнэ үү/).fill(username);
  await leave.getByLabel("Одоогийн нууц үг").fill("reset-pass-2");
  await leave.getByRole("button", { name: "Бүртгэлээ бүрмөсөн устгах" }).click();
  await toast(page, "Бүртгэл тань устгагдлаа");
  await expect(page.getByTestId("current-user")).toHaveCount(0);
  expect((await page.request.get(`/stories/${storyId}`)).status()).toBe(404);
  await admin.goto("/admin/approvals");
  await expect(admin.getByTestId("held-comment").filter({ hasText: held })).toHaveCount(0);
  await page.goto("/login");
  await page.getByLabel("Хэрэглэгчийн нэр").fill(username);
  await page.getByLabel("Нууц үг", { exact: true }).fill("reset-pass-2");
  await page.getByRole("button", { name: "Нэвтрэх" }).last().click();
  await expect(page.getByText("Хэрэглэгчийн нэр эсвэл нууц үг буруу байна.").first()).toBeVisible();

  for (const documents of watched) {
    const { problems } = await documents.problems();
    expect(problems, "HTML documents the other people received").toEqual([]);
  }
});
