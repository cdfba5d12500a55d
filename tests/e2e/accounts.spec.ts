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

test.describe("accounts", () => {
  test("register, sign out, sign in again — with the spec's toasts", async ({ page }, info) => {
    const username = uniqueName("reader", info.project.name);
    await register(page, username);
    await expect(page.getByTestId("toast")).toContainText("Амжилттай бүртгэгдлээ");
    await expect(page).toHaveURL(/\/$/);

    await page.getByRole("button", { name: "Гарах" }).click();
    await expect(page.getByTestId("toast")).toContainText("Гарлаа");
    await expect(page.getByTestId("current-user")).toHaveCount(0);

    await signIn(page, username, "secret-pass");
    await expect(page.getByTestId("toast")).toContainText(`Эргэн тавтай морил, ${username}`);
  });

  test("shows validation messages and keeps what was typed", async ({ page }) => {
    await page.goto("/login?tab=register");
    await page.getByLabel("Хэрэглэгчийн нэр").fill("ab");
    await page.getByLabel("Нууц үг", { exact: true }).fill("12345");
    await page.getByLabel("Нууц үгээ давтах").fill("54321");
    await page.getByRole("button", { name: "Бүртгэл үүсгэх" }).click();
    await expect(
      page.getByText("Хэрэглэгчийн нэр дор хаяж 3 тэмдэгттэй байх ёстой."),
    ).toBeVisible();
    await expect(page.getByText("Нууц үг дор хаяж 6 тэмдэгттэй байх ёстой.")).toBeVisible();
    await expect(page.getByLabel("Хэрэглэгчийн нэр")).toHaveValue("ab");
  });

  test("the same messages in English, verbatim from the spec", async ({ page }) => {
    await page.goto("/login?tab=register&lng=en");
    await page.getByLabel("Username").fill("ab");
    await page.getByLabel("Password", { exact: true }).fill("secret-1");
    await page.getByLabel("Confirm password").fill("secret-2");
    await page.getByRole("button", { name: "Create account" }).click();
    await expect(page.getByText("Username must be at least 3 characters.")).toBeVisible();
    await expect(page.getByText("Passwords don't match")).toBeVisible();
  });

  test("a taken username is said once: on the field, with the spec's general toast", async ({
    page,
  }) => {
    await page.goto("/login?tab=register&lng=en");
    await waitForHydration(page);
    await page.getByLabel("Username").fill("ADMIN");
    await page.getByLabel("Password", { exact: true }).fill("secret-pass");
    await page.getByLabel("Confirm password").fill("secret-pass");
    await page.getByRole("button", { name: "Create account" }).click();
    await expect(page.getByTestId("toast")).toContainText("Registration failed");
    await expect(page.getByTestId("toast")).toContainText(
      "Please try again with different credentials",
    );
    await expect(page.getByText("This username is already taken.")).toHaveCount(1);
    await expect(page.getByLabel("Username")).toHaveAttribute("aria-invalid", "true");
    await expect(page.getByLabel("Username")).toHaveValue("ADMIN");
  });

  test("a wrong password gives the 'Login failed' toast and no session", async ({ page }) => {
    await page.goto("/login?lng=en");
    await page.getByLabel("Username").fill("admin");
    await page.getByLabel("Password", { exact: true }).fill("not-the-password");
    await page.getByRole("button", { name: "Log in" }).last().click();
    await expect(page.getByTestId("toast")).toContainText("Login failed");
    await expect(page.getByTestId("toast")).toContainText("Invalid username or password.");
    await expect(page.getByTestId("current-user")).toHaveCount(0);
    await expect(page.getByLabel("Username")).toHaveValue("admin");
  });

  test("goes back to the redirect target, and never off-site", async ({ page }) => {
    await page.goto("/login?redirect=/faq");
    await page.getByLabel("Хэрэглэгчийн нэр").fill(ADMIN.username);
    await page.getByLabel("Нууц үг", { exact: true }).fill(ADMIN.password);
    await page.getByRole("button", { name: "Нэвтрэх" }).last().click();
    await expect(page).toHaveURL(/localhost:\d+\/faq$/);

    // Signed in already: /login sends the visitor straight on.
    await page.goto("/login?redirect=//evil.example");
    await expect(page).toHaveURL(/localhost:\d+\/$/);
  });

  test("the administrator sees the admin link; a reader does not", async ({
    page,
    browser,
  }, info) => {
    await signIn(page, ADMIN.username, ADMIN.password);
    await expect(
      page
        .getByRole("navigation", { name: "Үндсэн цэс" })
        .first()
        .getByRole("link", { name: "Админ" }),
    ).toBeVisible();

    const other = await browser.newContext({
      javaScriptEnabled: isJs(info),
    });
    const readerPage = await other.newPage();
    if (isJs(info)) waitForHydration(readerPage);
    await register(readerPage, uniqueName("plain", info.project.name));
    await expect(readerPage.getByRole("link", { name: "Админ" })).toHaveCount(0);
    await expect(
      readerPage
        .getByRole("navigation", { name: "Үндсэн цэс" })
        .first()
        .getByRole("link", { name: "Профайл" }),
    ).toBeVisible();
    await other.close();
  });

  test("the session cookie is HttpOnly and SameSite=Lax", async ({ page, context }) => {
    await signIn(page, ADMIN.username, ADMIN.password);
    const cookie = (await context.cookies()).find((c) => c.name === "storyshare_session");
    expect(cookie?.httpOnly).toBe(true);
    expect(cookie?.sameSite).toBe("Lax");
  });
});
