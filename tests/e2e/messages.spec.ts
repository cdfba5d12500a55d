import { existsSync, readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import type { APIRequestContext } from "@playwright/test";
import { simpleParser } from "mailparser";
import { E2E_DIR } from "../../playwright.config";
import { ADMIN, expect, signIn, test } from "./fixtures";

/**
 * Issue 17, on the server as `npm start` runs it (no SMTP_URL): a pledge made with an e-mail
 * address produces its mail within seconds as an .eml file, its verification exactly one more,
 * and the status page, the mail and the administrators' list agree.
 */

const MAIL_DIR = path.join(E2E_DIR, "mail");

/** The mails sent to `address` (parsed: their text may be base64), once there are `count` (10 s at most). */
async function mailsTo(address: string, count: number) {
  let found: string[] = [];
  await expect
    .poll(
      async () => {
        const files = existsSync(MAIL_DIR) ? readdirSync(MAIL_DIR) : [];
        const mails = await Promise.all(
          files.map((f) => simpleParser(readFileSync(path.join(MAIL_DIR, f)))),
        );
        found = mails
          .filter((m) => m.to && "text" in m.to && m.to.text === address)
          .map((m) => `${m.subject}\n${m.text}`);
        return found.length;
      },
      { timeout: 10_000 },
    )
    .toBe(count);
  return found;
}

/**
 * The oldest active campaign, a demo one: the campaigns other specs create are changed while
 * this one waits for its mails (completed, closed with a final report, or sent an update, which
 * mails the campaign's donors too). pool-updates.spec.ts posts to another demo campaign.
 */
async function activePool(request: APIRequestContext) {
  const pools = (await (await request.get("/api/donation-pools?pageSize=50")).json()) as {
    id: number;
    status: string;
  }[];
  return pools.filter((p) => p.status === "active").at(-1)!;
}

test("a pledge with an e-mail address: its mail, then exactly one more when it is verified", async ({
  page,
  request,
}, info) => {
  const pool = await activePool(request);
  const email = `donor-${info.project.name}-${Date.now()}@example.mn`;
  await page.goto(`/donation-pools/${pool.id}/donate`);
  await page.getByLabel("Таны нэр", { exact: true }).fill("Мэйл Хандивлагч");
  await page.getByLabel("Утасны дугаар", { exact: true }).fill(`9${String(Date.now()).slice(-7)}`);
  await page.getByLabel("Имэйл (заавал биш)", { exact: true }).fill(email);
  await page.getByLabel("Шилжүүлсэн дүн", { exact: true }).fill("3000");
  await page.getByLabel("Шилжүүлгийн лавлагаа", { exact: true }).fill(`MAIL-${Date.now()}`);
  await page.getByRole("button", { name: "Хандивын мэдээлэл илгээх" }).click();
  await expect(page).toHaveURL(/\/donations\/[A-Za-z0-9_-]{20,40}$/);
  const statusPath = new URL(page.url()).pathname;
  const code = ((await page.getByTestId("donation-code").textContent()) ?? "").match(/X\d{6}/)![0];

  // Within seconds, the mail: to the donor, with the code the status page shows and its link.
  const [received] = await mailsTo(email, 1);
  expect(received).toContain(code);
  expect(received).toContain(statusPath);

  // An administrator sees it in the list of notifications.
  await signIn(page, ADMIN.username, ADMIN.password);
  await page.goto("/admin/messages");
  const row = page.getByTestId("message").filter({ hasText: email }).first();
  await expect(row).toContainText("Аяны хандив бүртгэгдсэн");
  await expect(row).toHaveAttribute("data-status", "sent");
  // No SMTP_URL: the row names the .eml file the mail went to, and it is there.
  const file = (await row.getByTestId("mail-file").textContent())?.match(/DATA_DIR\/(\S+\.eml)/);
  expect(file, "the row names its .eml file").not.toBeNull();
  expect(existsSync(path.join(E2E_DIR, file![1]!))).toBe(true);
  await row.getByText("Агуулгыг харах").click();
  await expect(row).toContainText(code);

  // Verified: exactly one more mail, and the status page says so.
  const pending = (await (
    await page.request.get("/api/donation-pools/pending-donations")
  ).json()) as { id: number; pool_id: number; payment_code: string }[];
  const pledge = pending.find((p) => p.payment_code === code)!;
  const verify = `/api/donation-pools/${pledge.pool_id}/donations/${pledge.id}/verify`;
  const headers = { origin: new URL(page.url()).origin };
  expect((await page.request.patch(verify, { headers })).status()).toBe(200);
  expect((await page.request.patch(verify, { headers })).status()).toBe(409);
  await mailsTo(email, 2);
  // And no third: the refused second verification told no one.
  await page.waitForTimeout(1500);
  expect(await mailsTo(email, 2)).toHaveLength(2);
  await page.goto(statusPath);
  await expect(page.getByTestId("donation-status")).toHaveText("Баталгаажсан");
});
