import { expect, isJs, register, test, uniqueName } from "./fixtures";

/** Issue 41 items 6, 8, 9 and 15, and the report note's label: forms that say what they mean. */

// Item 6: the browser's own bubbles speak the browser's language ("Please fill out this field.").
test("an emptied comment edit is answered by the site, in the page's language", async ({
  page,
}, info) => {
  await register(page, uniqueName("editor", info.project.name));
  await page.goto("/stories/1");
  const text = `Миний сэтгэгдэл ${info.project.name} ${Date.now()}`;
  await page.getByLabel("Таны сэтгэгдэл").fill(text);
  await page.getByRole("button", { name: "Сэтгэгдэл нийтлэх" }).click();
  const comment = page.getByTestId("comment").filter({ hasText: text });
  await comment.getByTestId("edit-comment").click();
  const form = comment.getByTestId("edit-comment-form");
  await form.getByRole("textbox").fill("");
  await form.getByRole("button", { name: "Хадгалах" }).click();
  await expect(
    page.getByTestId("edit-comment-form").getByText("Илгээхийн өмнө ямар нэг зүйл бичнэ үү."),
  ).toBeVisible();
});

test("a report without a reason is answered by the site, in the page's language", async ({
  page,
}, info) => {
  await register(page, uniqueName("reporter", info.project.name));
  for (const [path, send, message] of [
    ["/report?story=1", "Гомдол илгээх", "Шалтгаанаа сонгоно уу."],
    ["/report?story=1&lng=en", "Send the report", "Choose a reason."],
  ] as const) {
    await page.goto(path);
    await page.getByRole("button", { name: send }).click();
    await expect(page.getByRole("main").getByText(message)).toBeVisible();
  }
  // Polish: the note's label says when it is needed, not "optional".
  await expect(page.getByLabel(/A note for the administrators/)).toBeVisible();
  await expect(page.getByText("(optional)")).toHaveCount(0);
  await expect(page.getByText("required for “Something else”")).toBeVisible();
  // The disclosure under the story, with JavaScript posted by a fetcher.
  await page.goto("/stories/1?lng=mn");
  const control = page.getByTestId("report-story");
  await control.locator("summary").click();
  await control.getByRole("button", { name: "Гомдол илгээх" }).click();
  // Without JavaScript it posts to the report page, which shows the form again.
  const answer = isJs(info) ? control : page.getByRole("main");
  await expect(answer.getByText("Шалтгаанаа сонгоно уу.")).toBeVisible();
  await expect(answer.getByText(/«Бусад» сонговол заавал/)).toBeVisible();
});

// Item 8: the field took 120 characters, the server 100.
test("the title field takes as many characters as the server", async ({ page }, info) => {
  await register(page, uniqueName("titler", info.project.name));
  await page.goto("/post-story");
  const title = page.getByLabel("Гарчиг");
  await title.fill("Т".repeat(120));
  await expect(title).toHaveValue("Т".repeat(100));
});

// Item 9: a text file named .jpg is "image/jpeg" to the browser.
test("a text file named .jpg is refused at once, as a PDF is", async ({ page }, info) => {
  test.skip(!isJs(info), "without JavaScript the server says it on sending");
  await register(page, uniqueName("picture", info.project.name));
  await page.goto("/post-story");
  await page.locator("#image").setInputFiles({
    name: "photo.jpg",
    mimeType: "image/jpeg",
    buffer: Buffer.from("Энэ бол зураг биш, зүгээр л текст.\n".repeat(20)),
  });
  await expect(page.getByTestId("toast")).toContainText("Буруу файл: зөвхөн зураг оруулна уу");
  await expect(page.getByRole("img", { name: /урьдчилсан харагдац/ })).toHaveCount(0);
  await expect(page.getByTestId("image-name")).toHaveCount(0);
});

// Item 15: without an e-mail a forgotten password cannot be reset.
test("sign-up says next to the e-mail that without it a password cannot be recovered", async ({
  page,
}) => {
  await page.goto("/login?tab=register");
  await expect(page.getByLabel("Имэйл (заавал биш)")).toHaveAccessibleDescription(
    /Имэйлгүй бол мартсан нууц үгээ сэргээх боломжгүй/,
  );
  await page.goto("/login?tab=register&lng=en");
  await expect(page.getByLabel("E-mail (optional)")).toHaveAccessibleDescription(
    /Without an e-mail, a forgotten password cannot be recovered/,
  );
});
