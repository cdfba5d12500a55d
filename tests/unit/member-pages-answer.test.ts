import { gunzipSync } from "node:zlib";
import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { db } from "#db/client";
import { notifications, sessions, userRoles } from "#db/schema";
import { sessionUser } from "~/models/sessions.server";
import { createUser } from "~/models/users.server";
import {
  answerFromCopy,
  decide,
  fillFrom,
  forgetMemberPages,
  localeOf,
  sameForMembers,
  shownViewer,
} from "~/web/member-pages.server";
import { ORIGIN, sessionOnly, signInAs } from "./helpers";

/**
 * Issue 45 item 2: what a member's copy costs was cut (the session lookup prepared once, the
 * locale found once, the answer's headers in one list, the page's CRC combined from its parts').
 * Each answer must stay exactly what it was.
 */

const page = (cookie: string, path = "/") =>
  new Request(`${ORIGIN}${path}`, {
    headers: { Accept: "text/html", Cookie: cookie, Host: "localhost:3000" },
  });

let userId = "";

beforeAll(async () => {
  userId = (await createUser("answer_member", "secret-pass")).id;
});

describe("the session lookup, prepared once", () => {
  it("sees a new notification, a new role and an ended or expired session at once", async () => {
    const cookie = sessionOnly(await signInAs("answer_member"));
    expect(await sessionUser(page(cookie))).toMatchObject({
      id: userId,
      username: "answer_member",
      role: "user",
      unread: 0,
    });
    await db.insert(notifications).values({ user_id: userId, kind: "test" });
    await db.insert(userRoles).values({ user_id: userId, role: "admin" });
    expect(await sessionUser(page(cookie))).toMatchObject({ role: "admin", unread: 1 });
    await db.delete(userRoles).where(eq(userRoles.user_id, userId));

    await db
      .update(sessions)
      .set({ expires_at: new Date(Date.now() - 1000).toISOString() })
      .where(eq(sessions.user_id, userId));
    expect(await sessionUser(page(cookie))).toBeNull();

    const again = sessionOnly(await signInAs("answer_member"));
    expect(await sessionUser(page(again))).toMatchObject({ username: "answer_member" });
    await db.delete(sessions).where(eq(sessions.user_id, userId));
    expect(await sessionUser(page(again))).toBeNull();
    expect(await sessionUser(page("storyshare_session=forged"))).toBeNull();
  });
});

describe("a member's answer from a copy", () => {
  it("is the page with them written in, with the copy's headers and this answer's own", async () => {
    forgetMemberPages();
    // Same role and inbox count: one copy.
    await createUser("answer_drawer", "secret-pass");
    const drawer = sessionOnly(await signInAs("answer_drawer"));
    await createUser("answer_reader", "secret-pass");
    const reader = sessionOnly(await signInAs("answer_reader"));
    const visit = async (cookie: string) => {
      const args = { request: page(cookie), context: {}, params: {} };
      const [decision] = await Promise.all([
        decide(args),
        sameForMembers(args, async () => "data"),
      ]);
      return { decision, locale: await localeOf(args) };
    };

    const first = await visit(drawer);
    expect(first.locale).toBe("mn");
    if (first.decision.kind !== "fill") throw new Error(first.decision.kind);
    const standIn = shownViewer(first.decision, null)!;
    const drawn = Buffer.from(
      `<script nonce="n1">x</script><b>${standIn.username}</b>${"<p>Түүх</p>".repeat(3000)}` +
        `<i>${standIn.avatar}</i><script nonce="n1">{"username":"${standIn.username}"}</script>`,
    );
    const headers = new Headers({
      "Cache-Control": "private, no-cache",
      Vary: "Cookie, Accept-Encoding",
      "Content-Security-Policy": "script-src 'nonce-n1'",
      "Content-Length": "1",
    });
    fillFrom(first.decision, drawn, "n1", 200, headers, true);

    const second = await visit(reader);
    if (second.decision.kind !== "copy") throw new Error(second.decision.kind);
    const avatar = second.decision.viewer.avatar;
    const expected =
      `<script nonce="n2">x</script><b>answer_reader</b>${"<p>Түүх</p>".repeat(3000)}` +
      `<i>${avatar}</i><script nonce="n2">{"username":"answer_reader"}</script>`;
    for (const gzip of [true, false]) {
      const answer = answerFromCopy(second.decision, "n2", gzip, "script-src 'nonce-n2'");
      const response = new Response(answer.page as Uint8Array<ArrayBuffer>, {
        headers: answer.headers,
      });
      const body = Buffer.from(await response.arrayBuffer());
      expect((gzip ? gunzipSync(body) : body).toString()).toBe(expected);
      expect(response.headers.get("Content-Length")).toBe(String(body.length));
      expect(response.headers.get("Content-Security-Policy")).toBe("script-src 'nonce-n2'");
      expect(response.headers.get("Content-Encoding")).toBe(gzip ? "gzip" : null);
      expect(response.headers.get("X-Page-Copy")).toBe("hit");
      expect(response.headers.get("Cache-Control")).toBe("private, no-cache");
      expect(response.headers.get("Vary")).toBe("Cookie, Accept-Encoding");
    }
  });
});
