import { existsSync, readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { simpleParser } from "mailparser";
import { E2E_DIR } from "../../playwright.config";
import { expect, register, signIn, test, uniqueName } from "./fixtures";

/**
 * Issue 18: a new user confirms an address, forgets the password, resets it through the mailed
 * link (the .eml files of a server with no SMTP_URL), signs in with the new one, and changes it
 * on /profile — with JavaScript and without.
 */

/** The link in the newest mail of `kind` to `address` (10 s at most). */
async function linkIn(address: string, kind: string, route: string) {
  const dir = path.join(E2E_DIR, "mail");
  let link = "";
  await expect
    .poll(
      async () => {
        const files = existsSync(dir)
          ? readdirSync(dir).filter((f) => f.endsWith(`-${kind}.eml`))
          : [];
        for (const f of files.sort((a, b) => Number.parseInt(b, 10) - Number.parseInt(a, 10))) {
          const mail = await simpleParser(readFileSync(path.join(dir, f)));
          if (mail.to && "text" in mail.to && mail.to.text === address) {
            link =
              new RegExp(`https?://\\S+${route}\\?token=\\S+`).exec(mail.text ?? "")?.[0] ?? "";
            return link;
          }
        }
        return "";
      },
      { timeout: 10_000 },
    )
    .not.toBe("");
  const url = new URL(link);
  return url.pathname + url.search;
}

test("forgot, reset by mail, sign in, change on the profile", async ({ page }, info) => {
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

  await page.goto("/login");
  await page.getByRole("link", { name: "Нууц үгээ мартсан уу?" }).click();
  await page.getByLabel("Имэйл хаяг").fill(email);
  await page.getByRole("button", { name: "Холбоос илгээх" }).click();
  await expect(page.getByTestId("forgot-sent")).toBeVisible();

  await page.goto(await linkIn(email, "account.reset", "/reset-password"));
  await page.getByLabel("Шинэ нууц үг", { exact: true }).fill("reset-pass-1");
  await page.getByLabel("Шинэ нууц үгээ давтах").fill("reset-pass-1");
  await page.getByRole("button", { name: "Нууц үгийг хадгалах" }).click();
  await expect(page).toHaveURL(/\/login/);
  await expect(page.getByTestId("toast")).toContainText("Нууц үг шинэчлэгдлээ");
  await signIn(page, username, "reset-pass-1");

  await page.goto("/profile");
  await page.getByLabel("Одоогийн нууц үг").fill("wrong-pass");
  await page.getByLabel("Шинэ нууц үг", { exact: true }).fill("changed-pass-2");
  await page.getByLabel("Шинэ нууц үгээ давтах").fill("changed-pass-2");
  await page.getByRole("button", { name: "Нууц үг солих" }).click();
  await expect(page.getByText("Одоогийн нууц үг буруу байна.")).toBeVisible();
  await page.getByLabel("Одоогийн нууц үг").fill("reset-pass-1");
  await page.getByLabel("Шинэ нууц үг", { exact: true }).fill("changed-pass-2");
  await page.getByLabel("Шинэ нууц үгээ давтах").fill("changed-pass-2");
  await page.getByRole("button", { name: "Нууц үг солих" }).click();
  await expect(page.getByTestId("toast")).toContainText("Нууц үг солигдлоо");
});
