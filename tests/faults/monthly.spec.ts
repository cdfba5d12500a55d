import { rmSync } from "node:fs";
import { expect, test } from "@playwright/test";
import { openDatabase, preparedFolder, startHangingSmsGateway, startServer } from "./servers";

/**
 * Issue 43: the monthly run is a job that survives restarts and never sends twice. Reminders
 * fall due today; the server is killed (-9) while its senders are sending them; after a restart
 * each reminder goes out exactly once, and each gift's month is noted as reminded once.
 */

test.describe.configure({ timeout: 240_000 });

const GIFTS = 12;
const phoneOf = (i: number) => `8870${String(i).padStart(4, "0")}`;

test("kill -9 during the monthly run's reminders: after a restart each is sent exactly once", async () => {
  // The SMS gateway holds the first server's requests, then answers the next ones.
  const gateway = await startHangingSmsGateway();
  const { env, held, delivered } = gateway;

  const dir = preparedFolder();
  const db = openDatabase(dir);
  // Gifts to the site, paid after a reminder, whose day is today in Ulaanbaatar; made long ago.
  const ubNow = new Date(Date.now() + 8 * 60 * 60 * 1000);
  const today = ubNow.toISOString().slice(0, 10);
  const month = today.slice(0, 7);
  const made = new Date(Date.now() - 40 * 24 * 60 * 60 * 1000).toISOString();
  for (let i = 0; i < GIFTS; i++) {
    await db.execute({
      sql: `INSERT INTO monthly_gifts (donor_name, phone_number, remind_by_sms, method, amount,
              day_of_month, payment_code, language, created_at)
            VALUES (?, ?, 1, 'reminder', 20000, ?, ?, 'mn', ?)`,
      args: [`Хандивлагч ${i}`, phoneOf(i), Number(today.slice(8, 10)), `M${900_100 + i}`, made],
    });
  }

  let server = await startServer(dir, dir, env);
  try {
    // The run has queued the reminders and a sender is waiting on the gateway: kill it now.
    await expect.poll(() => held.length, { timeout: 30_000 }).toBeGreaterThan(0);
    await server.stop("SIGKILL");
    gateway.stopHanging();

    server = await startServer(dir, dir, env);
    // The restarted servers run the month again (it queues nothing new) and send what waits; a
    // reminder claimed by the killed server is sent once its claim lapses (45 s).
    const ours = () => delivered.filter((d) => d.to.startsWith("8870"));
    await expect
      .poll(() => new Set(ours().map((d) => d.to)).size, { timeout: 120_000, intervals: [1_000] })
      .toBe(GIFTS);
    await new Promise((resolve) => setTimeout(resolve, 8_000));
    expect(
      ours()
        .map((d) => d.to)
        .sort(),
    ).toEqual(Array.from({ length: GIFTS }, (_, i) => phoneOf(i)));
    for (const d of ours()) expect(d.text).toContain(`/pay/${month}`);

    const rows = await db.execute({
      sql: `SELECT recipient, status FROM outbox WHERE kind = 'monthly.reminder'
             AND recipient LIKE '8870%' ORDER BY recipient`,
      args: [],
    });
    expect(rows.rows.map((r) => [r.recipient, r.status])).toEqual(
      Array.from({ length: GIFTS }, (_, i) => [phoneOf(i), "sent"]),
    );
    const months = await db.execute({
      sql: `SELECT count(*) AS n FROM monthly_gift_months m JOIN monthly_gifts g ON g.id = m.gift_id
             WHERE g.phone_number LIKE '8870%' AND m.month = ? AND m.reminded_at IS NOT NULL`,
      args: [month],
    });
    expect(Number(months.rows[0]!.n)).toBe(GIFTS);
  } finally {
    db.close();
    await server.stop();
    gateway.close();
    rmSync(dir, { recursive: true, force: true });
  }
});
