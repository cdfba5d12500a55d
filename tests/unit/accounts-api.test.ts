import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { db } from "#db/client";
import { sessions } from "#db/schema";
import { ensureAdmin } from "~/models/users.server";
import { action as login } from "~/routes/api.login";
import { action as logout } from "~/routes/api.logout";
import { action as register } from "~/routes/api.register";
import { loader as user } from "~/routes/api.user";
import {
  cookiesFrom,
  getRequest,
  jsonRequest,
  type RouteArgs,
  routeArgs,
  signInAs,
} from "./helpers";

beforeAll(async () => {
  await ensureAdmin();
});

const call = async (fn: (a: RouteArgs) => Promise<Response>, request: Request) =>
  fn(routeArgs(request));

describe("/api accounts (spec 01 §7)", () => {
  it("GET /api/user answers 401 with a JSON error when nobody is signed in", async () => {
    const res = await call(user, getRequest("/api/user"));
    expect(res.status).toBe(401);
    expect(await res.json()).toEqual({ error: expect.any(String) });
  });

  it("registers, is signed in at once, logs out, and signs in again", async () => {
    const reg = await call(
      register,
      jsonRequest("/api/register", { username: "tuya_api", password: "secret12" }),
    );
    expect(reg.status).toBe(201);
    const created = await reg.json();
    expect(created).toMatchObject({ username: "tuya_api", role: "user" });
    expect(created).not.toHaveProperty("password_hash");
    let cookie = cookiesFrom(reg);

    const me = await call(user, getRequest("/api/user", cookie));
    expect(await me.json()).toEqual({ id: created.id, username: "tuya_api", role: "user" });

    const out = await call(logout, jsonRequest("/api/logout", {}, { cookie }));
    expect(out.status).toBe(200);
    const afterLogout = await call(user, getRequest("/api/user", cookie));
    expect(afterLogout.status).toBe(401); // the old cookie no longer works: the row is gone
    cookie = cookiesFrom(out, cookie);

    const back = await call(
      login,
      jsonRequest("/api/login", { username: "TUYA_API", password: "secret12" }),
    );
    expect(back.status).toBe(200);
    expect((await back.json()).id).toBe(created.id);
  });

  it("refuses a taken username, case-insensitively, with 409", async () => {
    await call(register, jsonRequest("/api/register", { username: "bold", password: "secret12" }));
    const again = await call(
      register,
      jsonRequest("/api/register", { username: "BOLD", password: "secret34" }),
    );
    expect(again.status).toBe(409);
  });

  it("answers 400 with field errors in the request's language", async () => {
    const res = await call(
      login,
      jsonRequest("/api/login?lng=en", { username: "ab", password: "1" }),
    );
    expect(res.status).toBe(400);
    const body = await res.json();
    expect(body.fieldErrors.username).toEqual(["Username must be at least 3 characters."]);
    expect(body.fieldErrors.password).toEqual(["Password must be at least 6 characters."]);

    const mn = await call(login, jsonRequest("/api/login", { username: "ab", password: "1" }));
    expect((await mn.json()).fieldErrors.username[0]).toMatch(/[А-Яа-яӨөҮү]/);
  });

  it("answers 401 to a wrong password and lets the administrator in", async () => {
    const wrong = await call(
      login,
      jsonRequest("/api/login", { username: "admin", password: "not-the-password" }),
    );
    expect(wrong.status).toBe(401);
    const ok = await call(
      login,
      jsonRequest("/api/login", { username: "admin", password: "test-admin-password" }),
    );
    expect(ok.status).toBe(200);
    expect(await ok.json()).toMatchObject({ username: "admin", role: "admin" });
  });

  it("gives a new session id at every sign-in and stores only its hash", async () => {
    const cookie = await signInAs("admin", "test-admin-password");
    const second = await call(
      login,
      jsonRequest("/api/login", { username: "admin", password: "test-admin-password" }, { cookie }),
    );
    const cookie2 = cookiesFrom(second);
    expect(cookie2).not.toBe(cookie);
    // The session sent along with the second sign-in was ended (no fixation).
    expect((await call(user, getRequest("/api/user", cookie))).status).toBe(401);
    expect((await call(user, getRequest("/api/user", cookie2))).status).toBe(200);

    const rawId = decodeURIComponent(cookie2.split("=")[1]!.split(".")[0]!);
    const rows = await db.select().from(sessions);
    expect(rows.some((r) => rawId.includes(r.id_hash))).toBe(false);
  });

  it("locks an account's sign-in after 10 failures with 429 and Retry-After", async () => {
    await call(
      register,
      jsonRequest("/api/register", { username: "target", password: "secret12" }),
    );
    for (let i = 0; i < 10; i++) {
      const res = await call(
        login,
        jsonRequest("/api/login", { username: "target", password: `wrong-${i}x` }),
      );
      expect(res.status).toBe(401);
    }
    const locked = await call(
      login,
      jsonRequest("/api/login", { username: "target", password: "secret12" }),
    );
    expect(locked.status).toBe(429);
    expect(Number(locked.headers.get("Retry-After"))).toBeGreaterThan(0);
  });

  it("refuses a POST from another origin with 403 and changes nothing", async () => {
    const before = (await db.select().from(sessions)).length;
    const res = await call(
      login,
      jsonRequest(
        "/api/login",
        { username: "admin", password: "test-admin-password" },
        { headers: { origin: "https://evil.example" } },
      ),
    );
    expect(res.status).toBe(403);
    expect((await db.select().from(sessions)).length).toBe(before);
  });

  it("refuses bodies that are not JSON (415), broken (400) or too large (413)", async () => {
    const form = new Request("http://localhost:3000/api/login", {
      method: "POST",
      headers: { host: "localhost:3000", "content-type": "application/x-www-form-urlencoded" },
      body: "username=admin&password=x",
    });
    expect((await call(login, form)).status).toBe(415);
    const broken = new Request("http://localhost:3000/api/login", {
      method: "POST",
      headers: { host: "localhost:3000", "content-type": "application/json" },
      body: "{not json",
    });
    expect((await call(login, broken)).status).toBe(400);
    const huge = jsonRequest("/api/login", { username: "a".repeat(100_000), password: "x" });
    expect((await call(login, huge)).status).toBe(413);
  });

  it("keeps no session row for a user after logout", async () => {
    const reg = await call(
      register,
      jsonRequest("/api/register", { username: "leaver", password: "secret12" }),
    );
    const { id } = await reg.json();
    await call(logout, jsonRequest("/api/logout", {}, { cookie: cookiesFrom(reg) }));
    expect(await db.select().from(sessions).where(eq(sessions.user_id, id))).toEqual([]);
  });
});
