import { ADMIN, expect, signIn, test } from "./fixtures";

/**
 * Issue 16, item 6: the footer's legal links lead to real pages in both languages, which an
 * administrator edits like the FAQ; no social icon leads nowhere.
 */
test.describe("legal pages", () => {
  test("the footer leads to the privacy, terms and cookie pages, in both languages", async ({
    page,
  }) => {
    await page.goto("/");
    const footer = page.locator("footer");
    // No SOCIAL_*_URL is set on the test server: no icons, and no link to #top anywhere.
    await expect(footer.getByRole("list", { name: "Олон нийтийн сүлжээ" })).toHaveCount(0);
    await expect(footer.locator('a[href="#top"]')).toHaveCount(0);
    await expect(footer).toContainText("Улаанбаатар хот, Сүхбаатар дүүрэг");

    for (const [name, heading, path] of [
      ["Нууцлалын бодлого", "Нууцлалын бодлого", "/privacy"],
      ["Үйлчилгээний нөхцөл", "Үйлчилгээний нөхцөл", "/terms"],
      ["Күүкийн бодлого", "Күүкийн бодлого", "/cookies"],
    ] as const) {
      await page.goto("/");
      await page.locator("footer").getByRole("link", { name, exact: true }).click();
      await expect(page).toHaveURL(new RegExp(`${path}$`));
      await expect(page.getByRole("heading", { level: 1 })).toHaveText(heading);
      await expect(page.getByTestId("legal-updated")).toContainText("Сүүлд өөрчилсөн");
    }
    await expect(page.getByRole("main")).toContainText("storyshare_session");

    await page.goto("/privacy?lng=en");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Privacy policy");
    await expect(page.getByRole("heading", { name: "How to have it removed" })).toBeVisible();
    await expect(page.locator("footer")).toContainText("Peace Avenue 17");
  });

  test("an administrator edits a page in one language; the public page shows it", async ({
    page,
  }, info) => {
    await signIn(page, ADMIN.username, ADMIN.password);
    await page.goto("/admin/pages?page=cookies&language=en");
    await expect(page.getByRole("heading", { name: "Хууль эрх зүйн хуудсууд" })).toBeVisible();
    const title = page.getByLabel("Гарчиг");
    const body = page.getByLabel("Текст", { exact: true });
    const original = { title: await title.inputValue(), body: await body.inputValue() };

    // Too short: refused with the field's message, nothing saved, what was typed kept.
    await title.fill("C");
    await page.getByRole("button", { name: "Хуудсыг хадгалах" }).click();
    await expect(page.getByText("Гарчиг дор хаяж 3 тэмдэгттэй байх ёстой.")).toBeVisible();
    await expect(title).toHaveValue("C");

    const edited = `Cookies, revised ${info.project.name}`;
    await title.fill(edited);
    await body.fill(`${original.body}\n\n## Questions\n- Write to us.`);
    await page.getByRole("button", { name: "Хуудсыг хадгалах" }).click();
    await expect(page.getByTestId("toast")).toContainText("Хуудас хадгалагдлаа");

    await page.goto("/cookies?lng=en");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(edited);
    await expect(page.getByRole("heading", { name: "Questions" })).toBeVisible();
    // The Mongolian page is its own text.
    await page.goto("/cookies?lng=mn");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Күүкийн бодлого");

    // Put it back for the other tests.
    await page.goto("/admin/pages?page=cookies&language=en");
    await title.fill(original.title);
    await body.fill(original.body);
    await page.getByRole("button", { name: "Хуудсыг хадгалах" }).click();
    await expect(page.getByTestId("toast")).toContainText("Хуудас хадгалагдлаа");
  });
});
