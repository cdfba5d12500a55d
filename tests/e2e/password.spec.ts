import { AUTH_TIMEOUT, expect, register, signIn, test, uniqueName } from "./fixtures";
import { linkIn } from "./mail";

/**
 * Issue 18: a new user confirms an address, forgets the password, resets it through the mailed
 * link (the .eml files of a server with no SMTP_URL), signs in with the new one, and changes it
 * on /profile — with JavaScript and without, in Mongolian and in English.
 */

test("forgot, reset by mail, sign in, change on the profile", async ({ page }, info) => {
  test.setTimeout(300_000);
  const username = uniqueName("pw", info.project.name);
  const email = `${username}@example.mn`;
  await register(page, username);
  await page.goto("/profile");
  await page.getByLabel("Имэйл хаяг").fill(email);
  await page.getByRole("button", { name: "Хадгалах", exact: true }).click();
  await expect(page.getByTestId("account-email-state")).toContainText("Баталгаажуулаагүй");
  await page.goto(await linkIn(email, "account.confirm", "/account/confirm"));
  await expect(page.getByTestId("toast")).toContainText("Имэйл хаяг тань баталгаажлаа");
  await expect(page.getByTestId("account-email-state")).toHaveText("Баталгаажсан хаяг.");
  await page.getByRole("button", { name: "Гарах" }).first().click();
  // Signed out for sure before going on: the sign-out's own redirect must not land after the goto.
  await expect(page.getByRole("link", { name: "Нэвтрэх" }).first()).toBeVisible();

  await page.goto("/login");
  await page.getByRole("link", { name: "Нууц үгээ мартсан уу?" }).click();
  await page.getByLabel("Имэйл хаяг").fill(email);
  await page.getByRole("button", { name: "Холбоос илгээх" }).click();
  await expect(page.getByTestId("forgot-sent")).toBeVisible();

  await page.goto(await linkIn(email, "account.reset", "/reset-password"));
  await page.getByLabel("Шинэ нууц үг", { exact: true }).fill("reset-pass-1");
  await page.getByLabel("Шинэ нууц үгээ давтах").fill("reset-pass-1");
  await page.getByRole("button", { name: "Нууц үгийг хадгалах" }).click();
  await expect(page).toHaveURL(/\/login/, { timeout: AUTH_TIMEOUT });
  await expect(page.getByTestId("toast")).toContainText("Нууц үг шинэчлэгдлээ", {
    timeout: AUTH_TIMEOUT,
  });
  await signIn(page, username, "reset-pass-1");

  await page.goto("/profile");
  await page
    .getByRole("region", { name: "Нууц үг солих" })
    .getByLabel("Одоогийн нууц үг")
    .fill("wrong-pass");
  await page.getByLabel("Шинэ нууц үг", { exact: true }).fill("changed-pass-2");
  await page.getByLabel("Шинэ нууц үгээ давтах").fill("changed-pass-2");
  await page.getByRole("button", { name: "Нууц үг солих" }).click();
  await expect(page.getByText("Одоогийн нууц үг буруу байна.")).toBeVisible({
    timeout: AUTH_TIMEOUT,
  });
  await page
    .getByRole("region", { name: "Нууц үг солих" })
    .getByLabel("Одоогийн нууц үг")
    .fill("reset-pass-1");
  await page.getByLabel("Шинэ нууц үг", { exact: true }).fill("changed-pass-2");
  await page.getByLabel("Шинэ нууц үгээ давтах").fill("changed-pass-2");
  await page.getByRole("button", { name: "Нууц үг солих" }).click();
  await expect(page.getByTestId("toast")).toContainText("Нууц үг солигдлоо", {
    timeout: AUTH_TIMEOUT,
  });
});

test("the same in English: confirm, forgot, reset by mail, change", async ({ page }, info) => {
  test.setTimeout(300_000);
  const username = uniqueName("pwen", info.project.name);
  const email = `${username}@example.com`;
  await page.goto("/login?tab=register&lng=en");
  await page.getByLabel("Username").fill(username);
  await page.getByLabel("Password", { exact: true }).fill("secret-pass");
  await page.getByLabel("Confirm password").fill("secret-pass");
  await page.getByRole("button", { name: "Create account" }).click();
  await expect(page.getByTestId("current-user").first()).toContainText(username, {
    timeout: AUTH_TIMEOUT,
  });

  await page.goto("/profile");
  await page.getByLabel("E-mail address").fill(email);
  await page.getByRole("button", { name: "Save", exact: true }).click();
  await expect(page.getByTestId("account-email-state")).toContainText("Not confirmed yet");
  await page.goto(await linkIn(email, "account.confirm", "/account/confirm"));
  await expect(page.getByTestId("toast")).toContainText("Your e-mail address is confirmed");
  await expect(page.getByTestId("account-email-state")).toHaveText("Confirmed.");
  await page.getByRole("button", { name: "Log out" }).first().click();
  await expect(page.getByTestId("current-user")).toHaveCount(0);

  await page.goto("/login");
  await page.getByRole("link", { name: "Forgot your password?" }).click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Reset your password");
  await page.getByLabel("E-mail address").fill(email);
  await page.getByRole("button", { name: "Send the link" }).click();
  await expect(page.getByTestId("forgot-sent")).toContainText("Check your mail");

  await page.goto(await linkIn(email, "account.reset", "/reset-password"));
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Set a new password");
  await page.getByLabel("New password", { exact: true }).fill("reset-pass-1");
  await page.getByLabel("Confirm the new password").fill("reset-pass-1");
  await page.getByRole("button", { name: "Save the password" }).click();
  await expect(page).toHaveURL(/\/login/, { timeout: AUTH_TIMEOUT });
  await expect(page.getByTestId("toast")).toContainText("Your password is set", {
    timeout: AUTH_TIMEOUT,
  });
  await page.getByLabel("Username").fill(username);
  await page.getByLabel("Password", { exact: true }).fill("reset-pass-1");
  await page.getByRole("button", { name: "Log in" }).last().click();
  await expect(page.getByTestId("current-user").first()).toContainText(username, {
    timeout: AUTH_TIMEOUT,
  });

  await page.goto("/profile");
  await page
    .getByRole("region", { name: "Change password" })
    .getByLabel("Current password")
    .fill("wrong-pass");
  await page.getByLabel("New password", { exact: true }).fill("changed-pass-2");
  await page.getByLabel("Confirm the new password").fill("changed-pass-2");
  await page.getByRole("button", { name: "Change password" }).click();
  await expect(page.getByText("Your current password is not correct.")).toBeVisible({
    timeout: AUTH_TIMEOUT,
  });
  await page
    .getByRole("region", { name: "Change password" })
    .getByLabel("Current password")
    .fill("reset-pass-1");
  await page.getByLabel("New password", { exact: true }).fill("changed-pass-2");
  await page.getByLabel("Confirm the new password").fill("changed-pass-2");
  await page.getByRole("button", { name: "Change password" }).click();
  await expect(page.getByTestId("toast")).toContainText("Password changed", {
    timeout: AUTH_TIMEOUT,
  });
});
