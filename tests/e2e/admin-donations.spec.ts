import type { Page } from "@playwright/test";
import sharp from "sharp";
import { ADMIN, expect, isJs, signIn, test, uniqueName } from "./fixtures";

/** The admin donations tab (issue 6 item 5), in Mongolian (the default), with and without JS. */
const T = {
  name: "Аяны нэр",
  description: "Тайлбар",
  goal: "Зорилтот дүн",
  create: "Аян үүсгэх",
  goalStep: "Зорилтот дүн мянгаар гүйцэд байх ёстой (1,000₮-ийн алхамтай)",
  kept: "Оруулж, хадгалсан.",
  created: (name: string) => `«${name}» аян үүслээ`,
  complete: "Дуусгах",
  activate: "Идэвхжүүлэх",
  statusUpdated: "Аяны төлөв шинэчлэгдлээ",
  verify: "Баталгаажуулах",
  verifyConfirm: "Тийм, хандивыг баталгаажуулах",
  verified: "Хандив баталгаажлаа: дүн нийт дүнд нэмэгдсэн",
  reject: "Татгалзах",
  rejectConfirm: "Тийм, татгалзах",
  rejected: "Хандиваас татгалзлаа",
  references: "Лавлагаа эсвэл төлбөрийн кодоор баталгаажуулах",
  verifyMatching: "Таарсан хандивыг баталгаажуулах",
  verifySelected: "Сонгосныг баталгаажуулах",
};

const toast = (page: Page) => page.getByTestId("toast");

test.describe("admin donations tab", () => {
  test("create a pool with a photo, change its status, verify, reject and batch-verify pledges", async ({
    page,
  }, info) => {
    test.setTimeout(90_000);
    const js = isJs(info);
    const poolName = uniqueName("Pool", info.project.name);
    const tag = `${js ? "J" : "N"}${Date.now().toString(36).toUpperCase()}`;
    const photo = await sharp({
      create: { width: 1800, height: 1200, channels: 3, background: "#3a7bd5" },
    })
      .png()
      .toBuffer();

    await signIn(page, ADMIN.username, ADMIN.password);

    // New pool: a wrong goal comes back with an inline message; the photo is kept (no JS: it
    // travelled to the server; with JS the form stops before sending).
    await page.goto("/admin/donations/new");
    await page.getByLabel(T.name, { exact: true }).fill(poolName);
    await page.getByLabel(T.description, { exact: true }).fill("Хөдөөгийн сургуульд ном авах аян.");
    await page.getByLabel(T.goal, { exact: true }).fill("1500");
    await page.locator('input[type="file"][name="photo_1"]').setInputFiles({
      name: "school.png",
      mimeType: "image/png",
      buffer: photo,
    });
    await page.getByRole("button", { name: T.create }).click();
    await expect(page.getByText(T.goalStep)).toBeVisible();
    if (!js) await expect(page.getByTestId("slot-photo_1")).toContainText(T.kept);
    await expect(page.getByLabel(T.name, { exact: true })).toHaveValue(poolName);
    await page.getByLabel(T.goal, { exact: true }).fill("20000");
    await page.getByRole("button", { name: T.create }).click();
    await expect(page).toHaveURL(/\/admin\/donations\/pools$/);
    await expect(toast(page)).toContainText(T.created(poolName));

    // Pools sub-tab: status buttons, any status to any other.
    const card = page.getByTestId("admin-pool").filter({ hasText: poolName });
    await expect(card.getByTestId("pool-status")).toHaveAttribute("data-status", "active");
    await expect(card.locator("img")).toHaveAttribute("src", /^\/media\/[a-f0-9]{64}$/);
    await card.getByRole("button", { name: T.complete }).click();
    await expect(toast(page)).toContainText(T.statusUpdated);
    await expect(card.getByTestId("pool-status")).toHaveAttribute("data-status", "completed");
    await card.getByRole("button", { name: T.activate }).click();
    await expect(card.getByTestId("pool-status")).toHaveAttribute("data-status", "active");
    const poolId = await card.getAttribute("data-pool-id");

    // Pledges through the public /api (anyone can pledge).
    const refs = [1, 2, 3, 4, 5].map((n) => `${tag}-R${n}`);
    for (const [i, reference] of refs.entries()) {
      const res = await page.request.post(`/api/donation-pools/${poolId}/donations`, {
        data: {
          donor_name: `Хандивлагч ${i + 1}`,
          phone_number: `8${String(Date.now() + i).slice(-7)}`,
          amount: (i + 1) * 1000,
          transaction_reference: reference,
          message: i === 0 ? "Амжилт хүсье!" : undefined,
        },
      });
      expect(res.status()).toBe(201);
    }

    await page.goto("/admin/donations/pending");
    await expect(page.getByTestId("pending-count")).toBeVisible();
    const item = (ref: string) =>
      page.locator(`[data-testid="pending-donation"][data-reference="${ref}"]`);
    await expect(item(refs[0]!)).toContainText(poolName);
    await expect(item(refs[0]!)).toContainText("Амжилт хүсье!");

    // Verify one, after the question (the amount that arrived starts at the pledge's).
    await item(refs[0]!).getByText(T.verify, { exact: true }).click();
    await item(refs[0]!).getByRole("button", { name: T.verifyConfirm }).click();
    await expect(toast(page)).toContainText(T.verified);
    await expect(item(refs[0]!)).toHaveCount(0);

    // Reject one, after the question.
    await item(refs[1]!).getByText(T.reject, { exact: true }).click();
    await item(refs[1]!).getByRole("button", { name: T.rejectConfirm }).click();
    await expect(toast(page)).toContainText(T.rejected);
    await expect(item(refs[1]!)).toHaveCount(0);

    // Batch by pasted references: case and spaces do not matter; unknown ones are reported.
    await page
      .getByLabel(T.references)
      .fill(`  ${refs[2]!.toLowerCase()}  \n${refs[3]}, ${tag}-NOPE`);
    await page.getByRole("button", { name: T.verifyMatching }).click();
    const summary = page.getByTestId("batch-summary");
    await expect(summary.getByTestId("batch-verified")).toContainText(refs[3]!);
    await expect(summary.getByTestId("batch-verified")).toContainText(refs[2]!.toLowerCase());
    await expect(summary.getByTestId("batch-unmatched")).toContainText(`${tag}-NOPE`);
    await expect(item(refs[2]!)).toHaveCount(0);
    await expect(item(refs[3]!)).toHaveCount(0);

    // Batch by ticking.
    await item(refs[4]!).getByRole("checkbox").check();
    await page.getByRole("button", { name: T.verifySelected }).click();
    await expect(page.getByTestId("batch-verified")).toContainText(refs[4]!);
    await expect(item(refs[4]!)).toHaveCount(0);

    // The public page: 1,000 + 3,000 + 4,000 + 5,000 verified; 2,000 rejected.
    await page.goto(`/donation-pools/${poolId}`);
    await expect(page.getByTestId("pool-raised")).toContainText("13,000₮");
    await expect(page.getByTestId("pool-goal")).toContainText("20,000₮");
  });
});
