import { gunzipSync } from "node:zlib";
import { eq } from "drizzle-orm";
import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { db } from "#db/client";
import { notifications, sessions } from "#db/schema";
import { languageCookie } from "~/i18next.server";
import { createUser } from "~/models/users.server";
import { forgetApiCopies } from "~/web/api-copies.server";
import { type CopyRequest, remixUrl, replyTo } from "~/web/copy-requests.server";
import {
  decide,
  fillFrom,
  forgetMemberPages,
  type OwnParts,
  sameForMembers,
  shownViewer,
} from "~/web/member-pages.server";
import { routeArgs, sessionOnly, signInAs } from "./helpers";

/**
 * Decision 071: behind the front, a member's page is asked for over the worker's channel and
 * answered from a fresh copy without Remix, by the same checks and key as decision 039's: any
 * request that `decide` would not give that copy gets null (and goes over HTTP).
 */

const HOST = "localhost:3000";
const browser = (cookie: string, extra: Record<string, string> = {}) => ({
  accept: "text/html,application/xhtml+xml",
  "accept-encoding": "gzip, deflate, br",
  cookie,
  host: HOST,
  ...extra,
});

let id = 0;
const ask = (url: string, headers: CopyRequest["headers"]) =>
  replyTo({ kind: "member-copy", id: ++id, url, headers });

/** A page drawn through Remix's path for the member with `cookie` (decide, then fill). */
async function draw(url: string, cookie: string, ownParts?: OwnParts) {
  const request = new Request(`http://${HOST}${url}`, { headers: browser(cookie) });
  const args = { request, context: {}, params: {} };
  const [decision] = await Promise.all([
    decide(args),
    sameForMembers(args, async () => "data", ownParts),
  ]);
  if (decision.kind !== "fill") return decision.kind;
  const standIn = shownViewer(decision, null)!;
  const page = Buffer.from(
    `<script nonce="n1">x</script><b>${standIn.username}</b><i>${standIn.avatar}</i>${"<p>Түүх</p>".repeat(500)}`,
  );
  const headers = new Headers({
    "Cache-Control": "private, no-cache",
    Vary: "Cookie, Accept-Encoding",
    "Content-Type": "text/html; charset=utf-8",
    "X-Frame-Options": "DENY",
  });
  fillFrom(decision, page, "n1", 200, headers, true);
  return "fill";
}

let drawer = "";
let reader = "";
let readerId = "";

beforeAll(async () => {
  await createUser("channel_drawer", "secret-pass");
  drawer = sessionOnly(await signInAs("channel_drawer"));
  readerId = (await createUser("channel_reader", "secret-pass")).id;
  reader = sessionOnly(await signInAs("channel_reader"));
});

afterEach(() => {
  vi.useRealTimers();
  forgetMemberPages();
});

describe("a member's copy over the front's channel", () => {
  it("is the copy with the member written in, with the headers Remix's path gives it", async () => {
    expect(await draw("/?channel=1", drawer)).toBe("fill");
    const reply = await ask("/?channel=1", browser(reader));
    expect(reply.id).toBe(id);
    const answer = reply.answer!;
    const headers = new Headers(answer.headers);
    const page = gunzipSync(answer.body).toString();
    const nonce = headers.get("Content-Security-Policy")!.match(/'nonce-([^']+)'/)![1];
    expect(page).toContain(`<script nonce="${nonce}">x</script><b>channel_reader</b>`);
    expect(page).not.toContain("channel_drawer");
    expect(headers.get("Content-Encoding")).toBe("gzip");
    expect(headers.get("Content-Length")).toBe(String(answer.body.byteLength));
    expect(headers.get("X-Page-Copy")).toBe("hit");
    expect(headers.get("Cache-Control")).toBe("private, no-cache");
    expect(headers.get("X-Frame-Options")).toBe("DENY");
    expect(headers.get("Set-Cookie")).toBeNull();
    // Each answer its own nonce.
    const again = new Headers((await ask("/?channel=1", browser(reader))).answer!.headers);
    expect(again.get("Content-Security-Policy")).not.toBe(headers.get("Content-Security-Policy"));
  });

  it("is null wherever Remix's path would draw the page or has no fresh copy", async () => {
    // No loader has said the address has copies.
    expect((await ask("/?channel=2", browser(reader))).answer).toBeNull();
    expect(await draw("/?channel=2", drawer)).toBe("fill");
    const english = (await languageCookie.serialize("en")).split(";")[0];
    const cases: [string, CopyRequest["headers"]][] = [
      ["/?channel=2", browser(reader, { "accept-encoding": "identity" })],
      ["/?channel=2", browser(`${reader}; toast=x`)],
      ["/?channel=2", browser(reader, { "sec-fetch-dest": "empty" })],
      ["/?channel=2", browser(reader, { accept: "*/*" })],
      ["/?channel=2&lng=en", browser(reader)],
      ["/?channel=3", browser(reader)],
      ["/?channel=2", browser("storyshare_session=forged")],
      ["/?channel=2", browser(reader, { host: "other.example" })],
      ["/?channel=2", browser(reader, { host: "bad host" })],
      // Another language or theme is another copy.
      ["/?channel=2", browser(`${reader}; ${english}`)],
    ];
    for (const [url, headers] of cases) {
      expect((await ask(url, headers)).answer, `${url} ${JSON.stringify(headers)}`).toBeNull();
    }
    expect((await ask("/?channel=2", browser(reader))).answer).not.toBeNull();
  });

  it("sees a new count, an ended session and a stale copy at once", async () => {
    expect(await draw("/?channel=4", drawer)).toBe("fill");
    expect((await ask("/?channel=4", browser(reader))).answer).not.toBeNull();
    // A notification: another count, so another copy (none yet).
    await db.insert(notifications).values({ user_id: readerId, kind: "test" });
    expect((await ask("/?channel=4", browser(reader))).answer).toBeNull();
    await db.delete(notifications).where(eq(notifications.user_id, readerId));
    expect((await ask("/?channel=4", browser(reader))).answer).not.toBeNull();
    // Past its freshness the copy is drawn again through Remix.
    vi.useFakeTimers({ toFake: ["Date"], now: Date.now() + 10 * 60_000 });
    expect((await ask("/?channel=4", browser(reader))).answer).toBeNull();
    vi.useRealTimers();
    await db.delete(sessions).where(eq(sessions.user_id, readerId));
    expect((await ask("/?channel=4", browser(reader))).answer).toBeNull();
    reader = sessionOnly(await signInAs("channel_reader"));
  });

  it("keys on the member's own parts as the loader said them, and draws when it says null", async () => {
    const own: OwnParts = async (userId) => (userId === readerId ? null : "not hearted");
    expect(await draw("/stories/1?channel=5", drawer, own)).toBe("fill");
    expect((await ask("/stories/1?channel=5", browser(reader))).answer).toBeNull();
    await createUser("channel_third", "secret-pass");
    const third = sessionOnly(await signInAs("channel_third"));
    expect((await ask("/stories/1?channel=5", browser(third))).answer).not.toBeNull();
  });
});

describe("the address Remix's express adapter gives a request", () => {
  it("takes the Host's name and the forwarded host's port, else the Host's", () => {
    expect(remixUrl("/a?b=1", { host: "localhost:3000" })).toBe("http://localhost:3000/a?b=1");
    expect(remixUrl("/", { host: "example.mn" })).toBe("http://example.mn/");
    expect(remixUrl("/", { host: "a.mn:8080", "x-forwarded-host": "b.mn:9090" })).toBe(
      "http://a.mn:9090/",
    );
    expect(remixUrl("/", { host: "[::1]:3000" })).toBe("http://[::1]/");
  });
});

describe("a member's /api read over the front's channel", () => {
  const api = (cookie: string, extra: Record<string, string> = {}) => ({
    accept: "application/json",
    "accept-encoding": "gzip",
    cookie,
    host: HOST,
    ...extra,
  });
  /** The operation's answer through Remix's path (which keeps the members' copy). */
  async function through(path: string, headers: Record<string, string>) {
    const { RESOURCES } = await import("~/api/index.server");
    const resource = RESOURCES.find((r) => r.path === path.split("?")[0])!;
    const request = new Request(`http://${HOST}${path}`, { headers });
    const answer = await resource.loader(routeArgs(request));
    return { status: answer.status, text: await answer.text(), headers: answer.headers };
  }

  it("is the answer Remix's path gave a member, compressed, for the next member", async () => {
    forgetApiCopies();
    const path = "/api/stories/regular?pageSize=5";
    expect((await ask(path, api(reader))).answer).toBeNull();
    const drawn = await through(path, api(drawer, { "accept-encoding": "identity" }));
    expect(drawn.status).toBe(200);
    const answer = (await ask(path, api(reader))).answer!;
    expect(gunzipSync(answer.body).toString()).toBe(drawn.text);
    const headers = new Headers(answer.headers);
    expect(headers.get("Content-Type")).toBe(drawn.headers.get("Content-Type"));
    expect(headers.get("Cache-Control")).toBe(drawn.headers.get("Cache-Control"));
    expect(headers.get("Cache-Control")).not.toMatch(/public/);
    expect(headers.get("Content-Encoding")).toBe("gzip");
    expect(headers.get("Vary")).toMatch(/Cookie.*Accept-Language.*Accept-Encoding/);
    expect(headers.get("X-Total-Count")).toBe(drawn.headers.get("X-Total-Count"));

    const english = (await languageCookie.serialize("en")).split(";")[0];
    for (const headers of [
      api(""),
      api(`${reader}; storyshare_fresh=1`),
      api(reader, { authorization: "Bearer x" }),
      api(`${reader}; ${english}`),
      api(reader, { "accept-language": "en" }),
      api(reader, { "accept-encoding": "identity" }),
    ]) {
      expect((await ask(path, headers)).answer, JSON.stringify(headers)).toBeNull();
    }
    expect((await ask(`${path}&page=2`, api(reader))).answer).toBeNull();
    vi.useFakeTimers({ toFake: ["Date"], now: Date.now() + 11_000 });
    expect((await ask(path, api(reader))).answer).toBeNull();
  });

  it("is kept only for operations whose member's answer is the anonymous one", async () => {
    const { RESOURCES } = await import("~/api/index.server");
    const same = RESOURCES.filter((r) => r.operations.GET?.sameForMembers);
    expect(same.map((r) => r.path).sort()).toEqual([
      "/api/donation-pools",
      "/api/stories/featured",
      "/api/stories/regular",
    ]);
    for (const resource of same) {
      const op = resource.operations.GET!;
      expect(op.access).toBe("public");
      expect(op.sharedCache).toBe(true);
      const anonymous = await through(resource.path, api(""));
      const member = await through(resource.path, api(reader));
      expect(member.text, resource.path).toBe(anonymous.text);
    }
    // Declared shared, not the same for members: never kept.
    forgetApiCopies();
    await through("/api/donation-pools/totals", api(drawer));
    expect((await ask("/api/donation-pools/totals", api(reader))).answer).toBeNull();
  });
});
