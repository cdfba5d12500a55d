import { ADMIN, expect, signIn, test } from "./fixtures";

/** Issue 16: an administrator edits a campaign after creating it and gives it a last day. */
test("edit a campaign's text, goal and last day; the public page shows them", async ({
  page,
}, info) => {
  await signIn(page, ADMIN.username, ADMIN.password);
  const tag = `${info.project.name}-${Date.now().toString(36)}`;
  const created = await page.request.post("/api/donation-pools", {
    data: {
      name: `Засах аян ${tag}`,
      description: "Засварлах туршилтын аян, арваас дээш тэмдэгт.",
      goal_amount: 100_000,
      bank_name: "Golomt Bank",
      bank_account: "1234567890",
      account_name: "Туршилт ТББ",
    },
  });
  expect(created.status()).toBe(201);
  const { id } = (await created.json()) as { id: number };

  await page.goto("/admin/donations/pools");
  await page.getByRole("link", { name: `«Засах аян ${tag}» аяныг засах` }).click();
  await expect(page).toHaveURL(new RegExp(`/admin/donations/pools/${id}/edit$`));
  await expect(page.getByLabel("Аяны нэр", { exact: true })).toHaveValue(`Засах аян ${tag}`);

  const future = new Date(Date.now() + 10 * 86_400_000).toISOString().slice(0, 10);
  await page.getByLabel("Аяны нэр", { exact: true }).fill(`Зассан аян ${tag}`);
  await page.getByLabel("Зорилтот дүн").fill("150000");
  await page.getByLabel(/^Хандив авах сүүлийн өдөр/).fill(future);
  await page.getByRole("button", { name: "Өөрчлөлтийг хадгалах" }).click();
  await expect(page).toHaveURL(/\/admin\/donations\/pools$/);
  await expect(page.getByTestId("toast")).toContainText("Аян хадгалагдлаа");

  await page.goto(`/donation-pools/${id}`);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(`Зассан аян ${tag}`);
  await expect(page.getByTestId("pool-goal")).toContainText("150,000₮");
  await expect(page.getByTestId("pool-ends")).toContainText("Хандив авах сүүлийн өдөр");
  await expect(page.getByTestId("donate-link")).toBeVisible();
});
