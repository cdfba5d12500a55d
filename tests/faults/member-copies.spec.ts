import { rmSync } from "node:fs";
import { setTimeout as sleep } from "node:timers/promises";
import { expect, test } from "@playwright/test";
import { preparedFolder, type Server, startServer, workerPids } from "./servers";

/**
 * Decision 071, as `npm start` serves it: a member's page that has a fresh copy comes from a
 * worker over its channel, without express or Remix (so without an access line), and is still
 * theirs alone; an ended session, a new role and a killed worker are each seen at once.
 */

test.describe.configure({ mode: "serial", timeout: 240_000 });

let server: Server;
let dir: string;

test.beforeAll(async () => {
  dir = preparedFolder();
  // LOG_LEVEL=debug passes remix-serve's line for each request it answers (server/front/workers.ts).
  server = await startServer(dir, dir, { LOG_LEVEL: "debug" });
});

test.afterAll(async () => {
  await server?.stop();
  rmSync(dir, { recursive: true, force: true });
});

let seq = 0;
const address = () => ({ "x-forwarded-for": `10.71.${(seq >> 8) & 255}.${seq++ & 255}` });

async function register(prefix: string) {
  const username = `${prefix}${Date.now().toString(36)}${seq}`;
  const res = await fetch(`${server.url}/api/register`, {
    method: "POST",
    headers: { "content-type": "application/json", ...address() },
    body: JSON.stringify({ username, password: "secret-pass" }),
  });
  expect(res.status).toBe(201);
  const cookie = res.headers
    .getSetCookie()
    .map((c) => c.split(";")[0]!)
    .find((c) => c.startsWith("storyshare_session="));
  return { username, cookie: cookie! };
}

/** A browser's visit to a page: its status, copy header and page text. */
async function visit(path: string, cookie: string) {
  const res = await fetch(`${server.url}${path}`, {
    headers: {
      accept: "text/html,application/xhtml+xml",
      "accept-encoding": "gzip",
      "sec-fetch-dest": "document",
      cookie,
      ...address(),
    },
  });
  const html = Buffer.from(await res.arrayBuffer()).toString();
  return { status: res.status, copy: res.headers.get("x-page-copy"), html, headers: res.headers };
}

/**
 * Asks until four answers in a row are copies: each worker draws its own copy the first time it
 * is asked, and a worker started after a kill is asked a little later.
 */
async function warm(ask: () => Promise<string | null>) {
  let run = 0;
  for (let i = 0; i < 60 && run < 4; i++) {
    run = (await ask()) === "hit" ? run + 1 : 0;
    if (run === 0) await sleep(100);
  }
  expect(run).toBe(4);
}

/** remix-serve's access lines for `path` so far. */
async function httpAnswers(path: string) {
  await sleep(300);
  return server
    .stdout()
    .split("\n")
    .filter((line) => line.startsWith(`GET ${path} `)).length;
}

test("a member's copy comes over the channel, with their own name and nonce only", async () => {
  const a = await register("chana");
  const b = await register("chanb");
  const path = `/?channel=${Date.now().toString(36)}`;
  await warm(async () => (await visit(path, a.cookie)).copy);
  const drawn = await httpAnswers(path);
  expect(drawn).toBeGreaterThanOrEqual(2);

  for (let i = 0; i < 6; i++) {
    const page = await visit(path, b.cookie);
    expect(page.status).toBe(200);
    expect(page.copy).toBe("hit");
    expect(page.html).toContain(b.username);
    expect(page.html).not.toContain(a.username);
    expect(page.html).not.toContain('href="/admin');
    const nonce = page.headers.get("content-security-policy")!.match(/'nonce-([^']+)'/)![1];
    const used = new Set([...page.html.matchAll(/\snonce="([^"]+)"/g)].map((m) => m[1]));
    expect([...used]).toEqual([nonce]);
    // Gzipped from the copy's parts (fetch has checked its CRC), and not the front's cache's.
    expect(page.headers.get("content-encoding")).toBe("gzip");
    expect(page.headers.get("x-cache")).toBe("MISS");
    expect(page.headers.get("content-length")).not.toBeNull();
    expect(page.headers.get("cache-control")).toMatch(/private|no-store/);
  }
  // Not one of them through Remix.
  expect(await httpAnswers(path)).toBe(drawn);
});

test("an ended session gets the signed-out page at once, and an administrator is drawn apart", async () => {
  const member = await register("chanend");
  const path = `/?ended=${Date.now().toString(36)}`;
  for (let i = 0; i < 4; i++) expect((await visit(path, member.cookie)).copy).not.toBeNull();
  const out = await fetch(`${server.url}/api/logout`, {
    method: "POST",
    headers: { cookie: member.cookie, ...address() },
  });
  expect(out.ok).toBe(true);
  for (let i = 0; i < 4; i++) {
    const page = await visit(path, member.cookie);
    expect(page.status).toBe(200);
    expect(page.copy).toBeNull();
    expect(page.html).not.toContain(member.username);
  }

  const login = await fetch(`${server.url}/api/login`, {
    method: "POST",
    headers: { "content-type": "application/json", ...address() },
    body: JSON.stringify({ username: "admin", password: "faults-admin-password" }),
  });
  const admin = login.headers
    .getSetCookie()
    .map((c) => c.split(";")[0]!)
    .find((c) => c.startsWith("storyshare_session="))!;
  for (let i = 0; i < 4; i++) {
    const page = await visit(path, admin);
    expect(page.html).toContain('href="/admin');
  }
});

test("a worker killed with -9: members' pages go on, over the other or over HTTP", async () => {
  const member = await register("chankill");
  const path = `/?kill=${Date.now().toString(36)}`;
  for (let i = 0; i < 4; i++) await visit(path, member.cookie);
  const [victim] = workerPids(server);
  let stop = false;
  const statuses: number[] = [];
  const loops = Array.from({ length: 4 }, async () => {
    while (!stop) statuses.push((await visit(path, member.cookie)).status);
  });
  await sleep(500);
  process.kill(victim!, "SIGKILL");
  await sleep(3_000);
  stop = true;
  await Promise.all(loops);
  expect(statuses.length).toBeGreaterThan(20);
  expect(statuses.filter((s) => s !== 200)).toEqual([]);
  // The replacement draws its own copy once it is ready.
  await warm(async () => (await visit(path, member.cookie)).copy);
});

test("a member's /api read comes from the copy over the channel, the same as anyone's", async () => {
  const a = await register("chanapia");
  const b = await register("chanapib");
  const path = `/api/stories/regular?pageSize=7&probe=${Date.now().toString(36)}`;
  const read = async (cookie: string) => {
    const res = await fetch(`${server.url}${path}`, {
      headers: { accept: "application/json", "accept-encoding": "gzip", cookie, ...address() },
    });
    return { res, text: await res.text() };
  };
  await warm(async () => (await read(a.cookie)).res.headers.get("x-page-copy"));
  const anonymous = await read("");
  const drawn = await httpAnswers(path);
  for (let i = 0; i < 6; i++) {
    const { res, text } = await read(b.cookie);
    expect(res.status).toBe(200);
    expect(res.headers.get("x-page-copy")).toBe("hit");
    expect(res.headers.get("cache-control")).not.toMatch(/public/);
    expect(text).toBe(anonymous.text);
  }
  expect(await httpAnswers(path)).toBe(drawn);
});

test("a worker that has answered over the channel still leaves by itself on SIGTERM", async () => {
  const member = await register("chanterm");
  const path = `/?term=${Date.now().toString(36)}`;
  await warm(async () => (await visit(path, member.cookie)).copy);
  const [worker] = workerPids(server);
  process.kill(worker!, "SIGTERM");
  // remix-serve closes its server; with nothing else to do the process exits (the channel alone
  // must not hold it: its last reads are written as it leaves).
  await expect
    .poll(
      () => {
        try {
          process.kill(worker!, 0);
          return true;
        } catch {
          return false;
        }
      },
      { timeout: 15_000 },
    )
    .toBe(false);
});
