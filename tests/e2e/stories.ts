import type { Page } from "@playwright/test";
import { expect } from "./fixtures";

/** Posts a free story (published at once) and returns its id, from the toast's link. */
export async function postFreeStory(page: Page, title: string, text: string): Promise<string> {
  await page.goto("/post-story");
  await page.getByLabel("Гарчиг").fill(title);
  await page.getByLabel("Таны түүх").fill(text);
  await page.getByLabel("Банкны нэр").selectOption("Khan Bank");
  await page.getByLabel("Дансны дугаар").fill("5012345678");
  await page.getByRole("button", { name: "Дараах" }).click();
  await page.getByRole("radio", { name: "Үнэгүй", exact: true }).check();
  await page.getByRole("button", { name: "Түүх илгээх" }).click();
  const toast = page.getByTestId("toast").filter({ hasText: "Түүх илгээгдлээ" });
  const href = await toast.getByRole("link", { name: "Түүхээ унших" }).getAttribute("href");
  const id = href?.match(/^\/stories\/(\d+)$/)?.[1];
  expect(id).toBeTruthy();
  return id!;
}
