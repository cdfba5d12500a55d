import type { Page } from "@playwright/test";
import { ADMIN, expect, register, signIn, test, uniqueName } from "./fixtures";

/**
 * Issue 41 item 2: signed in, the header overflowed at 1,280–1,366 px (the page scrolled sideways,
 * «Гарах» was cut off, "Log out" wrapped). At every width from a small phone to a wide screen,
 * signed out, as a member with the longest name registration allows and as an administrator, in
 * both languages: the page is no wider than the window and every control of the header is whole,
 * on one line and clear of the others.
 */
const WIDTHS = [320, 390, 768, 1024, 1280, 1366, 1440, 1920];

async function headerProblems(page: Page) {
  return page.evaluate(() => {
    const problems: string[] = [];
    const { scrollWidth } = document.documentElement;
    if (scrollWidth > innerWidth) problems.push(`the page is ${scrollWidth} px wide`);
    const row = document.querySelector("header > div")!;
    if (row.scrollWidth > row.clientWidth + 1)
      problems.push(`the header's row holds ${row.scrollWidth} px in ${row.clientWidth}`);
    const controls = [
      ...document.querySelectorAll<HTMLElement>(
        "header a, header button, header summary, header input",
      ),
    ]
      // What a closed menu holds is not drawn; a label for screen readers only is 1 px.
      .filter((el) => el.checkVisibility() && !el.closest("details:not([open]) > :not(summary)"))
      .map((el) => ({ el, box: el.getBoundingClientRect() }))
      .filter(({ box }) => box.width > 1 && box.height > 1);
    const name = (el: HTMLElement) =>
      (el.getAttribute("aria-label") ?? el.textContent ?? el.tagName).trim().slice(0, 30);
    for (const { el, box } of controls) {
      if (box.left < 0 || box.right > innerWidth + 0.5 || box.top < 0)
        problems.push(`«${name(el)}» is outside the window (${box.left}–${box.right})`);
      if (el.tagName !== "INPUT" && el.scrollWidth > el.clientWidth + 1)
        problems.push(`«${name(el)}» is cut (${el.scrollWidth} px in ${el.clientWidth})`);
      if (box.height > 44) problems.push(`«${name(el)}» wraps (${box.height} px high)`);
    }
    // Controls side by side never overlap.
    for (const [i, a] of controls.entries())
      for (const b of controls.slice(i + 1)) {
        if (a.el.contains(b.el) || b.el.contains(a.el)) continue;
        // The search box's button sits inside its field, on purpose.
        const field = [a.el, b.el].find((el) => el.tagName === "INPUT");
        if (field && a.el.closest("form") === b.el.closest("form")) continue;
        const x = Math.min(a.box.right, b.box.right) - Math.max(a.box.left, b.box.left);
        const y = Math.min(a.box.bottom, b.box.bottom) - Math.max(a.box.top, b.box.top);
        if (x > 1 && y > 1) problems.push(`«${name(a.el)}» and «${name(b.el)}» overlap`);
      }
    return problems;
  });
}

async function everyWidth(page: Page, who: string) {
  const problems: string[] = [];
  for (const lng of ["mn", "en"]) {
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.goto(`/faq?lng=${lng}`);
    for (const width of WIDTHS) {
      await page.setViewportSize({ width, height: 800 });
      for (const problem of await headerProblems(page))
        problems.push(`${who}, ${lng}, ${width} px: ${problem}`);
    }
  }
  expect(problems).toEqual([]);
}

test("the header fits every width, signed out", async ({ page }) => {
  await everyWidth(page, "signed out");
});

test("the header fits every width, signed in with a long name", async ({ page }, info) => {
  // The longest name registration takes (32 characters), in Cyrillic.
  const name = `${uniqueName("ж", info.project.name)}_${"ж".repeat(32)}`.slice(0, 32);
  await register(page, name);
  await everyWidth(page, "member");
});

test("the header fits every width, as an administrator", async ({ page }) => {
  await signIn(page, ADMIN.username, ADMIN.password);
  await everyWidth(page, "admin");
});
