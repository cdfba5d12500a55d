import AxeBuilder from "@axe-core/playwright";
import type { APIRequestContext, Page, TestInfo } from "@playwright/test";
import { expect, isJs, test } from "./fixtures";

interface ApiPool {
  id: number;
  name: string;
  status: "active" | "completed" | "archived";
}

/** Demo pools by state, from the public list (ids depend on the seed). */
async function demoPool(request: APIRequestContext, status: ApiPool["status"]): Promise<ApiPool> {
  const pools = (await (await request.get("/api/donation-pools?pageSize=50")).json()) as ApiPool[];
  const pool = pools.find((p) => p.status === status);
  if (!pool) throw new Error(`no ${status} pool in the demo content`);
  return pool;
}

const TEXT = {
  mn: {
    name: "Таны нэр",
    phone: "Утасны дугаар",
    amount: "Шилжүүлсэн дүн",
    reference: "Шилжүүлгийн лавлагаа",
    message: "Мессеж (заавал биш)",
    leaderboard: "Намайг хандивлагчдын жагсаалтад харуулах",
    bank: "Шилжүүлэг хийсэн банк",
    submit: "Хандивын мэдээлэл илгээх",
    amountMin: "Дүн дор хаяж 100₮ байх ёстой",
    generalAmountMin: "Дүн дор хаяж 1,000₮ байх ёстой",
    phoneMin: "Утасны дугаар дор хаяж 8 оронтой байх ёстой",
    referenceMin: "Шилжүүлгийн лавлагаа дор хаяж 3 тэмдэгттэй байх ёстой",
    pledgedToast: "Баярлалаа! Таны хандив бүртгэгдлээ",
    pending: "Хүлээгдэж буй",
    openLink: "Төлөвийн холбоосыг нээх",
    closed: "Энэ аян хандив хүлээн авахаа больсон",
    forSite: "StoryShare (сайтад өгсөн хандив)",
    title: (pool: string) => `«${pool}» аянд хандив өгөх`,
  },
  en: {
    name: "Your name",
    phone: "Phone number",
    amount: "Amount you transferred",
    reference: "Transaction reference",
    message: "Message (optional)",
    leaderboard: "Show me on the leaderboard",
    bank: "Bank you transferred from",
    submit: /^Submit my (pledge|donation)$/,
    amountMin: "Amount must be at least 100₮",
    generalAmountMin: "Amount must be at least 1,000₮",
    phoneMin: "Phone number must be at least 8 digits",
    referenceMin: "Transaction reference must be at least 3 characters",
    pledgedToast: "Thank you! Your pledge is recorded",
    pending: "Pending",
    openLink: "Open the status link",
    closed: "This campaign no longer takes pledges",
    forSite: "StoryShare (donation to the site)",
    title: (pool: string) => `Donate to “${pool}”`,
  },
} as const;

type Lng = keyof typeof TEXT;
const query = (lng: Lng) => (lng === "en" ? "?lng=en" : "");
let sequence = 0;
/** A phone number and a reference no other test (or project, or run) uses. */
function unique(info: TestInfo) {
  sequence += 1;
  const n = (Date.now() % 1_000_000) * 10 + sequence + (isJs(info) ? 0 : 5);
  return { phone: `99${String(n).padStart(6, "0").slice(-6)}`, reference: `E2E-${n}` };
}

const field = (page: Page, label: string) => page.getByLabel(label, { exact: true });

/** Fills the fields every donation form has. */
async function fillDonor(
  page: Page,
  t: (typeof TEXT)[Lng],
  values: { name: string; phone: string; amount: string; reference: string; message?: string },
) {
  await field(page, t.name).fill(values.name);
  await field(page, t.phone).fill(values.phone);
  await field(page, t.amount).fill(values.amount);
  await field(page, t.reference).fill(values.reference);
  if (values.message !== undefined) await field(page, t.message).fill(values.message);
}

for (const lng of ["mn", "en"] as const) {
  const t = TEXT[lng];

  test.describe(`donations (${lng})`, () => {
    test("pledge to an active pool: refusals keep what was typed, then the status page", async ({
      page,
      request,
    }, info) => {
      const js = isJs(info);
      const pool = await demoPool(request, "active");
      const { phone, reference } = unique(info);

      // From the pool's page, by its donate link.
      await page.goto(`/donation-pools/${pool.id}${query(lng)}`);
      await page.locator(`main a[href="/donation-pools/${pool.id}/donate"]`).first().click();
      await expect(page).toHaveURL(new RegExp(`/donation-pools/${pool.id}/donate`));
      await expect(page.getByRole("heading", { level: 1 })).toHaveText(t.title(pool.name));
      await expect(page.getByTestId("bank-account")).toContainText(/\d{6,}/);
      // The payment code to write in the transfer description, before the transfer.
      const code = ((await page.getByTestId("bank-reference").textContent()) ?? "").match(
        /X\d{6}/,
      )?.[0];
      expect(code).toBeTruthy();
      await expect(field(page, t.amount)).toHaveValue("100");
      if (js) {
        // The default amount is the first quick amount, shown chosen.
        await expect(page.getByRole("button", { name: "100₮", exact: true })).toHaveAttribute(
          "aria-pressed",
          "true",
        );
      }
      await expect(field(page, t.leaderboard)).toBeChecked();

      // 50 ₮, a 3-digit phone and no reference: refused with the spec's messages.
      const name = lng === "mn" ? "Тэст Хандивлагч" : "Test Donor";
      const message = lng === "mn" ? "Амжилт хүсье!" : "Good luck!";
      await fillDonor(page, t, { name, phone: "991", amount: "50", reference: "", message });
      await field(page, t.leaderboard).uncheck();
      await page.getByRole("button", { name: t.submit }).click();
      await expect(page.getByText(t.amountMin, { exact: true })).toBeVisible();
      await expect(page.getByText(t.phoneMin, { exact: true })).toBeVisible();
      await expect(page.getByText(t.referenceMin, { exact: true })).toBeVisible();
      // The fields say what is wrong; the spec's error toast is kept for a pledge the server
      // could not take, so a missing field shows no toast (with or without JavaScript).
      await expect(page.getByTestId("toast")).toHaveCount(0);
      // Nothing typed is lost.
      await expect(field(page, t.name)).toHaveValue(name);
      await expect(field(page, t.phone)).toHaveValue("991");
      await expect(field(page, t.amount)).toHaveValue("50");
      await expect(field(page, t.message)).toHaveValue(message);
      await expect(field(page, t.leaderboard)).not.toBeChecked();
      await expect(field(page, t.amount)).toHaveAttribute("aria-invalid", "true");
      await expect(page.getByTestId("bank-reference")).toContainText(code!);

      // Corrected: with JavaScript a quick amount fills the field; without, it is typed.
      await field(page, t.phone).fill(phone);
      await field(page, t.reference).fill(reference);
      if (js) {
        await page.getByRole("button", { name: "5,000₮", exact: true }).click();
        await expect(field(page, t.amount)).toHaveValue("5000");
      } else {
        await field(page, t.amount).fill("5000");
      }
      await page.getByRole("button", { name: t.submit }).click();

      // The confirmation is the status page: reference, amount, where to transfer, the link.
      await expect(page).toHaveURL(/\/donations\/[A-Za-z0-9_-]{20,40}$/);
      await expect(page.getByTestId("toast")).toContainText(t.pledgedToast);
      await expect(page.getByTestId("donation-status")).toHaveText(t.pending);
      await expect(page.getByTestId("donation-reference")).toContainText(reference);
      await expect(page.getByTestId("donation-amount")).toContainText("5,000₮");
      await expect(page.getByTestId("donation-for")).toContainText(pool.name);
      // The code shown before the transfer is the pledge's, even after a refused submit.
      await expect(page.getByTestId("donation-code")).toHaveText(new RegExp(code!));
      await expect(page.getByTestId("bank-reference")).toContainText(code!);
      const statusUrl = page.url();
      await expect(page.getByTestId("status-link")).toHaveValue(statusUrl);

      // The link to keep opens the same page, still pending.
      await page.getByRole("link", { name: t.openLink }).click();
      await expect(page).toHaveURL(statusUrl);
      await expect(page.getByTestId("donation-status")).toHaveText(t.pending);
      await expect(page.getByTestId("donation-name")).toContainText(name);
    });

    test("a completed pool no longer takes pledges and shows no form", async ({
      page,
      request,
    }) => {
      const pool = await demoPool(request, "completed");
      await page.goto(`/donation-pools/${pool.id}/donate${query(lng)}`);
      await expect(page.getByTestId("pool-closed")).toContainText(t.closed);
      await expect(page.locator("form[method=post] input[name=donor_name]")).toHaveCount(0);
      await expect(page.getByRole("button", { name: t.submit })).toHaveCount(0);
    });

    test("/donate: a general donation refuses 900 ₮, then goes to its status page", async ({
      page,
    }, info) => {
      const { phone, reference } = unique(info);
      await page.goto(`/donate${query(lng)}`);
      await expect(page.getByTestId("bank-account")).toContainText(/\d{6,}/);
      await expect(field(page, t.amount)).toHaveValue("1000");
      const name = lng === "mn" ? "Сайтын дэмжигч" : "Site supporter";
      await fillDonor(page, t, { name, phone, amount: "900", reference });
      await field(page, t.bank).selectOption("Golomt Bank");
      await page.getByRole("button", { name: t.submit }).click();
      await expect(page.getByText(t.generalAmountMin, { exact: true })).toBeVisible();
      await expect(field(page, t.name)).toHaveValue(name);
      await expect(field(page, t.bank)).toHaveValue("Golomt Bank");
      await expect(field(page, t.reference)).toHaveValue(reference);

      await field(page, t.amount).fill("1500");
      await page.getByRole("button", { name: t.submit }).click();
      await expect(page).toHaveURL(/\/donations\/[A-Za-z0-9_-]{20,40}$/);
      await expect(page.getByTestId("donation-status")).toHaveText(t.pending);
      await expect(page.getByTestId("donation-for")).toContainText(t.forSite);
      await expect(page.getByTestId("donation-amount")).toContainText("1,500₮");
      await expect(page.getByTestId("donation-reference")).toContainText(reference);
    });
  });
}

test("an unknown status link is a 404 page", async ({ page }) => {
  const response = await page.goto("/donations/AAAAAAAAAAAAAAAAAAAAAAAA?lng=en");
  expect(response?.status()).toBe(404);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Status link not found");
});

/** axe runs inside the page: JavaScript project only. */
for (const theme of ["light", "dark"] as const) {
  for (const which of ["pledge form", "general form", "status page"] as const) {
    test(`no accessibility violations (${theme}): ${which}`, async ({
      page,
      request,
      context,
      baseURL,
    }, info) => {
      test.skip(!isJs(info), "axe runs inside the page");
      await context.addCookies([{ name: "storyshare-theme", value: theme, url: baseURL! }]);
      const pool = await demoPool(request, "active");
      if (which === "status page") {
        const { phone, reference } = unique(info);
        const res = await request.post(`/api/donation-pools/${pool.id}/donations`, {
          data: {
            donor_name: "Axe",
            phone_number: phone,
            amount: 100,
            transaction_reference: reference,
          },
        });
        expect(res.status()).toBe(201);
        const { status_url } = (await res.json()) as { status_url: string };
        await page.goto(new URL(status_url).pathname);
      } else {
        await page.goto(which === "pledge form" ? `/donation-pools/${pool.id}/donate` : "/donate");
        // With the field errors showing, too.
        await page.getByRole("button", { name: "Хандивын мэдээлэл илгээх" }).click();
        await expect(page.locator(".field-error").first()).toBeVisible();
      }
      const results = await new AxeBuilder({ page }).analyze();
      expect(
        results.violations.map(
          (v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target).join(", ")})`,
        ),
      ).toEqual([]);
    });
  }
}

test("the payment code survives a reload between seeing it and pledging (issue 16)", async ({
  page,
  request,
}, info) => {
  const pool = await demoPool(request, "active");
  const { phone, reference } = unique(info);
  const t = TEXT.en;
  const shownCode = async () =>
    ((await page.getByTestId("bank-reference").textContent()) ?? "").match(/X\d{6}/)?.[0];

  await page.goto(`/donation-pools/${pool.id}/donate?lng=en`);
  const code = await shownCode();
  expect(code).toBeTruthy();
  // The donor copies the code, switches to the bank app; the phone reloads the tab.
  await page.reload();
  expect(await shownCode()).toBe(code);
  // And again later, opening the page anew.
  await page.goto(`/donation-pools/${pool.id}/donate?lng=en`);
  expect(await shownCode()).toBe(code);

  await fillDonor(page, t, { name: "Reload Donor", phone, amount: "5000", reference });
  await page.getByRole("button", { name: t.submit }).click();
  await expect(page).toHaveURL(/\/donations\/[A-Za-z0-9_-]{20,40}$/);
  await expect(page.getByTestId("donation-code")).toHaveText(new RegExp(code!));

  // Pledged: the form's next visit offers a new code.
  await page.goto(`/donation-pools/${pool.id}/donate?lng=en`);
  expect(await shownCode()).not.toBe(code);
});
