import { rmSync } from "node:fs";
import type { APIRequestContext } from "@playwright/test";
import { expect, test } from "@playwright/test";
import {
  ADMIN,
  activePool,
  client,
  databaseProblems,
  from,
  openDatabase,
  pledge,
  preparedFolder,
  startServer,
} from "./servers";

/**
 * Issue 20: after a mixed run (pledges, verifications, rejections, bank-statement confirmations)
 * cut by kill -9, a campaign's public ledger still adds up: its verified lines sum to the total
 * shown everywhere, and its counts are the database's.
 */

test.describe.configure({ timeout: 180_000 });

interface Ledger {
  totals: {
    verified_amount: number;
    verified_count: number;
    pending_count: number;
    rejected_count: number;
    pool_total: number;
  };
  lines: { kind: string; amount: number; statement_date: string | null; id: number }[];
}

/** Every line of a campaign's ledger, page by page, as a script would read it. */
async function wholeLedger(api: APIRequestContext, poolId: number) {
  const lines: Ledger["lines"] = [];
  let totals: Ledger["totals"] | null = null;
  for (let page = 1; ; page++) {
    const res = await api.get(`/api/donation-pools/${poolId}/ledger?page=${page}&pageSize=100`);
    expect(res.status()).toBe(200);
    const body = (await res.json()) as Ledger;
    totals ??= body.totals;
    lines.push(...body.lines);
    if (page >= Number(res.headers()["x-page-count"])) break;
  }
  return { totals: totals!, lines };
}

test("kill -9 in a mixed run: the ledger's verified lines still sum to the campaign's total", async () => {
  const dir = preparedFolder();
  let server = await startServer(dir);
  const db = openDatabase(dir);
  try {
    const poolId = await activePool(db);
    const run = Date.now().toString(36);
    const donor = await client(server.url);
    const ids: number[] = [];
    for (let i = 0; i < 40; i++) {
      const res = await donor.post(`/api/donation-pools/${poolId}/donations`, {
        data: pledge(`L${run}-${i}`, 500_000 + i),
        headers: from(500_000 + i),
      });
      expect(res.status()).toBe(201);
      ids.push((await res.json()).id);
    }
    const admin = await client(server.url);
    expect((await admin.post("/api/login", { data: ADMIN })).ok()).toBe(true);
    const decide = (id: number, decision: "verify" | "reject") =>
      admin.patch(`/api/donation-pools/${poolId}/donations/${id}/${decision}`);
    for (const id of ids.slice(0, 10)) expect((await decide(id, "verify")).status()).toBe(200);
    for (const id of ids.slice(10, 16)) expect((await decide(id, "reject")).status()).toBe(200);

    // Ten transfers found on a bank statement; one brought less than its pledge said.
    const upload = await db.execute({
      sql: "INSERT INTO statement_imports (file_name, status) VALUES ('faults.csv', 'imported') RETURNING id",
      args: [],
    });
    const importId = Number(upload.rows[0]?.[0]);
    const matched = ids.slice(16, 26);
    const assignments: string[] = [];
    const arrived = new Map<number, number>();
    for (const [n, id] of matched.entries()) {
      const row = await db.execute({
        sql: "SELECT amount, payment_code FROM pool_donations WHERE id = ?",
        args: [id],
      });
      const amount = Number(row.rows[0]?.[0]) - (n === 0 ? 100 : 0);
      arrived.set(id, amount);
      const line = await db.execute({
        sql: `INSERT INTO statement_lines (import_id, fingerprint, booked_on, amount, description)
              VALUES (?, ?, '2026-11-20 10:00', ?, ?) RETURNING id`,
        args: [importId, `faults-${run}-${n}`, amount, `${row.rows[0]?.[1]} хандив`],
      });
      assignments.push(`${line.rows[0]?.[0]}:pool:${id}`);
    }
    const confirmed = await admin.post("/api/reconciliation/confirm", { data: { assignments } });
    expect(confirmed.status()).toBe(200);
    expect((await confirmed.json()).confirmed).toHaveLength(10);

    // The rest are verified and rejected while the server is killed in the middle.
    const rest = ids.slice(26);
    let stopped = false;
    const work = Promise.all(
      rest.map(async (id, n) => {
        await new Promise((r) => setTimeout(r, n * 15));
        if (stopped) return;
        await decide(id, n % 3 === 0 ? "reject" : "verify").catch(() => undefined);
      }),
    );
    await new Promise((r) => setTimeout(r, 60));
    await server.stop("SIGKILL");
    stopped = true;
    await work;

    server = await startServer(dir);
    const reader = await client(server.url);
    const { totals, lines } = await wholeLedger(reader, poolId);
    const gifts = lines.filter((l) => l.kind === "gift");
    expect(totals.pool_total).toBe(totals.verified_amount);
    expect(gifts.reduce((sum, l) => sum + l.amount, 0)).toBe(totals.verified_amount);
    expect(gifts).toHaveLength(totals.verified_count);
    const pool = await (await reader.get(`/api/donation-pools/${poolId}`)).json();
    expect(pool.current_amount).toBe(totals.verified_amount);

    const counts = await db.execute({
      sql: "SELECT status, count(*) FROM pool_donations WHERE pool_id = ? GROUP BY status",
      args: [poolId],
    });
    const count = (status: string) => Number(counts.rows.find((r) => r[0] === status)?.[1] ?? 0);
    expect(totals.pending_count).toBe(count("pending"));
    expect(totals.rejected_count).toBe(count("rejected"));
    expect(totals.verified_count).toBe(count("verified"));

    // The statement's ten say so, and the short transfer counts as what arrived.
    const fromStatement = gifts.filter((l) => matched.includes(l.id));
    expect(fromStatement).toHaveLength(10);
    for (const line of fromStatement) {
      expect(line.statement_date).toBe("2026-11-20");
      expect(line.amount).toBe(arrived.get(line.id));
    }
    expect(await databaseProblems(db)).toEqual([]);
  } finally {
    db.close();
    await server.stop();
    rmSync(dir, { recursive: true, force: true });
  }
});
