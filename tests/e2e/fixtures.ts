import { test as base, expect, type Page } from "@playwright/test";

export const ADMIN = { username: "admin", password: "e2e-admin-password" };

let counter = 0;
/** A username no other test (or project) uses. */
export function uniqueName(prefix: string, projectName: string) {
  counter += 1;
  return `${prefix}_${projectName.replace(/\W/g, "")}_${Date.now().toString(36)}${counter}`;
}

export async function register(page: Page, username: string, password = "secret-pass") {
  await page.goto("/login?tab=register");
  await page.getByLabel("Хэрэглэгчийн нэр").fill(username);
  await page.getByLabel("Нууц үг", { exact: true }).fill(password);
  await page.getByLabel("Нууц үгээ давтах").fill(password);
  await page.getByRole("button", { name: "Бүртгэл үүсгэх" }).click();
  await expect(page.getByTestId("current-user").first()).toContainText(username);
}

export async function signIn(page: Page, username: string, password: string) {
  await page.goto("/login");
  await page.getByLabel("Хэрэглэгчийн нэр").fill(username);
  await page.getByLabel("Нууц үг", { exact: true }).fill(password);
  await page.getByRole("button", { name: "Нэвтрэх" }).last().click();
  await expect(page.getByTestId("current-user").first()).toContainText(username);
}

export const test = base;
export { expect };
