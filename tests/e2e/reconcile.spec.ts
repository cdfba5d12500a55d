import type { APIRequestContext, Page } from "@playwright/test";
import { ADMIN, expect, isJs, signIn, test, uniqueName } from "./fixtures";
import { statementCsv as statement } from "./statements";

/**
 * Bank-statement reconciliation (issue 7), in Mongolian, with and without JavaScript: pledges are
 * made, a statement paying them is uploaded, the exact matches confirmed, a partial one decided,
 * and the pool's total rises by exactly the money on the statement — also after uploading the
 * same statement a second time.
 */
const T = {
  upload: "Оруулж тулгах",
  imported: "Хуулгыг орууллаа",
  confirmSelected: "Сонгосныг баталгаажуулах",
  confirm: "Баталгаажуулах",
  notDonation: "Хандив биш",
  setAside: "Хандив биш гэж хойш тавилаа",
};

const toast = (page: Page) => page.getByTestId("toast");

async function poolTotal(request: APIRequestContext, id: number) {
  const res = await request.get(`/api/donation-pools/${id}`);
  expect(res.ok()).toBe(true);
  return (await res.json()).current_amount as number;
}

async function upload(page: Page, js: boolean, name: string, bytes: Buffer) {
  await page.goto("/admin/donations/reconcile");
  await page.locator("#statement").setInputFiles({ name, mimeType: "text/csv", buffer: bytes });
  // With JavaScript the file goes by XMLHttpRequest (for its progress): no page load.
  if (js) await page.evaluate(() => Object.assign(window, { stillHere: true }));
  await page.getByRole("button", { name: T.upload }).click();
  await expect(toast(page)).toContainText(T.imported);
  await expect(page).toHaveURL(/\/admin\/donations\/reconcile$/);
  if (js) expect(await page.evaluate(() => "stillHere" in window)).toBe(true);
}

test.describe("bank statement reconciliation", () => {
  test("upload a statement, confirm the matches, decide the rest; a second upload changes nothing", async ({
    page,
  }, info) => {
    test.setTimeout(90_000);
    const js = isJs(info);
    await signIn(page, ADMIN.username, ADMIN.password);

    // A pool of its own and three pledges, each with the code the site gave it.
    const created = await page.request.post("/api/donation-pools", {
      data: {
        name: uniqueName("Reconcile", info.project.name),
        description: "Банкны хуулга тулгах туршилт.",
        goal_amount: 1_000_000,
        bank_name: "Khan Bank",
        bank_account: "5039184726",
        account_name: "Туршилтын сан",
      },
    });
    expect(created.status()).toBe(201);
    const poolId = (await created.json()).id as number;
    // Unusual amounts, so no other test's pledge fits them by amount and date.
    // (Pledges go in steps of 100.)
    const base = (js ? 31_000 : 47_000) + Math.floor(Math.random() * 90) * 100;
    const amounts = [base + 300, base + 500, base + 700];
    const codes: string[] = [];
    for (const [i, amount] of amounts.entries()) {
      const res = await page.request.post(`/api/donation-pools/${poolId}/donations`, {
        data: {
          donor_name: `Хандивлагч ${i + 1}`,
          phone_number: `9900${String(Math.floor(Math.random() * 10_000)).padStart(4, "0")}`,
          amount,
          transaction_reference: `E2E-${info.project.name}-${i}`,
        },
      });
      expect(res.status()).toBe(201);
      codes.push((await res.json()).payment_code);
    }
    expect(codes.every((c) => /^X\d{6}$/.test(c))).toBe(true);
    const before = await poolTotal(page.request, poolId);

    // Exact (code typed plainly, and on a Cyrillic keyboard), partial (short by 1,000), unmatched.
    const cyrillic = `х-${codes[1]!.slice(1)}`;
    const unmatchedText = `Түрээс ${codes[0]}9`; // a longer number is not a code
    const file = statement([
      { amount: amounts[0]!, text: `${codes[0]} хандив` },
      { amount: amounts[1]!, text: `хандив ${cyrillic}` },
      { amount: amounts[2]! - 1_000, text: `${codes[2]} Баярлалаа` },
      { amount: base + 999_000, text: unmatchedText },
    ]);
    await upload(page, js, `statement-${info.project.name}.csv`, file);
    await expect(toast(page)).toContainText("Шинэ гүйлгээ: 4.");

    const line = (text: string) =>
      page.locator('li[data-testid^="line-"]').filter({ hasText: text });
    await expect(line(`${codes[0]} хандив`)).toHaveAttribute("data-group", "exact");
    await expect(line(cyrillic)).toHaveAttribute("data-group", "exact");
    await expect(line(`${codes[2]} Баярлалаа`)).toHaveAttribute("data-group", "partial");
    await expect(line(unmatchedText)).toHaveAttribute("data-group", "unmatched");

    // Confirm only this test's exact matches (the other project may have its own on screen).
    const exact = page.getByTestId("exact-form").locator('input[type="checkbox"]');
    for (const box of await exact.all()) {
      const row = box.locator("xpath=ancestor::li[1]");
      const text = (await row.textContent()) ?? "";
      if (!text.includes(codes[0]!) && !text.includes(cyrillic)) await box.uncheck();
    }
    await page.getByRole("button", { name: T.confirmSelected }).click();
    await expect(toast(page)).toContainText("2 гүйлгээ баталгаажлаа");
    await expect(line(`${codes[0]} хандив`)).toHaveCount(0);
    expect(await poolTotal(page.request, poolId)).toBe(before + amounts[0]! + amounts[1]!);

    // The partial match: the right code, 1,000 short. Confirming credits what arrived.
    const partial = line(`${codes[2]} Баярлалаа`);
    await expect(partial.locator("select")).toHaveValue(/:pool:\d+$/);
    await partial.getByRole("button", { name: T.confirm, exact: true }).click();
    await expect(toast(page)).toContainText("1 гүйлгээ баталгаажлаа");
    const expected = before + amounts[0]! + amounts[1]! + amounts[2]! - 1_000;
    expect(await poolTotal(page.request, poolId)).toBe(expected);

    // Not a donation: set aside, then it is listed apart.
    await line(unmatchedText).getByRole("button", { name: T.notDonation }).click();
    await expect(toast(page)).toContainText(T.setAside);
    await expect(line(unmatchedText)).toHaveCount(0);

    // The same statement again: nothing new, nothing credited twice.
    await upload(page, js, `statement-${info.project.name}.csv`, file);
    await expect(toast(page)).toContainText("Шинэ гүйлгээ: 0. Өмнө оруулсан: 4.");
    expect(await poolTotal(page.request, poolId)).toBe(expected);
    await expect(line(`${codes[0]} хандив`)).toHaveCount(0);
    await expect(page.getByTestId("import-history")).toContainText(
      `statement-${info.project.name}.csv`,
    );
  });

  test("a bank without a preset: the columns are guessed, checked and chosen by hand", async ({
    page,
  }, info) => {
    await signIn(page, ADMIN.username, ADMIN.password);
    const tag = `${info.project.name}${Date.now().toString(36)}`;
    const csv = Buffer.from(
      `Он сар өдөр,Орсон,Гарсан,Тайлбар\r\n2026.11.20,1234,,Гараар ${tag}\r\n2026.11.20,,500,Шимтгэл\r\n`,
    );
    await page.goto("/admin/donations/reconcile");
    await page
      .locator("#statement")
      .setInputFiles({ name: "other.csv", mimeType: "text/csv", buffer: csv });
    await page.getByRole("button", { name: T.upload }).click();
    await expect(page).toHaveURL(/\/admin\/donations\/reconcile\/map\/\d+$/);
    await expect(page.getByTestId("mapping-preview")).toContainText(`Гараар ${tag}`);
    // The step opens with its guess from the headings (issue 16); every choice can be changed.
    await expect(page.getByTestId("guess-header-row")).toHaveValue("0");
    await expect(page.getByLabel("Огноо")).toHaveValue("0");
    await expect(page.getByLabel("Гүйлгээний утга")).toHaveValue("3");
    await expect(page.getByLabel("Орлого (кредит)")).toHaveValue("1");
    await expect(page.getByLabel("Зарлага (дебит)")).toHaveValue("2");
    await page.getByLabel("Огноо").selectOption({ index: 1 });
    await page.getByLabel("Гүйлгээний утга").selectOption({ index: 4 });
    await page.getByLabel("Орлого (кредит)").selectOption({ index: 2 });
    await page.getByLabel("Зарлага (дебит)").selectOption({ index: 3 });
    await page.getByRole("button", { name: "Хуулгыг унших" }).click();
    await expect(page).toHaveURL(/\/admin\/donations\/reconcile$/);
    await expect(toast(page)).toContainText("Шинэ гүйлгээ: 1.");
    await expect(
      page.locator('li[data-testid^="line-"]').filter({ hasText: `Гараар ${tag}` }),
    ).toHaveCount(1);
  });
});
