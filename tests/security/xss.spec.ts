import { expect, test } from "@playwright/test";
import { ADMIN, signIn, waitForHydration } from "../e2e/fixtures";
import { activePoolId, admin, anonymous, newUser } from "./helpers";

/**
 * Stored XSS: script-bearing text in every field people fill in, then the public and admin pages
 * that show it, in the real browser. Nothing may run; the text shows as text.
 */
const PAYLOAD = `<img src=x onerror="window.__xss=1">"><script>window.__xss=1</script><svg onload="window.__xss=1">`;

test("script in stories, comments, pools and donations never runs, on public and admin pages", async ({
  page,
}) => {
  test.setTimeout(90_000);
  // Each page is checked once hydrated, so what React renders in the browser is checked too.
  waitForHydration(page);
  const tag = Date.now().toString(36);
  const { api } = await newUser("xss");
  const story = await api.post("/api/stories", {
    data: {
      title: `XSS ${tag} <img src=x onerror="window.__xss=1">`,
      story: `Түүх ${PAYLOAD} `.repeat(3),
      pricing_tier: "free",
      bank_name: "Khan Bank",
      bank_account: "5000123456",
      account_name: "<b>Нэр</b>",
    },
  });
  expect(story.status(), await story.text()).toBe(201);
  const storyId = (await story.json()).id as number;
  // A free story may wait for review: the admin approves it so it is on the public lists.
  const boss = await admin();
  await boss.patch(`/api/stories/${storyId}/approve`);
  expect(
    (await api.post(`/api/stories/${storyId}/comments`, { data: { content: PAYLOAD } })).status(),
  ).toBe(201);

  const pool = await boss.post("/api/donation-pools", {
    data: {
      name: `XSS ${tag} <script>window.__xss=1</script>`,
      description: `Тайлбар ${PAYLOAD}`,
      goal_amount: 100000,
      bank_name: "Khan Bank",
      bank_account: "5000123456",
      account_name: "<i>Сан</i>",
    },
  });
  expect(pool.status(), await pool.text()).toBe(201);
  const poolId = (await pool.json()).id as number;
  const donor = await anonymous();
  const pledge = await donor.post(`/api/donation-pools/${poolId}/donations`, {
    data: {
      donor_name: `<b onmouseover=window.__xss=1>Donor</b>`,
      phone_number: "99112299",
      amount: 1000,
      transaction_reference: `<script>window.__xss=1</script>`,
      message: PAYLOAD,
    },
  });
  expect(pledge.status()).toBe(201);
  const pledgeId = (await pledge.json()).id as number;
  await boss.patch(`/api/donation-pools/${poolId}/donations/${pledgeId}/verify`);
  expect(await activePoolId(donor)).toBeGreaterThan(0);

  const dialogs: string[] = [];
  page.on("dialog", (d) => {
    dialogs.push(d.message());
    void d.dismiss();
  });
  const visit = async (path: string) => {
    await page.goto(path);
    await page.mouse.move(200, 300);
    expect(await page.evaluate(() => (window as { __xss?: number }).__xss), path).toBeUndefined();
  };

  for (const path of [
    "/",
    "/stories/all",
    `/stories/${storyId}`,
    "/donation-pools",
    `/donation-pools/${poolId}`,
    `/donation-pools/${poolId}/donate`,
  ]) {
    await visit(path);
  }
  await expect(page.getByText("<script>window.__xss=1</script>").first()).toBeVisible();

  await signIn(page, ADMIN.username, ADMIN.password);
  for (const path of [
    "/admin/stories",
    "/admin/donations/pools",
    "/admin/donations/pending",
    "/admin/donations/reconcile",
    "/admin/activity",
  ]) {
    await visit(path);
  }
  expect(dialogs).toEqual([]);
});
