import { expect, register, test, uniqueName } from "./fixtures";

// Titles and names are written by users: one long unbroken word must wrap, not widen the page.
test("a long unbroken title does not widen the page on a phone", async ({ page }, info) => {
  await register(page, uniqueName("longword", info.project.name));
  const title = `Тест_${"ү".repeat(60)}_${info.project.name}`;
  const created = await page.request.post("/api/stories", {
    data: {
      title,
      story: "Урт үгтэй гарчгийн шалгалт. ".repeat(10),
      bank_name: "Khan Bank",
      bank_account: "5000123456",
      pricing_tier: "free",
    },
  });
  expect(created.status()).toBe(201);
  const { id } = await created.json();

  await page.setViewportSize({ width: 360, height: 740 });
  for (const path of ["/stories/all?filter=newest", `/stories/${id}`, "/profile"]) {
    await page.goto(path);
    await expect(page.getByText(title).first()).toBeVisible();
    const overflow = await page.evaluate(
      () => document.documentElement.scrollWidth - window.innerWidth,
    );
    expect(overflow, path).toBeLessThanOrEqual(0);
  }
});
