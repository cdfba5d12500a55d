import { rmSync } from "node:fs";
import net from "node:net";
import { setTimeout as sleep } from "node:timers/promises";
import { expect, test } from "@playwright/test";
import {
  activePool,
  client,
  databaseProblems,
  from,
  openDatabase,
  pledge,
  preparedFolder,
  type Server,
  startServer,
  workerPids,
} from "./servers";

/**
 * The front `npm start` runs (decision 037): a worker killed with -9 under load is replaced and
 * loses nothing it acknowledged; SIGHUP replaces every worker without a failed request; SIGTERM
 * finishes what is in flight before the server exits.
 */

// Generous: on a loaded 2-core machine a worker takes up to half a minute to start.
test.describe.configure({ mode: "serial", timeout: 420_000 });

function isAlive(pid: number) {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

/** Readers and pledgers in a loop until stopped; what they saw, by status. */
function load(server: Server, poolId: number, run: string) {
  let stop = false;
  let i = 0;
  const statuses: number[] = [];
  const acknowledged: string[] = [];
  const loops = Array.from({ length: 6 }, async (_, n) => {
    const api = await client(server.url);
    while (!stop) {
      if (n % 2) {
        const res = await api.get(n === 1 ? "/" : `/donation-pools/${poolId}`);
        statuses.push(res.status());
        continue;
      }
      const reference = `F${run}-${i}`;
      const res = await api.post(`/api/donation-pools/${poolId}/donations`, {
        headers: from(i),
        data: pledge(reference, i++),
      });
      statuses.push(res.status());
      if (res.status() === 201) acknowledged.push(reference);
    }
    await api.dispose();
  });
  return {
    statuses,
    acknowledged,
    async end() {
      stop = true;
      await Promise.all(loops);
    },
  };
}

/** The stored pledges whose reference starts with `prefix` (F{run} for the traffic's). */
async function storedReferences(db: ReturnType<typeof openDatabase>, prefix: string) {
  const rows = await db.execute({
    sql: "SELECT transaction_reference FROM pool_donations WHERE transaction_reference LIKE ?",
    args: [`${prefix}-%`],
  });
  return new Set(rows.rows.map((r) => String(r[0])));
}

test("kill -9 of a worker under load: it is replaced, reads never fail, every acknowledged pledge is stored", async () => {
  const dir = preparedFolder();
  // Not silent: the ready line is for a person, whatever the log's level short of silence.
  const server = await startServer(dir, dir, { LOG_LEVEL: "warn" });
  // One plain line for a person, with the address to open, beside the JSON log (issue 41, item 17).
  const port = new URL(server.url).port;
  await expect
    .poll(() => server.stdout())
    .toContain(`StoryShare is ready at http://localhost:${port}\n`);
  const db = openDatabase(dir);
  try {
    const run = Date.now().toString(36);
    const traffic = load(server, await activePool(db), run);
    await expect.poll(() => traffic.acknowledged.length, { timeout: 30_000 }).toBeGreaterThan(20);
    const [victim, survivor] = workerPids(server);
    process.kill(victim!, "SIGKILL");
    await expect
      .poll(() => workerPids(server).filter((p) => p !== survivor && p !== victim).length, {
        timeout: 60_000,
      })
      .toBe(1);
    const before = traffic.acknowledged.length;
    await expect
      .poll(() => traffic.acknowledged.length, { timeout: 30_000 })
      .toBeGreaterThan(before + 10);
    await traffic.end();
    // A write cut with its worker may answer 502 (not acknowledged, so nothing promised); a read
    // is asked again of the other worker, and nothing answers 500.
    expect(traffic.statuses.filter((s) => s >= 500 && s !== 502)).toEqual([]);
    expect(traffic.statuses.filter((s) => s === 502).length).toBeLessThanOrEqual(6);
    const stored = await storedReferences(db, `F${run}`);
    for (const reference of traffic.acknowledged) expect(stored.has(reference)).toBe(true);
    expect(await databaseProblems(db)).toEqual([]);
  } finally {
    db.close();
    await server.stop();
    rmSync(dir, { recursive: true, force: true });
  }
});

test("SIGHUP replaces every worker while requests go on, and not one fails", async () => {
  const dir = preparedFolder();
  const server = await startServer(dir);
  const db = openDatabase(dir);
  try {
    const run = Date.now().toString(36);
    const before = workerPids(server);
    const traffic = load(server, await activePool(db), run);
    await expect.poll(() => traffic.statuses.length, { timeout: 30_000 }).toBeGreaterThan(20);
    server.child.kill("SIGHUP");
    await expect
      .poll(
        () => {
          const now = workerPids(server);
          return now.length === 2 && now.every((p) => !before.includes(p));
        },
        { timeout: 300_000 },
      )
      .toBe(true);
    const seen = traffic.statuses.length;
    await expect
      .poll(() => traffic.statuses.length, { timeout: 30_000 })
      .toBeGreaterThan(seen + 10);
    await traffic.end();
    expect(traffic.statuses.filter((s) => s >= 500)).toEqual([]);
    const stored = await storedReferences(db, `F${run}`);
    for (const reference of traffic.acknowledged) expect(stored.has(reference)).toBe(true);
  } finally {
    db.close();
    await server.stop();
    rmSync(dir, { recursive: true, force: true });
  }
});

test("SIGTERM: requests in flight are answered, then the front and its workers exit", async () => {
  const dir = preparedFolder();
  const server = await startServer(dir);
  const db = openDatabase(dir);
  try {
    const poolId = await activePool(db);
    const workers = workerPids(server);
    const api = await client(server.url);
    const run = Date.now().toString(36);
    const inFlight = Array.from({ length: 12 }, (_, i) =>
      api.post(`/api/donation-pools/${poolId}/donations`, {
        data: pledge(`T${run}-${i}`, i),
        headers: from(i),
      }),
    );
    // In flight means the front has them: wait until the first of the twelve is stored (they
    // were all sent at once). Before that, a request may still be on its way to the port, and a
    // port that closes refuses it — that is not a request in flight.
    await expect
      .poll(async () => (await storedReferences(db, `T${run}`)).size, { intervals: [5] })
      .toBeGreaterThan(0);
    const exited = new Promise<number | null>((r) => server.child.once("exit", (code) => r(code)));
    server.child.kill("SIGTERM");
    const answers = await Promise.all(inFlight);
    expect(answers.map((a) => a.status())).toEqual(answers.map(() => 201));
    expect(await exited).toBe(0);
    for (const pid of workers) expect(() => process.kill(pid, 0)).toThrow();
    expect(await databaseProblems(db)).toEqual([]);
  } finally {
    db.close();
    await server.stop();
    rmSync(dir, { recursive: true, force: true });
  }
});

test("one slow client does not stretch SIGTERM past the deadline counted from the signal (issue 38, item 12)", async () => {
  const dir = preparedFolder();
  // A short deadline, and a body that never stalls long enough to be given up on its own.
  const server = await startServer(dir, dir, { FRONT_SHUTDOWN_MS: "3000" });
  const slow = net.connect(Number(new URL(server.url).port), "127.0.0.1");
  slow.on("error", () => {});
  try {
    const workers = workerPids(server);
    await new Promise((r) => slow.once("connect", r));
    slow.write(
      "POST /login HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/x-www-form-urlencoded\r\nContent-Length: 100000\r\n\r\nintent=login",
    );
    const trickle = setInterval(() => slow.write("&a=1"), 1_000);
    await sleep(1_500);
    const exited = new Promise<number | null>((r) => server.child.once("exit", (code) => r(code)));
    const signalled = Date.now();
    server.child.kill("SIGTERM");
    expect(await exited).toBe(0);
    clearInterval(trickle);
    // The old front waited 30 s for the front's requests, then 30 s more per worker, then 10 s.
    expect(Date.now() - signalled).toBeLessThan(8_000);
    // Children of the front (workers, and tsx's esbuild, which leaves as its parent's pipe closes).
    const alive = () => workers.filter((pid) => isAlive(pid));
    await expect.poll(alive, { timeout: 2_000 }).toEqual([]);
  } finally {
    slow.destroy();
    await server.stop();
    rmSync(dir, { recursive: true, force: true });
  }
});

test("a request smuggled in a GET's body never reaches the app, and no client names itself (issue 38, item 1)", async () => {
  const dir = preparedFolder();
  // The front names clients by their sockets here, as `npm start` does without a proxy in front.
  const server = await startServer(dir, dir, { TRUST_PROXY: "false" });
  const db = openDatabase(dir);
  const port = Number(new URL(server.url).port);
  const raw = (bytes: string) =>
    new Promise<string>((resolve) => {
      const socket = net.connect(port, "127.0.0.1");
      let got = "";
      socket.on("data", (chunk) => {
        got += chunk.toString("latin1");
      });
      socket.on("error", () => {});
      socket.on("close", () => resolve(got));
      socket.write(bytes);
      setTimeout(() => socket.destroy(), 3_000);
    });
  try {
    const username = `smuggled${Date.now().toString(36)}`;
    const body = JSON.stringify({ username, password: "secret-pass" });
    const hidden = `POST /api/register HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\nX-Forwarded-For: 6.6.6.6\r\nContent-Length: ${body.length}\r\n\r\n${body}`;
    for (const method of ["GET", "HEAD", "OPTIONS"]) {
      const answer = await raw(
        `${method} / HTTP/1.1\r\nHost: localhost\r\nContent-Length: ${hidden.length}\r\n\r\n${hidden}`,
      );
      // The status line alone: on the old front this was the home page's 200, its body the next
      // request's answer.
      expect(answer.split("\r\n")[0]).toBe("HTTP/1.1 400 Bad Request");
    }
    // Innocent visitors meanwhile get their own answers, none an answer meant for another.
    const api = await client(server.url);
    const visits = await Promise.all(
      Array.from({ length: 12 }, (_, i) => api.get(i % 2 ? "/healthz" : "/api/stories/regular")),
    );
    for (const [i, res] of visits.entries()) {
      expect(res.status()).toBe(200);
      if (i % 2 === 0) expect(res.headers()["content-type"]).toMatch(/json/);
    }
    await api.dispose();
    const rows = await db.execute({
      sql: "SELECT count(*) FROM users WHERE username = ?",
      args: [username],
    });
    expect(Number(rows.rows[0]?.[0])).toBe(0);
  } finally {
    db.close();
    await server.stop();
    rmSync(dir, { recursive: true, force: true });
  }
});

test("writes sent as a worker closes an idle connection are answered, none with 502", async () => {
  const dir = preparedFolder();
  const server = await startServer(dir);
  const db = openDatabase(dir);
  try {
    const poolId = await activePool(db);
    const run = Date.now().toString(36);
    let i = 0;
    const burst = () =>
      Array.from({ length: 20 }, () => {
        const n = i++;
        return fetch(`${server.url}/api/donation-pools/${poolId}/donations`, {
          method: "POST",
          headers: { "content-type": "application/json", ...from(n) },
          body: JSON.stringify(pledge(`K${run}-${n}`, n)),
        }).then((r) => r.status);
      });
    const statuses: number[] = [];
    for (let round = 0; round < 3; round++) {
      // Connections to both workers, then idle until just before the workers' servers close
      // them (Node's keepAliveTimeout, 5 s). The front is then frozen past that moment, as a
      // busy machine can hold it, while the next writes arrive: on waking it must not send them
      // on connections the workers have closed meanwhile.
      statuses.push(...(await Promise.all(burst())));
      await sleep(4_000);
      server.child.kill("SIGSTOP");
      await sleep(1_500);
      const writes = Promise.all(burst());
      await sleep(300);
      server.child.kill("SIGCONT");
      statuses.push(...(await writes));
    }
    expect(statuses.filter((s) => s !== 201)).toEqual([]);
    expect((await storedReferences(db, `K${run}`)).size).toBe(statuses.length);
  } finally {
    server.child.kill("SIGCONT");
    db.close();
    await server.stop();
    rmSync(dir, { recursive: true, force: true });
  }
});
