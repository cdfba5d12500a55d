/// <reference types="vite/client" />

import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { db } from "#db/client";
import { comments, stories, users } from "#db/schema";
import { seed } from "#db/seed";
import { updateModerationSettings } from "~/models/settings-admin.server";
import { createUser } from "~/models/users.server";
import { jsonRequest, ORIGIN, type RouteArgs, routeArgs, signInAs } from "./helpers";

/**
 * Every admin screen and every admin /api call, as anonymous, as two different ordinary users
 * and as an administrator (issue 6 §11). The lists are checked against the route files, so a new
 * route cannot be added without saying here who may call it.
 */

type Handler = (args: RouteArgs) => Promise<unknown>;
interface RouteModule {
  loader?: Handler;
  action?: Handler;
}
const modules = import.meta.glob<RouteModule>("../../app/routes/*.{ts,tsx}", { eager: true });
const routeFile = (name: string) => {
  const mod = modules[`../../app/routes/${name}`];
  if (!mod) throw new Error(`no route file ${name}`);
  return mod;
};

/** Admin-only /api calls: [file, method, params]. */
const ADMIN_API: [string, string, Record<string, string>][] = [
  ["api.stories.pending.ts", "GET", {}],
  ["api.stories.ts", "GET", {}],
  ["api.stories.$id.approve.ts", "PATCH", { id: "1" }],
  ["api.stories.$id.reject.ts", "PATCH", { id: "1" }],
  ["api.stories.$id.verify-payment.ts", "PATCH", { id: "1" }],
  ["api.stories.edits.ts", "GET", {}],
  ["api.comments.held.ts", "GET", {}],
  ["api.comments.$id.publish.ts", "PATCH", { id: "1" }],
  ["api.stories.$id.edit.approve.ts", "PATCH", { id: "1" }],
  ["api.stories.$id.edit.reject.ts", "PATCH", { id: "1" }],
  ["api.donation-pools.$id.ts", "PATCH", { id: "1" }],
  ["api.settings.premium.ts", "PATCH", {}],
  ["api.translations.faq.ts", "POST", {}],
  ["api.donation-pools.all.ts", "GET", {}],
  ["api.donation-pools.pending-donations.ts", "GET", {}],
  ["api.donation-pools.$id.donations.$donationId.verify.ts", "PATCH", { id: "1", donationId: "1" }],
  ["api.donation-pools.$id.donations.$donationId.reject.ts", "PATCH", { id: "1", donationId: "1" }],
  ["api.donation-pools.ts", "POST", {}],
  ["api.donation-pools.$id.status.ts", "PATCH", { id: "1" }],
  ["api.donation-pools.$id.updates.ts", "POST", { id: "1" }],
  ["api.donation-pools.$id.updates.$updateId.ts", "DELETE", { id: "1", updateId: "1" }],
  ["api.donation-pools.$id.close.ts", "POST", { id: "1" }],
  ["api.clear-all-data.ts", "POST", {}],
  ["api.donations.$id.verify.ts", "PATCH", { id: "1" }],
  ["api.donations.$id.reject.ts", "PATCH", { id: "1" }],
  ["api.reconciliation.ts", "GET", {}],
  ["api.reconciliation.ts", "POST", {}],
  ["api.reconciliation.confirm.ts", "POST", {}],
  ["api.statement-lines.$id.dismiss.ts", "PATCH", { id: "1" }],
  ["api.statement-lines.$id.reopen.ts", "PATCH", { id: "1" }],
  ["api.reports.ts", "GET", {}],
  ["api.reports.$id.ts", "PATCH", { id: "1" }],
  ["api.admin.overview.ts", "GET", {}],
  ["api.admin.monthly.ts", "GET", {}],
];

/** /api files whose other calls are public or for any signed-in user (their own tests cover them). */
const NOT_ADMIN_API = [
  "api.authors.$username.follow.ts",
  "api.authors.$username.stories.ts",
  "api.comments.$id.ts",
  "api.docs.tsx",
  "api.donation-pools.$id.donations.ts",
  "api.donation-pools.$id.follow.ts",
  "api.donation-pools.$id.ledger.ts",
  "api.donation-pools.$id.stats.ts",
  "api.donations.status.$token.ts",
  "api.donation-pools.$id.monthly.ts",
  "api.monthly.ts",
  "api.monthly.$token.ts",
  "api.monthly.links.ts",
  "api.donation-pools.$id.recent-donations.ts",
  "api.donation-pools.$id.ts",
  "api.donation-pools.totals.ts",
  "api.donation-pools.$id.updates.ts",
  "api.donations.ts",
  "api.login.ts",
  "api.logout.ts",
  "api.notifications.ts",
  "api.notifications.read.ts",
  "api.openapi[.]json.ts",
  "api.qpay.callback.$token.ts",
  "api.receipts.$number.ts",
  "api.register.ts",
  "api.search.ts",
  "api.settings.premium-direct.ts",
  "api.stories.$id.comments.ts",
  "api.stories.$id.edit.ts",
  "api.stories.$id.heart.ts",
  "api.stories.$id.stats.ts",
  "api.stories.$id.ts",
  "api.stories.featured.ts",
  "api.stories.regular.ts",
  "api.user.ts",
  "api.user.following.ts",
  "api.user.password.ts",
];

const cookies: Record<"user" | "otherUser" | "admin", string> = {
  user: "",
  otherUser: "",
  admin: "",
};

function request(path: string, method: string, cookie?: string) {
  const headers = new Headers({ host: "localhost:3000", origin: ORIGIN });
  if (cookie) headers.set("cookie", cookie);
  if (method === "GET") return new Request(`${ORIGIN}${path}`, { headers });
  headers.set("content-type", "application/x-www-form-urlencoded");
  // Whatever a form or client might send: an intent, ids, a status.
  const body = new URLSearchParams({ intent: "approve", id: "1", status: "archived" });
  return new Request(`${ORIGIN}${path}`, { method, headers, body });
}

async function call(fn: Handler, path: string, method: string, params = {}, cookie?: string) {
  try {
    return (await fn(routeArgs(request(path, method, cookie), params))) as Response;
  } catch (thrown) {
    if (thrown instanceof Response) return thrown;
    throw thrown;
  }
}

beforeAll(async () => {
  await seed();
  await createUser("matrix_reader", "secret-pass");
  await createUser("matrix_other", "secret-pass");
  cookies.user = await signInAs("matrix_reader", "secret-pass");
  cookies.otherUser = await signInAs("matrix_other", "secret-pass");
  cookies.admin = await signInAs("admin", "test-admin-password");
});

describe("every /api route file says who may call it", () => {
  it("is listed as admin-only or not", () => {
    const files = Object.keys(modules)
      .map((k) => k.replace("../../app/routes/", ""))
      .filter((f) => f.startsWith("api."));
    const listed = new Set([...ADMIN_API.map(([f]) => f), ...NOT_ADMIN_API]);
    expect(files.filter((f) => !listed.has(f))).toEqual([]);
  });
});

describe("admin /api calls: 401 anonymous, 403 for users, never 401/403 for an administrator", () => {
  it.each(ADMIN_API)("%s %s", async (file, method, params) => {
    const mod = routeFile(file);
    const fn = method === "GET" ? mod.loader : mod.action;
    expect(fn, `${file} handles ${method}`).toBeTypeOf("function");
    const path = `/${file
      .replace(/\.tsx?$/, "")
      .replace(/\./g, "/")
      .replace(/\$(\w+)/g, (_, p) => params[p as keyof typeof params] ?? "1")}`;
    expect((await call(fn!, path, method, params)).status).toBe(401);
    expect((await call(fn!, path, method, params, cookies.user)).status).toBe(403);
    expect((await call(fn!, path, method, params, cookies.otherUser)).status).toBe(403);
    const asAdmin = await call(fn!, path, method, params, cookies.admin);
    expect([401, 403]).not.toContain(asAdmin.status);
  });
});

describe("calls for an item's owner or an administrator (issue 18)", () => {
  async function storyOf(username: string) {
    const owner = await db.query.users.findFirst({ where: eq(users.username, username) });
    const [row] = await db
      .insert(stories)
      .values({
        user_id: owner!.id,
        author: username,
        title: "Matrix",
        story: "A story for the matrix.",
        pricing_tier: "free",
        status: "approved",
        bank_name: "TDB",
        bank_account: "4001002003",
      })
      .returning({ id: stories.id });
    return String(row!.id);
  }
  const del = (id: string, cookie?: string) =>
    call(routeFile("api.stories.$id.ts").action!, `/api/stories/${id}`, "DELETE", { id }, cookie);

  it("DELETE /api/stories/{id}: 401 anonymous, 403 another user, 200 its author or an administrator", async () => {
    const id = await storyOf("matrix_reader");
    expect((await del(id)).status).toBe(401);
    expect((await del(id, cookies.otherUser)).status).toBe(403);
    expect((await del(id, cookies.user)).status).toBe(200);
    const other = await storyOf("matrix_other");
    expect((await del(other, cookies.admin)).status).toBe(200);
  });

  /** A JSON call as the given cookie (or none), the thrown answer taken as the answer. */
  async function json(
    file: string,
    method: string,
    path: string,
    id: string,
    body: unknown,
    cookie?: string,
  ) {
    const fn = method === "GET" ? routeFile(file).loader! : routeFile(file).action!;
    const req =
      method === "GET" || method === "DELETE"
        ? new Request(`${ORIGIN}${path}`, {
            method,
            headers: { host: "localhost:3000", origin: ORIGIN, ...(cookie ? { cookie } : {}) },
          })
        : jsonRequest(path, body, { method, cookie, headers: { origin: ORIGIN } });
    try {
      return (await fn(routeArgs(req, { id }))) as Response;
    } catch (thrown) {
      if (thrown instanceof Response) return thrown;
      throw thrown;
    }
  }
  const storyTitle = async (id: string) =>
    (await db.query.stories.findFirst({ where: eq(stories.id, Number(id)) }))!.title;

  // Published, so another user can read it: not theirs is 403 (decision 055).
  it("PATCH /api/stories/{id}: 401 anonymous, 403 another user, 200 its author", async () => {
    const id = await storyOf("matrix_reader");
    const patch = (title: string, cookie?: string) =>
      json("api.stories.$id.ts", "PATCH", `/api/stories/${id}`, id, { title }, cookie);
    expect((await patch("Anonymous title")).status).toBe(401);
    expect((await patch("Someone else's title", cookies.otherUser)).status).toBe(403);
    expect(await storyTitle(id)).toBe("Matrix");
    const own = await patch("The author's title", cookies.user);
    expect(own.status).toBe(200);
    expect(await own.json()).toMatchObject({ id: Number(id), outcome: "published" });
    expect(await storyTitle(id)).toBe("The author's title");
  });

  it("GET and DELETE /api/stories/{id}/edit: 401 anonymous, 404/403 another user, 200 its author", async () => {
    const id = await storyOf("matrix_reader");
    const admin = await db.query.users.findFirst({ where: eq(users.username, "admin") });
    // With review on, an approved story's edit waits: that waiting edit is what these calls read.
    await updateModerationSettings(admin!, true);
    try {
      const edit = await json(
        "api.stories.$id.ts",
        "PATCH",
        `/api/stories/${id}`,
        id,
        { title: "Waiting title" },
        cookies.user,
      );
      expect(await edit.json()).toMatchObject({ outcome: "awaiting_review" });
    } finally {
      await updateModerationSettings(admin!, false);
    }
    const path = `/api/stories/${id}/edit`;
    const get = (cookie?: string) => json("api.stories.$id.edit.ts", "GET", path, id, null, cookie);
    const del = (cookie?: string) =>
      json("api.stories.$id.edit.ts", "DELETE", path, id, null, cookie);
    expect((await get()).status).toBe(401);
    expect((await get(cookies.otherUser)).status).toBe(404);
    const own = await get(cookies.user);
    expect(own.status).toBe(200);
    expect(await own.json()).toMatchObject({ story_id: Number(id), title: "Waiting title" });
    expect((await get(cookies.admin)).status).toBe(200);
    expect((await del()).status).toBe(401);
    // The waiting edit is not theirs to read (404); the published story is, to refuse (403).
    expect((await del(cookies.otherUser)).status).toBe(403);
    expect((await get(cookies.user)).status).toBe(200);
    expect((await del(cookies.user)).status).toBe(200);
    expect((await get(cookies.user)).status).toBe(404);
    expect(await storyTitle(id)).toBe("Matrix");
  });

  it("PATCH /api/comments/{id}: 401 anonymous, 403 another user, 200 its author", async () => {
    const story = await storyOf("matrix_other");
    const reader = await db.query.users.findFirst({ where: eq(users.username, "matrix_reader") });
    const [comment] = await db
      .insert(comments)
      .values({
        story_id: Number(story),
        user_id: reader!.id,
        author: reader!.username,
        content: "A comment for the matrix",
      })
      .returning({ id: comments.id });
    const id = String(comment!.id);
    const patch = (content: string, cookie?: string) =>
      json("api.comments.$id.ts", "PATCH", `/api/comments/${id}`, id, { content }, cookie);
    expect((await patch("Changed by nobody")).status).toBe(401);
    expect((await patch("Changed by someone else", cookies.otherUser)).status).toBe(403);
    const own = await patch("Changed by its author", cookies.user);
    expect(own.status).toBe(200);
    expect(await own.json()).toMatchObject({ id: Number(id), content: "Changed by its author" });
  });

  it("PATCH /api/user/password: 401 anonymous; a user changes only their own password", async () => {
    await createUser("matrix_password", "own-matrix-pass");
    const cookie = await signInAs("matrix_password", "own-matrix-pass");
    const body = { currentPassword: "own-matrix-pass", password: "changed-pass-1" };
    const patch = (c?: string) =>
      json("api.user.password.ts", "PATCH", "/api/user/password", "", body, c);
    expect((await patch()).status).toBe(401);
    // Another user sending this account's password reaches only their own account: wrong password.
    expect((await patch(cookies.otherUser)).status).toBe(400);
    await signInAs("matrix_password", "own-matrix-pass");
    expect((await patch(cookie)).status).toBe(200);
    await signInAs("matrix_password", "changed-pass-1");
  });

  it("POST /api/reports: 401 anonymous, 403 on one's own item, 201 on someone else's", async () => {
    const id = Number(await storyOf("matrix_reader"));
    const body = { target_type: "story", target_id: id, reason: "spam" };
    const post = (cookie?: string) =>
      json("api.reports.ts", "POST", "/api/reports", "", body, cookie);
    expect((await post()).status).toBe(401);
    expect((await post(cookies.user)).status).toBe(403);
    expect((await post(cookies.otherUser)).status).toBe(201);
  });

  it("DELETE /api/user: 401 anonymous (a signed-in caller deletes only their own account)", async () => {
    const res = await call(routeFile("api.user.ts").action!, "/api/user", "DELETE");
    expect(res.status).toBe(401);
  });
});

describe("admin screens: users are sent to /, visitors to sign in first", () => {
  const screens = Object.keys(modules)
    .map((k) => k.replace("../../app/routes/", ""))
    .filter((f) => f === "admin.tsx" || f.startsWith("admin."));

  it("there are the dashboard's tabs", () => {
    for (const tab of [
      "approvals",
      "stories",
      "payments",
      "donations",
      "faq",
      "settings",
      "activity",
    ]) {
      expect(
        screens.some((f) => f.startsWith(`admin.${tab}`)),
        tab,
      ).toBe(true);
    }
  });

  it.each(screens)("%s", async (file) => {
    const mod = routeFile(file);
    const path = `/${file
      .replace(/\.tsx?$/, "")
      .replace(/\._index$/, "")
      .replace(/\./g, "/")
      .replace(/\$\w+/g, "1")}`;
    for (const cookie of [undefined, cookies.user, cookies.otherUser]) {
      for (const [fn, method] of [
        [mod.loader, "GET"],
        [mod.action, "POST"],
      ] as const) {
        if (!fn) continue;
        const res = await call(fn, path, method, { id: "1", donationId: "1" }, cookie);
        expect(res.status, `${method} ${path}`).toBe(302);
        // Signed-in users go home; someone not signed in signs in first and comes back here.
        expect(res.headers.get("Location"), `${method} ${path}`).toBe(
          cookie ? "/" : `/login?${new URLSearchParams({ redirect: path })}`,
        );
      }
    }
    if (mod.loader) {
      const res = await call(mod.loader, path, "GET", { id: "1" }, cookies.admin);
      expect(res instanceof Response ? res.headers.get("Location") : null).not.toBe("/");
    }
  });
});
