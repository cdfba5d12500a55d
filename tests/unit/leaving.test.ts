import { and, count, eq, sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { db } from "#db/client";
import {
  auditLog,
  comments,
  notifications,
  outbox,
  sessions,
  stories,
  storyHearts,
  userRoles,
  users,
} from "#db/schema";
import { addComment } from "~/models/comments.server";
import { approveStory, verifyStoryPayment } from "~/models/moderation.server";
import { setHeart } from "~/models/stories.server";
import { createStory } from "~/models/story-submission.server";
import { createUser, type User, verifyLogin } from "~/models/users.server";
import { action as storyApi, loader as storyApiGet } from "~/routes/api.authors.$username.stories";
import { action as oneStoryApi, loader as oneStoryGet } from "~/routes/api.stories.$id";
import { action as userApi } from "~/routes/api.user";
import { loader as authorPage } from "~/routes/authors.$username";
import { action as profileAction } from "~/routes/profile";
import { loader as rss } from "~/routes/rss[.]xml";
import { loader as sitemapXml } from "~/routes/sitemap[.]xml";
import { formRequest, getRequest, jsonRequest, routeArgs, signInAs } from "./helpers";

/** Issue 18 items 1, 5 and 6: deleting one's own story, deleting one's account, author pages. */

let admin: User;
const input = {
  title: "Миний түүх",
  story: "Хангалттай урт түүхийн бие энд байна, олон үгтэй.",
  bank_name: "TDB",
  bank_account: "4001002003",
};

beforeAll(async () => {
  admin = await createUser("leave_admin", "secret-pass", "admin");
});

async function publish(author: User, extra: Partial<typeof input> = {}) {
  const story = await createStory(author, { ...input, ...extra, pricing_tier: "free" });
  if (story.status !== "approved") await approveStory(story.id, admin);
  return story;
}

async function paidVerified(author: User) {
  const story = await createStory(author, {
    ...input,
    title: "Төлбөртэй түүх",
    pricing_tier: "weekly",
    payment_reference: "810810",
  });
  await verifyStoryPayment(story.id, admin, new Date(), undefined, 5000);
  await approveStory(story.id, admin);
  return story;
}

const storyRow = (id: number) => db.query.stories.findFirst({ where: eq(stories.id, id) });

/** The kept counts must equal what a count of the rows says. */
async function expectCountsRight() {
  const kept = await db.all<{ status: string; stories: number }>(
    sql`SELECT status, stories FROM story_counts WHERE stories <> 0 ORDER BY status`,
  );
  const real = await db.all<{ status: string; stories: number }>(
    sql`SELECT status, count(*) AS stories FROM stories GROUP BY status ORDER BY status`,
  );
  expect(kept).toEqual(real);
  const drift = await db.all(sql`
    SELECT id FROM stories s
     WHERE hearts_count <> (SELECT count(*) FROM story_hearts h WHERE h.story_id = s.id)
        OR comments_count <> (SELECT count(*) FROM comments c WHERE c.story_id = s.id)`);
  expect(drift).toEqual([]);
}

const deleteAudits = (id: number) =>
  db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.action, "story.delete"), eq(auditLog.entity_id, String(id))));

function apiDelete(path: string, cookie: string, body?: unknown) {
  return body === undefined
    ? new Request(`http://localhost:3000${path}`, {
        method: "DELETE",
        headers: { host: "localhost:3000", origin: "http://localhost:3000", cookie },
      })
    : jsonRequest(path, body, { method: "DELETE", cookie });
}

async function answer(call: Promise<unknown>) {
  try {
    return (await call) as Response;
  } catch (thrown) {
    if (thrown instanceof Response) return thrown;
    throw thrown;
  }
}

describe("deleting one's own story (issue 18 item 1)", () => {
  it("from /profile: the story, its comments and hearts go; the counts follow; audited", async () => {
    const author = await createUser("leave_writer", "secret-pass");
    const reader = await createUser("leave_reader", "secret-pass");
    const story = await publish(author);
    await addComment(story.id, reader, { content: "Сайхан түүх байна." });
    await setHeart(story.id, reader, true);
    const cookie = await signInAs("leave_writer");
    const res = (await profileAction(
      routeArgs(formRequest("/profile", { intent: "delete-story", id: String(story.id) }, cookie)),
    )) as Response;
    expect(res.status).toBe(302);
    expect(res.headers.get("Location")).toBe("/profile");
    expect(await storyRow(story.id)).toBeUndefined();
    expect(await db.$count(comments, eq(comments.story_id, story.id))).toBe(0);
    expect(await db.$count(storyHearts, eq(storyHearts.story_id, story.id))).toBe(0);
    const [audit] = await deleteAudits(story.id);
    expect(audit).toMatchObject({ actor_id: author.id, actor_username: "leave_writer" });
    expect(JSON.parse(audit!.details!)).toEqual({
      title: input.title,
      author: "leave_writer",
      status: "approved",
      pricing_tier: "free",
      via: "author",
    });
    await expectCountsRight();
  });

  it("/api: someone else's published story is 403, one they cannot read 404; an admin may", async () => {
    const owner = await createUser("leave_owner", "secret-pass");
    await createUser("leave_other", "secret-pass");
    const published = await publish(owner);
    const pending = await createStory(owner, {
      ...input,
      pricing_tier: "weekly",
      payment_reference: "830830",
    });
    const other = await signInAs("leave_other");
    const del = (id: number, cookie: string) =>
      answer(
        oneStoryApi(routeArgs(apiDelete(`/api/stories/${id}?lng=en`, cookie), { id: `${id}` })),
      );

    const forbidden = await del(published.id, other);
    expect(forbidden.status).toBe(403);
    expect(await forbidden.json()).toEqual({ error: "You can delete only your own stories." });
    expect((await del(pending.id, other)).status).toBe(404);
    expect((await del(999_999, other)).status).toBe(404);
    expect(await storyRow(published.id)).toBeDefined();
    expect(await storyRow(pending.id)).toBeDefined();

    const mine = await del(pending.id, await signInAs("leave_owner"));
    expect(mine.status).toBe(200);
    expect(await mine.json()).toEqual({ id: pending.id });
    const byAdmin = await del(published.id, await signInAs("leave_admin"));
    expect(byAdmin.status).toBe(200);
    const [audit] = await deleteAudits(published.id);
    expect(audit?.actor_username).toBe("leave_admin");
    expect(JSON.parse(audit!.details!)).not.toHaveProperty("via");
    await expectCountsRight();
  });

  it("a verified payment stays on record: the audit row keeps price, code, dates and account", async () => {
    const author = await createUser("leave_payer", "secret-pass");
    const story = await paidVerified(author);
    const before = await storyRow(story.id);
    const cookie = await signInAs("leave_payer");
    const res = await answer(
      oneStoryApi(routeArgs(apiDelete(`/api/stories/${story.id}`, cookie), { id: `${story.id}` })),
    );
    expect(res.status).toBe(200);
    const [audit] = await deleteAudits(story.id);
    expect(JSON.parse(audit!.details!)).toEqual({
      title: "Төлбөртэй түүх",
      author: "leave_payer",
      status: "approved",
      pricing_tier: "weekly",
      via: "author",
      price: before!.price,
      payment_status: "verified",
      payment_reference: "810810",
      payment_verified_at: before!.payment_verified_at,
      bank_name: "TDB",
      bank_account: "4001002003",
    });
    // The verification itself is still in the log, with what arrived.
    const verified = await db
      .select()
      .from(auditLog)
      .where(
        and(eq(auditLog.action, "story.verify_payment"), eq(auditLog.entity_id, String(story.id))),
      );
    expect(JSON.parse(verified[0]!.details!)).toMatchObject({ amount_received: 5000 });
  });
});

describe("deleting one's account (issue 18 item 5)", () => {
  it("a wrong username is a 400 with a field error in the caller's language; nothing changes", async () => {
    const user = await createUser("leave_typo", "secret-pass");
    await publish(user);
    const cookie = await signInAs("leave_typo");
    const res = await answer(
      userApi(
        routeArgs(
          apiDelete("/api/user?lng=en", cookie, {
            username: "leave_tpyo",
            keep_stories: false,
            currentPassword: "secret-pass",
          }),
        ),
      ),
    );
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual({
      error: "That is not your account’s username.",
      fieldErrors: { username: ["That is not your account’s username."] },
    });
    const missing = await answer(
      userApi(
        routeArgs(
          apiDelete("/api/user?lng=en", cookie, {
            username: "leave_typo",
            currentPassword: "secret-pass",
          }),
        ),
      ),
    );
    expect(missing.status).toBe(400);
    expect(await db.$count(users, eq(users.id, user.id))).toBe(1);
    expect(await db.$count(stories, eq(stories.user_id, user.id))).toBe(1);
    // The screen keeps what was typed and says which field.
    const form = await profileAction(
      routeArgs(
        formRequest(
          "/profile",
          {
            intent: "delete-account",
            username: "someone",
            keep_stories: "keep",
            currentPassword: "secret-pass",
          },
          cookie,
        ),
      ),
    );
    expect(form).toMatchObject({
      data: {
        intent: "delete-account",
        result: {
          error: { username: ["leave.account.wrongUsername"] },
          initialValue: { username: "someone", keep_stories: "keep" },
        },
      },
      init: { status: 400 },
    });
    expect(await db.$count(users, eq(users.id, user.id))).toBe(1);
  });

  it("asks for the current password (issue 38 item 10): wrong or missing is a 400 on that field, nothing deleted", async () => {
    const user = await createUser("leave_pw", "secret-pass");
    const story = await publish(user);
    const cookie = await signInAs("leave_pw");
    const del = (body: Record<string, unknown>) =>
      answer(
        userApi(
          routeArgs(
            apiDelete("/api/user?lng=en", cookie, {
              username: "leave_pw",
              keep_stories: false,
              ...body,
            }),
          ),
        ),
      );
    const wrong = await del({ currentPassword: "not-the-password" });
    expect(wrong.status).toBe(400);
    expect(await wrong.json()).toEqual({
      error: "Your current password is not correct.",
      fieldErrors: { currentPassword: ["Your current password is not correct."] },
    });
    const missing = await del({});
    expect(missing.status).toBe(400);
    expect((await missing.json()).fieldErrors).toEqual({
      currentPassword: ["Enter your current password."],
    });
    // The screen says so on the field, keeps the rest of what was typed, never the password.
    const form = await profileAction(
      routeArgs(
        formRequest(
          "/profile",
          {
            intent: "delete-account",
            username: "leave_pw",
            keep_stories: "remove",
            currentPassword: "not-the-password",
          },
          cookie,
        ),
      ),
    );
    expect(form).toMatchObject({
      data: {
        intent: "delete-account",
        result: {
          error: { currentPassword: ["validation.currentPasswordWrong"] },
          initialValue: { username: "leave_pw", keep_stories: "remove" },
        },
      },
      init: { status: 400 },
    });
    expect(JSON.stringify(form)).not.toContain("not-the-password");
    expect(await db.$count(users, eq(users.id, user.id))).toBe(1);
    expect(await db.$count(stories, eq(stories.id, story.id))).toBe(1);
    expect(await verifyLogin("leave_pw", "secret-pass")).not.toBeNull();
  });

  it("guessing the password through deletion is limited as the password change is", async () => {
    const user = await createUser("leave_guess", "secret-pass");
    const cookie = await signInAs("leave_guess");
    const statuses: number[] = [];
    for (let i = 0; i < 11; i++) {
      const res = await answer(
        userApi(
          routeArgs(
            apiDelete("/api/user", cookie, {
              username: "leave_guess",
              keep_stories: false,
              currentPassword: `guess-${i}`,
            }),
          ),
        ),
      );
      statuses.push(res.status);
      if (res.status === 429) expect(Number(res.headers.get("Retry-After"))).toBeGreaterThan(0);
    }
    expect(statuses.slice(0, 10).every((s) => s === 400)).toBe(true);
    expect(statuses[10]).toBe(429);
    // Even the right password waits: the guesses are spent for the hour.
    const right = await answer(
      userApi(
        routeArgs(
          apiDelete("/api/user", cookie, {
            username: "leave_guess",
            keep_stories: false,
            currentPassword: "secret-pass",
          }),
        ),
      ),
    );
    expect(right.status).toBe(429);
    expect(await db.$count(users, eq(users.id, user.id))).toBe(1);
  });

  it("keeping stories: the published ones stay under «former member», everything else goes", async () => {
    const leaver = await createUser("Leave_Keeper", "secret-pass");
    const neighbour = await createUser("leave_neighbour", "secret-pass");
    await db
      .update(users)
      .set({ email: "keeper@example.mn", email_confirmed_at: new Date().toISOString() })
      .where(eq(users.id, leaver.id));
    const kept = await paidVerified(leaver);
    const waiting = await createStory(leaver, {
      ...input,
      pricing_tier: "daily",
      payment_reference: "840840",
    });
    const theirs = await publish(neighbour);
    await setHeart(theirs.id, leaver, true);
    await setHeart(theirs.id, neighbour, true);
    await addComment(theirs.id, leaver, { content: "Баярлалаа, сайхан бичжээ." });
    await addComment(theirs.id, neighbour, { content: "Танд ч баярлалаа." });
    await addComment(kept.id, neighbour, { content: "Гоё түүх." });
    await db.insert(outbox).values([
      {
        dedupe_key: "t:keeper:inbox",
        channel: "email",
        recipient: "keeper@example.mn",
        kind: "inbox",
      },
      {
        dedupe_key: "t:keeper:pledge",
        channel: "email",
        recipient: "keeper@example.mn",
        kind: "pledge.verified",
      },
    ]);
    const cookie = await signInAs("leave_keeper");
    const res = await answer(
      userApi(
        routeArgs(
          apiDelete("/api/user", cookie, {
            username: "LEAVE_KEEPER",
            keep_stories: true,
            currentPassword: "secret-pass",
          }),
        ),
      ),
    );
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ deleted: true, keep_stories: true });
    expect(res.headers.get("Set-Cookie")).toMatch(/Max-Age=0|Expires=Thu, 01 Jan 1970/);

    expect(await db.$count(users, eq(users.id, leaver.id))).toBe(0);
    expect(await db.$count(userRoles, eq(userRoles.user_id, leaver.id))).toBe(0);
    expect(await db.$count(sessions, eq(sessions.user_id, leaver.id))).toBe(0);
    expect(await db.$count(notifications, eq(notifications.user_id, leaver.id))).toBe(0);
    expect(await verifyLogin("Leave_Keeper", "secret-pass")).toBeNull();

    const row = await storyRow(kept.id);
    expect(row).toMatchObject({ author: "", user_id: null, status: "approved", comments_count: 1 });
    expect(await storyRow(waiting.id)).toBeUndefined();
    expect(JSON.parse((await deleteAudits(waiting.id))[0]!.details!)).toMatchObject({
      via: "account",
      status: "pending",
    });
    expect(await storyRow(theirs.id)).toMatchObject({ hearts_count: 1, comments_count: 1 });
    await expectCountsRight();

    const mail = await db.select().from(outbox).where(eq(outbox.recipient, "keeper@example.mn"));
    expect(Object.fromEntries(mail.map((m) => [m.kind, m.status]))).toEqual({
      inbox: "skipped",
      // The neighbour's comment on the kept story queued the author a digest: not sent either.
      comments: "skipped",
      "pledge.verified": "pending",
    });

    const [audit] = await db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, "account.delete"), eq(auditLog.entity_id, leaver.id)));
    expect(audit).toMatchObject({ actor_id: leaver.id, actor_username: "Leave_Keeper" });
    expect(JSON.parse(audit!.details!)).toEqual({
      username: "Leave_Keeper",
      stories: "kept",
      story_count: 2,
      comments: 1,
      hearts: 1,
    });

    // Everywhere the author is shown: «former member», in the reader's language; no bank account.
    const api = await oneStoryGet(
      routeArgs(getRequest(`/api/stories/${kept.id}?lng=en`), { id: `${kept.id}` }),
    );
    expect(await api.json()).toMatchObject({
      author: "Former member",
      user_id: null,
      bank_name: null,
      bank_account: null,
    });
    const mn = await oneStoryGet(
      routeArgs(getRequest(`/api/stories/${kept.id}`), { id: `${kept.id}` }),
    );
    expect((await mn.json()).author).toBe("Хуучин гишүүн");
    expect(await (await rss(routeArgs(getRequest("/rss.xml?lng=en")))).text()).toContain(
      "<dc:creator>Former member</dc:creator>",
    );
    // No page for a deleted account.
    const page = await answer(
      authorPage(routeArgs(getRequest("/authors/Leave_Keeper"), { username: "Leave_Keeper" })),
    );
    expect((page as Response).status).toBe(404);
  });

  it("removing stories, from /profile: signed out, sent home with a toast, every story gone", async () => {
    const leaver = await createUser("leave_remover", "secret-pass");
    const published = await publish(leaver);
    const paid = await paidVerified(leaver);
    const cookie = await signInAs("leave_remover");
    const res = (await profileAction(
      routeArgs(
        formRequest(
          "/profile",
          {
            intent: "delete-account",
            username: "leave_remover",
            keep_stories: "remove",
            currentPassword: "secret-pass",
          },
          cookie,
        ),
      ),
    )) as Response;
    expect(res.status).toBe(302);
    expect(res.headers.get("Location")).toBe("/");
    const set = res.headers.getSetCookie().join("\n");
    expect(set).toMatch(/storyshare_toast=/);
    expect(await db.$count(users, eq(users.id, leaver.id))).toBe(0);
    expect(await storyRow(published.id)).toBeUndefined();
    expect(await storyRow(paid.id)).toBeUndefined();
    expect(JSON.parse((await deleteAudits(paid.id))[0]!.details!)).toMatchObject({
      via: "account",
      payment_status: "verified",
      payment_reference: "810810",
    });
    await expectCountsRight();
    const who = await answer(
      (await import("~/routes/api.user")).loader(routeArgs(getRequest("/api/user", cookie))),
    );
    expect(who.status).toBe(401);
  });

  it("choosing nothing for the stories is refused with its field's message", async () => {
    await createUser("leave_undecided", "secret-pass");
    const cookie = await signInAs("leave_undecided");
    const form = await profileAction(
      routeArgs(
        formRequest(
          "/profile",
          { intent: "delete-account", username: "leave_undecided", currentPassword: "secret-pass" },
          cookie,
        ),
      ),
    );
    expect(form).toMatchObject({
      data: { result: { error: { keep_stories: ["leave.account.chooseStories"] } } },
      init: { status: 400 },
    });
  });

  it("the last administrator cannot leave (409, said plainly); with another one they can", async () => {
    // This file's database: leave_admin is, so far, the only administrator.
    await db
      .delete(userRoles)
      .where(and(eq(userRoles.role, "admin"), sql`${userRoles.user_id} <> ${admin.id}`));
    const cookie = await signInAs("leave_admin");
    const refused = await answer(
      userApi(
        routeArgs(
          apiDelete("/api/user?lng=en", cookie, {
            username: "leave_admin",
            keep_stories: true,
            currentPassword: "secret-pass",
          }),
        ),
      ),
    );
    expect(refused.status).toBe(409);
    expect((await refused.json()).error).toMatch(/only administrator/);
    expect(await db.$count(users, eq(users.id, admin.id))).toBe(1);

    const second = await createUser("leave_admin_two", "secret-pass", "admin");
    // Both at once: one of them leaves, the other stays the last administrator.
    const twoCookie = await signInAs("leave_admin_two");
    const results = await Promise.all([
      answer(
        userApi(
          routeArgs(
            apiDelete("/api/user", cookie, {
              username: "leave_admin",
              keep_stories: true,
              currentPassword: "secret-pass",
            }),
          ),
        ),
      ),
      answer(
        userApi(
          routeArgs(
            apiDelete("/api/user", twoCookie, {
              username: "leave_admin_two",
              keep_stories: true,
              currentPassword: "secret-pass",
            }),
          ),
        ),
      ),
    ]);
    expect(results.map((r) => r.status).sort()).toEqual([200, 409]);
    const [{ admins } = { admins: 0 }] = await db
      .select({ admins: count() })
      .from(userRoles)
      .where(eq(userRoles.role, "admin"));
    expect(admins).toBe(1);
    expect(second.id).toBeTruthy();
  });
});

describe("author pages (issue 18 item 6)", () => {
  let author: User;
  const made: number[] = [];
  beforeAll(async () => {
    author = await createUser("Leave_Pager", "secret-pass");
    // Straight into the table: ten stories in an hour is over the posting limit.
    const base = Date.parse("2026-01-01T00:00:00Z");
    for (let i = 0; i < 10; i++) {
      const [row] = await db
        .insert(stories)
        .values({
          ...input,
          title: `Түүх ${i + 1}`,
          user_id: author.id,
          author: author.username,
          pricing_tier: "free",
          status: "approved",
          submitted_at: new Date(base + i * 60_000).toISOString(),
        })
        .returning({ id: stories.id });
      made.push(row!.id);
    }
    await db.insert(stories).values({
      ...input,
      title: "Хүлээгдэж буй",
      user_id: author.id,
      author: author.username,
      pricing_tier: "free",
      status: "pending",
    });
  });

  it("lists the approved stories newest first, nine a page, found in any letter case", async () => {
    const first = await authorPage(
      routeArgs(getRequest("/authors/leave_pager"), { username: "leave_pager" }),
    );
    expect(first.author.username).toBe("Leave_Pager");
    expect(first.stories.total).toBe(10);
    expect(first.stories.items.map((s) => s.id)).toEqual([...made].reverse().slice(0, 9));
    expect(first.canonical).toBe("http://localhost:3000/authors/Leave_Pager");
    expect(first.meta.title).toContain("Leave_Pager");
    const second = await authorPage(
      routeArgs(getRequest("/authors/Leave_Pager?page=2"), { username: "Leave_Pager" }),
    );
    expect(second.stories.items.map((s) => s.id)).toEqual([made[0]]);
    expect(second.canonical).toBe("http://localhost:3000/authors/Leave_Pager?page=2");
    const sitemap = await (await sitemapXml(routeArgs(getRequest("/sitemap.xml")))).text();
    expect(sitemap).toContain("<loc>http://localhost:3000/authors/Leave_Pager</loc>");
    expect(sitemap).not.toContain("Leave_Keeper");
    const unknown = await answer(
      authorPage(routeArgs(getRequest("/authors/nobody_here"), { username: "nobody_here" })),
    );
    expect((unknown as Response).status).toBe(404);
  });

  it("its /api twin pages the same way, with the totals in the headers", async () => {
    const get = (query: string, username = "Leave_Pager") =>
      storyApiGet(routeArgs(getRequest(`/api/authors/${username}/stories${query}`), { username }));
    const first = await get("");
    expect(first.status).toBe(200);
    expect(first.headers.get("X-Total-Count")).toBe("10");
    expect(first.headers.get("X-Page-Count")).toBe("2");
    // Shared by caches, and «former member» is in the client's language: kept apart by it.
    expect(first.headers.get("Cache-Control")).toContain("s-maxage");
    expect(first.headers.get("Vary")).toContain("Accept-Language");
    const items = (await first.json()) as { id: number; author: string; story: string }[];
    expect(items.map((s) => s.id)).toEqual([...made].reverse().slice(0, 9));
    expect(items[0]).toMatchObject({ author: "Leave_Pager", story: input.story });
    expect((await (await get("?page=2")).json()).map((s: { id: number }) => s.id)).toEqual([
      made[0],
    ]);
    expect(await (await get("?page=3")).json()).toEqual([]);
    const missing = await get("?lng=en", "nobody_here");
    expect(missing.status).toBe(404);
    expect(await missing.json()).toEqual({ error: "No such author." });
    expect(
      (
        await answer(
          storyApi(routeArgs(apiDelete("/api/authors/x/stories", ""), { username: "x" })),
        )
      ).status,
    ).toBe(405);
  });
});
