import { rmSync } from "node:fs";
import { expect, test } from "@playwright/test";
import {
  activePool,
  client,
  from,
  openDatabase,
  pledge,
  preparedFolder,
  startHangingSmsGateway,
  startServer,
} from "./servers";

/**
 * Issue 17: a server killed (-9) while it sends a text message. The pledge and its message were
 * committed together; after a restart the message goes out, and once.
 */

test.describe.configure({ timeout: 180_000 });

test("kill -9 while a message is being sent: after a restart it is sent, once", async () => {
  // The SMS gateway holds the first server's requests, then answers the next ones.
  const gateway = await startHangingSmsGateway();
  const { env, held, delivered } = gateway;

  const dir = preparedFolder();
  let server = await startServer(dir, dir, env);
  const db = openDatabase(dir);
  try {
    const poolId = await activePool(db);
    const api = await client(server.url);
    const res = await api.post(`/api/donation-pools/${poolId}/donations`, {
      data: pledge(`MSG-${Date.now()}`, 424_242),
      headers: from(424_242),
    });
    expect(res.status()).toBe(201);
    const { payment_code: code } = await res.json();

    // The sender has claimed the message and is waiting on the gateway: kill the server now.
    await expect.poll(() => held.length, { timeout: 15_000 }).toBe(1);
    await server.stop("SIGKILL");
    gateway.stopHanging();

    server = await startServer(dir, dir, env);
    // Its claim lapses (45 s), and the restarted server's sender sends it.
    await expect.poll(() => delivered.length, { timeout: 90_000, intervals: [1_000] }).toBe(1);
    expect(delivered[0]!.text).toContain(code);
    expect(delivered[0]!.to).toBe("88424242");
    const rows = await db.execute({
      sql: "SELECT status, attempts FROM outbox WHERE kind = 'pledge.received' AND recipient = ?",
      args: ["88424242"],
    });
    expect(rows.rows.map((r) => [r.status, Number(r.attempts)])).toEqual([["sent", 2]]);
    // And not again.
    await new Promise((resolve) => setTimeout(resolve, 6_000));
    expect(delivered).toHaveLength(1);
  } finally {
    db.close();
    await server.stop();
    gateway.close();
    rmSync(dir, { recursive: true, force: true });
  }
});
