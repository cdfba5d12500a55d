import { rmSync } from "node:fs";
import { expect, test } from "@playwright/test";
import { type ParsedMail, simpleParser } from "mailparser";
import { SMTPServer } from "smtp-server";
import { ADMIN, activePool, client, openDatabase, preparedFolder, startServer } from "./servers";

/**
 * Issue 17's "Done when", on a running production server: with SMTP_URL pointing at a local SMTP
 * server, a pledge's mail arrives within seconds, its verification brings exactly one more, and
 * the verified mail, the campaign's total and the donor's status page agree.
 *
 * Ports next to the run's E2E_PORT (a run confined to a range of ports stays in it): the SMTP
 * receiver on the next one, this test's server on the one after.
 */

// Generous: a fresh folder and a production server start take a while on a busy machine.
test.describe.configure({ timeout: 300_000 });

const BASE = Number(process.env.E2E_PORT ?? 3210);
const SMTP_PORT = BASE + 1;
const SERVER_PORT = BASE + 2;

/** "1,234,000₮" (formatMoney) as a number. */
const tugrik = (text: string) => Number(text.replace(/[^\d]/g, ""));

test("with SMTP_URL: the pledge's mail within seconds, one more on verification, totals agree", async () => {
  const mails: ParsedMail[] = [];
  const smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS"],
    logger: false,
    onData(stream, _session, done) {
      simpleParser(stream).then((mail) => {
        mails.push(mail);
        done();
      }, done);
    },
  });
  await new Promise<void>((resolve, reject) => {
    smtp.server.once("error", reject);
    smtp.listen(SMTP_PORT, "127.0.0.1", resolve);
  });

  const dir = preparedFolder();
  const server = await startServer(
    dir,
    dir,
    { SMTP_URL: `smtp://127.0.0.1:${SMTP_PORT}`, MAIL_FROM: "StoryShare <mail@faults.test>" },
    { port: SERVER_PORT },
  );
  const db = openDatabase(dir);
  try {
    const poolId = await activePool(db);
    const donor = await client(server.url);
    const address = "donor@faults.test";
    const sentAt = Date.now();
    const res = await donor.post(`/api/donation-pools/${poolId}/donations`, {
      data: {
        donor_name: "Шуудан Шалгагч",
        phone_number: "88717171",
        amount: 12_300,
        transaction_reference: `SMTP-${sentAt}`,
        email: address,
      },
    });
    expect(res.status()).toBe(201);
    const pledge = (await res.json()) as { id: number; payment_code: string; status_url: string };
    const toDonor = () => mails.filter((m) => m.to && "text" in m.to && m.to.text === address);

    // Within seconds: the sender is woken by the pledge's commit.
    await expect.poll(() => toDonor().length, { timeout: 15_000 }).toBe(1);
    expect(Date.now() - sentAt).toBeLessThan(15_000);
    const [received] = toDonor();
    expect(received!.text).toContain(pledge.payment_code);
    expect(received!.text).toContain("12,300₮");
    expect(received!.text).toContain(new URL(pledge.status_url).pathname);
    expect(received!.messageId).toMatch(/^<outbox-\d+@faults\.test>$/);

    const admin = await client(server.url);
    expect((await admin.post("/api/login", { data: ADMIN })).ok()).toBe(true);
    const verified = await admin.patch(
      `/api/donation-pools/${poolId}/donations/${pledge.id}/verify`,
    );
    expect(verified.status()).toBe(200);

    // Exactly one more: the "verified" mail, and nothing after it.
    await expect.poll(() => toDonor().length, { timeout: 15_000 }).toBe(2);
    await new Promise((resolve) => setTimeout(resolve, 6_000));
    expect(toDonor()).toHaveLength(2);
    const mail = toDonor()[1]!;
    expect(mail.messageId).not.toBe(received!.messageId);
    // The mail's language is the one the pledge was made in (Mongolian: no Accept-Language).
    const total = /нийт ([\d,]+₮) цугларлаа \(зорилго: ([\d,]+₮)\)/.exec(mail.text ?? "");
    expect(total, mail.text).not.toBeNull();
    const mailTotal = tugrik(total![1]!);

    const pool = (await (await donor.get(`/api/donation-pools/${poolId}`)).json()) as {
      current_amount: number;
    };
    expect(mailTotal).toBe(pool.current_amount);

    // The donor's status page: verified, and the same total.
    const page = await (await donor.get(new URL(pledge.status_url).pathname)).text();
    expect(page).toContain('data-status="verified"');
    const shown = /data-testid="pool-raised"[^>]*>([^<]*)</.exec(page);
    expect(shown, "the status page shows the campaign's total").not.toBeNull();
    expect(tugrik(/([\d,]+₮)/.exec(shown![1]!)![1]!)).toBe(pool.current_amount);

    // And the outbox says the same: two mails to the donor, both sent, once each.
    const rows = await db.execute({
      sql: "SELECT kind, status, attempts FROM outbox WHERE recipient = ? ORDER BY id",
      args: [address],
    });
    expect(rows.rows.map((r) => [r.kind, r.status, Number(r.attempts)])).toEqual([
      ["pledge.received", "sent", 1],
      ["pledge.verified", "sent", 1],
    ]);
  } finally {
    db.close();
    await server.stop();
    await new Promise<void>((resolve) => smtp.close(() => resolve()));
    rmSync(dir, { recursive: true, force: true });
  }
});
