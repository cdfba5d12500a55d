import AxeBuilder from "@axe-core/playwright";
import { expect, test } from "./fixtures";

/** axe runs inside the page, so this file runs in the JavaScript project only (playwright.config.ts). */
for (const theme of ["light", "dark"] as const) {
  for (const path of [
    "/",
    "/login",
    "/login?tab=register&lng=en",
    "/missing-page",
    "/api/docs",
    "/privacy",
    // Results with their matches marked, and the empty state.
    "/search?q=ulaanbaatar",
    "/search?q=zzqqxx&lng=en",
  ]) {
    test(`no accessibility violations (${theme}): ${path}`, async ({ page, context, baseURL }) => {
      // The /api reference holds every operation with its fields: axe reads tens of thousands of
      // nodes, over a minute on two busy cores.
      if (path === "/api/docs") test.setTimeout(300_000);
      await context.addCookies([{ name: "storyshare-theme", value: theme, url: baseURL! }]);
      await page.goto(path);
      const results = await new AxeBuilder({ page }).analyze();
      expect(
        results.violations.map(
          (v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target).join(", ")})`,
        ),
      ).toEqual([]);
    });
  }
}
