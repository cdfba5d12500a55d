import { expect, test } from "./fixtures";

/**
 * Issue 41, polish: on a campaign page an anonymous donor's amount wrapped under the (long)
 * «anonymous donor» label while named donors' amounts stood on the right; and the footer's
 * links had no way to the campaigns.
 */
test("every donor's amount stands on the right of its line, named or not", async ({ page }) => {
  for (const width of [390, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    // The demo's first campaign has anonymous donors among named ones.
    await page.goto("/donation-pools/1?lng=mn");
    const donations = page.getByTestId("recent-donation");
    await expect(donations.first()).toBeVisible();
    const rows = await donations.evaluateAll((items) =>
      items.map((item) => {
        const name = item.querySelector('[data-testid="donor-name"]')!.getBoundingClientRect();
        const amount = item.querySelector('[data-testid="donor-amount"]')!.getBoundingClientRect();
        return {
          name: item.querySelector('[data-testid="donor-name"]')!.textContent,
          right: Math.round(amount.right),
          // On the name's first line, not under it.
          sameLine: amount.top < name.top + 8,
        };
      }),
    );
    expect(rows.some((r) => r.name === "Нэрээ нууцалсан хандивлагч")).toBe(true);
    expect(rows.filter((r) => !r.sameLine)).toEqual([]);
    expect(new Set(rows.map((r) => r.right)).size, JSON.stringify(rows)).toBe(1);
  }
});

test("the footer links the campaigns", async ({ page }) => {
  await page.goto("/faq");
  const footer = page.getByRole("contentinfo");
  await footer.getByRole("link", { name: "Хандивын аян" }).click();
  await expect(page).toHaveURL(/\/donation-pools$/);
});
