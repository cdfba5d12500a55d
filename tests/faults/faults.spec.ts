import { execFileSync } from "node:child_process";
import { copyFileSync, mkdirSync, rmSync, statSync } from "node:fs";
import path from "node:path";
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
 * Faults and load (issue 9): two server processes writing to one file at once, bursts of
 * comments and pledges, kill -9 in the middle of writes, and storage that cannot take writes.
 * Each test has its own servers and database; each ends by checking the file's integrity, its
 * foreign keys and that every pool's total is the sum of its verified donations.
 */

test.describe.configure({ mode: "serial", timeout: 180_000 });

test("two processes, bursts of comments, pledges and verifications: no 5xx, every 2xx stored once", async () => {
  const dir = preparedFolder();
  // Two servers on one file: one as `npm start` runs it (a front and two workers), one bare.
  const [a, b] = [await startServer(dir), await startServer(dir, dir, {}, { workers: 0 })];
  const db = openDatabase(dir);
  try {
    const servers = [a, b];
    const poolId = await activePool(db);
    const storyId = Number(
      (await db.execute("SELECT id FROM stories WHERE status = 'approved' LIMIT 1")).rows[0]?.[0],
    );
    const run = Date.now().toString(36);

    // Eight readers (the comment limit is per reader), signed up alternately on each server.
    const readers = await Promise.all(
      Array.from({ length: 8 }, async (_, i) => {
        const api = await client(servers[i % 2]!.url);
        const res = await api.post("/api/register", {
          data: { username: `burst${run}${i}`, password: "secret-pass" },
        });
        expect(res.status()).toBe(201);
        return api;
      }),
    );

    const comments = await Promise.all(
      Array.from({ length: 80 }, async (_, i) => {
        // A reader's cookie works on both servers: sessions live in the database.
        const res = await readers[i % 8]!.post(
          `${servers[(i >> 3) % 2]!.url}/api/stories/${storyId}/comments`,
          { data: { content: `burst ${run} ${i}` } },
        );
        return { status: res.status(), id: res.ok() ? (await res.json()).id : null };
      }),
    );
    const anonymous = await Promise.all(servers.map((s) => client(s.url)));
    const pledges = await Promise.all(
      Array.from({ length: 80 }, async (_, i) => {
        const res = await anonymous[i % 2]!.post(`/api/donation-pools/${poolId}/donations`, {
          data: pledge(`B${run}-${i}`, i),
          headers: from(i),
        });
        return { status: res.status(), id: res.ok() ? (await res.json()).id : null };
      }),
    );

    for (const r of [...comments, ...pledges]) expect(r.status).toBeLessThan(500);
    const storedComments = await db.execute({
      sql: "SELECT id FROM comments WHERE content LIKE ?",
      args: [`burst ${run} %`],
    });
    expect(storedComments.rows.map((r) => Number(r.id)).sort()).toEqual(
      comments
        .filter((c) => c.id !== null)
        .map((c) => Number(c.id))
        .sort(),
    );
    expect(comments.filter((c) => c.status === 201).length).toBe(80);

    const storedPledges = await db.execute({
      sql: "SELECT id FROM pool_donations WHERE transaction_reference LIKE ?",
      args: [`B${run}-%`],
    });
    const accepted = pledges.filter((p) => p.status === 201);
    expect(accepted.length).toBe(80);
    expect(storedPledges.rows.map((r) => Number(r.id)).sort()).toEqual(
      accepted.map((p) => Number(p.id)).sort(),
    );

    // The administrator verifies every pledge twice at once, once through each server.
    const admins = await Promise.all(
      servers.map(async (s) => {
        const api = await client(s.url);
        expect((await api.post("/api/login", { data: ADMIN })).ok()).toBe(true);
        return api;
      }),
    );
    const before = Number(
      (
        await db.execute({
          sql: "SELECT current_amount FROM donation_pools WHERE id = ?",
          args: [poolId],
        })
      ).rows[0]?.[0],
    );
    const verifications = await Promise.all(
      accepted.flatMap((p) =>
        admins.map((api) =>
          api
            .patch(`/api/donation-pools/${poolId}/donations/${p.id}/verify`)
            .then((r) => r.status()),
        ),
      ),
    );
    for (const status of verifications) expect([200, 409]).toContain(status);
    expect(verifications.filter((s) => s === 200).length).toBe(accepted.length);
    const sum = Number(
      (
        await db.execute({
          sql: "SELECT SUM(amount) FROM pool_donations WHERE transaction_reference LIKE ?",
          args: [`B${run}-%`],
        })
      ).rows[0]?.[0],
    );
    const after = Number(
      (
        await db.execute({
          sql: "SELECT current_amount FROM donation_pools WHERE id = ?",
          args: [poolId],
        })
      ).rows[0]?.[0],
    );
    expect(after - before).toBe(sum);
    expect(await databaseProblems(db)).toEqual([]);
  } finally {
    db.close();
    await Promise.all([a.stop(), b.stop()]);
    rmSync(dir, { recursive: true, force: true });
  }
});

test("kill -9 during a write load: after a restart every acknowledged pledge is there, the file is sound", async () => {
  const dir = preparedFolder();
  let server = await startServer(dir);
  const db = openDatabase(dir);
  try {
    const poolId = await activePool(db);
    const run = Date.now().toString(36);
    const api = await client(server.url);
    const acknowledged: string[] = [];
    let i = 0;
    let killed = false;
    const worker = async () => {
      while (!killed) {
        const reference = `K${run}-${i}`;
        const n = i++;
        try {
          const res = await api.post(`${server.url}/api/donation-pools/${poolId}/donations`, {
            data: pledge(reference, n),
            headers: from(n),
            timeout: 5_000,
          });
          expect(res.status()).toBeLessThan(500);
          if (res.status() === 201) acknowledged.push(reference);
        } catch {
          // The connection died with the process: not acknowledged, so nothing is promised.
        }
      }
    };
    const workers = Array.from({ length: 8 }, worker);
    await expect.poll(() => acknowledged.length, { timeout: 30_000 }).toBeGreaterThan(40);
    await server.stop("SIGKILL");
    killed = true;
    await Promise.all(workers);

    server = await startServer(dir);
    const stored = new Set(
      (
        await db.execute({
          sql: "SELECT transaction_reference FROM pool_donations WHERE transaction_reference LIKE ?",
          args: [`K${run}-%`],
        })
      ).rows.map((r) => String(r[0])),
    );
    for (const reference of acknowledged) expect(stored.has(reference)).toBe(true);
    expect(await databaseProblems(db)).toEqual([]);
    const after = await (await client(server.url)).post(`/api/donation-pools/${poolId}/donations`, {
      data: pledge(`K${run}-after`, 999_999),
      headers: from(999_999),
    });
    expect(after.status()).toBe(201);
  } finally {
    db.close();
    await server.stop();
    rmSync(dir, { recursive: true, force: true });
  }
});

/** Mounting a small file system needs root and the permission to mount (CI and this image have both). */
function mount(args: string[]): boolean {
  try {
    execFileSync("mount", args, { stdio: "ignore" });
    return true;
  } catch {
    return false;
  }
}

// A read-only remount is refused while the server holds the files open, so "read-only" is
// covered by the same mapping (SQLITE_READONLY, tests/unit/storage.test.ts), not by a mount.
test("a full disk: a friendly 503 on /api and on screens, nothing half-written, and recovery", async () => {
  const dir = preparedFolder();
  const disk = path.join(dir, "disk");
  mkdirSync(disk);
  const size = statSync(path.join(dir, "app.db")).size;
  // Room for the database and a little more: a few hundred pledges fill it.
  const kb = Math.ceil(size / 1024) + 256;
  test.skip(
    !mount(["-t", "tmpfs", "-o", `size=${kb}k`, "tmpfs", disk]),
    "cannot mount a tmpfs here",
  );
  copyFileSync(path.join(dir, "app.db"), path.join(disk, "app.db"));
  const server = await startServer(dir, disk);
  const db = openDatabase(disk);
  try {
    const poolId = await Number(
      (await db.execute("SELECT id FROM donation_pools WHERE status = 'active' LIMIT 1"))
        .rows[0]?.[0],
    );
    const api = await client(server.url);
    const run = Date.now().toString(36);
    const send = (i: number) =>
      api.post(`/api/donation-pools/${poolId}/donations`, {
        data: { ...pledge(`F${run}-${i}`, i), message: "х".repeat(500) },
        headers: from(i),
      });

    // The pledge page as a browser has it before the disk fills: the form's signed time
    // (decision 032) goes with the screen's post below.
    const page = await (await api.get(`/donation-pools/${poolId}/donate`)).text();
    const started = /name="form_started" value="([^"]+)"/.exec(page)?.[1] ?? "";
    expect(started).not.toBe("");

    // Full: pledges until the disk refuses one.
    let full = null;
    const accepted: string[] = [];
    for (let i = 0; i < 3_000 && !full; i++) {
      const res = await send(i);
      if (res.status() === 201) accepted.push(`F${run}-${i}`);
      else full = res;
    }
    expect(full, "the disk never filled").not.toBeNull();
    expect(full!.status()).toBe(503);
    expect(full!.headers()["retry-after"]).toBe("30");
    expect((await full!.json()).error).toContain("хадгалах боломжгүй");
    expect((await api.get("/")).status()).toBe(200);

    // The same answer for a form post on a screen (JavaScript off): a page that says so.
    const form = await api.post(`/donation-pools/${poolId}/donate`, {
      form: { ...pledge(`F${run}-form`, 100_002), amount: "5000", form_started: started },
      headers: from(100_002),
      maxRedirects: 0,
    });
    expect(form.status()).toBe(503);
    expect(await form.text()).toContain("Түр ажиллахгүй байна");

    // Recovery: more room, and the next pledge is taken.
    expect(mount(["-o", `remount,size=${kb + 8192}k`, disk])).toBe(true);
    expect((await send(100_000)).status()).toBe(201);

    const stored = (
      await db.execute({
        sql: "SELECT transaction_reference FROM pool_donations WHERE transaction_reference LIKE ?",
        args: [`F${run}-%`],
      })
    ).rows.map((r) => String(r[0]));
    expect(stored.sort()).toEqual([...accepted, `F${run}-100000`].sort());
    expect(await databaseProblems(db)).toEqual([]);
  } finally {
    db.close();
    await server.stop();
    execFileSync("umount", ["-l", disk], { stdio: "ignore" });
    rmSync(dir, { recursive: true, force: true });
  }
});
