import { expect, test } from "@playwright/test";
import { baseURL } from "../../playwright.config";
import { ADMIN } from "../e2e/fixtures";
import { activePoolId, admin, anonymous, newUser, SESSION_COOKIE, sessionOf } from "./helpers";

/** Requests from other sites, cookies, sessions, and guessing passwords and keys. */

test.describe("requests from another origin", () => {
  test("/api writes and the theme switch are refused, and change nothing", async () => {
    const { api } = await newUser("csrf");
    const evil = { origin: "https://evil.example" };
    const json = await api.post("/api/stories", {
      headers: { ...evil, "content-type": "application/json" },
      data: { title: "x", story: "y", pricing_tier: "free" },
    });
    expect(json.status()).toBe(403);
    const logout = await api.post("/api/logout", { headers: evil });
    expect(logout.status()).toBe(403);
    expect((await api.get("/api/user")).status()).toBe(200); // still signed in
    const site = await api.post("/resources/theme", {
      headers: { "sec-fetch-site": "cross-site" },
      form: { theme: "dark" },
      maxRedirects: 0,
    });
    expect(site.status()).toBe(403);
  });

  test("a screen's form posted from another origin is a 403 error page and changes nothing", async () => {
    const { api } = await newUser("csrf2");
    const poolId = await activePoolId(api);
    const form = await api.post(`/donation-pools/${poolId}/donate?lng=en`, {
      headers: { origin: "https://evil.example" },
      form: {
        donor_name: "Хакер",
        phone_number: "99887766",
        amount: "1000",
        transaction_reference: "CSRF-1",
      },
      maxRedirects: 0,
    });
    expect(form.status()).toBe(403);
    expect(form.headers()["content-type"]).toContain("text/html");
    expect(await form.text()).toContain("This request came from another site and was refused.");
    const login = await (await anonymous()).post("/login", {
      headers: { origin: "https://evil.example" },
      form: ADMIN,
      maxRedirects: 0,
    });
    expect(login.status()).toBe(403);
    expect(login.headers()["set-cookie"] ?? "").not.toContain(SESSION_COOKIE);
    const pending = await (await admin()).get("/api/donation-pools/pending-donations");
    expect(await pending.text()).not.toContain("CSRF-1");
  });

  test("X-Forwarded-Host is not believed without a trusted proxy", async () => {
    const { api } = await newUser("csrf3");
    const forged = { origin: "https://evil.example", "x-forwarded-host": "evil.example" };
    expect((await api.post("/api/logout", { headers: forged })).status()).toBe(403);
    const screen = await api.post("/logout", { headers: forged, maxRedirects: 0 });
    expect(screen.status()).toBe(403);
    expect((await api.get("/api/user")).status()).toBe(200); // still signed in
  });
});

test.describe("session cookie", () => {
  test("is HttpOnly, SameSite=Lax, for the whole site, and changes at sign-in", async () => {
    // A session id planted before sign-in (fixation) is not the one used after it.
    const planted = "planted-session-id-0123456789";
    const context = await anonymous();
    await context.get("/", { headers: { cookie: `${SESSION_COOKIE}=${planted}` } });
    const res = await context.post("/api/login", {
      data: ADMIN,
      headers: { cookie: `${SESSION_COOKIE}=${planted}` },
    });
    expect(res.ok()).toBe(true);
    const header = res.headers()["set-cookie"] ?? "";
    expect(header).toMatch(new RegExp(`${SESSION_COOKIE}=`));
    expect(header).toMatch(/HttpOnly/i);
    expect(header).toMatch(/SameSite=Lax/i);
    expect(header).toMatch(/Path=\//i);
    const session = await sessionOf(context);
    expect(session?.value).toBeTruthy();
    expect(session?.value).not.toContain(planted);
  });

  test("a tampered or invented cookie is nobody", async () => {
    const { api } = await newUser("tamp");
    const real = (await sessionOf(api))!.value;
    const nobody = await anonymous();
    for (const value of [
      `${real.slice(0, -2)}xx`,
      `${real}x`,
      "eyJ1c2VySWQiOiJhZG1pbiJ9",
      "",
      "%00%ff",
      "a".repeat(5000),
    ]) {
      const res = await nobody.get("/api/user", {
        headers: { cookie: `${SESSION_COOKIE}=${value}` },
      });
      expect(res.status(), value.slice(0, 20)).toBe(401);
    }
  });

  test("signing out ends the session on the server: the old cookie no longer works", async () => {
    const { api } = await newUser("out");
    const cookie = (await sessionOf(api))!.value;
    expect((await api.post("/api/logout")).ok()).toBe(true);
    const replay = await anonymous();
    const res = await replay.get("/api/user", {
      headers: { cookie: `${SESSION_COOKIE}=${cookie}` },
    });
    expect(res.status()).toBe(401);
  });
});

test.describe("guessing", () => {
  // These share the sign-in and secret-key buckets of unknown browsers: one at a time.
  test.describe.configure({ mode: "serial" });

  test("look-alike spellings of a name share its count; its owner's browser is never locked out", async () => {
    const { api: owner, username } = await newUser("owner");
    const stranger = await anonymous();
    const fullwidth = [...username]
      .map((c) => String.fromCodePoint(c.codePointAt(0)! + 0xfee0))
      .join("");
    for (let i = 0; i < 10; i++) {
      const name = i % 2 ? fullwidth : username.toUpperCase();
      const res = await stranger.post("/api/login", {
        data: { username: name, password: `nope-${i}` },
      });
      expect(res.status()).toBe(401);
    }
    const locked = await stranger.post("/api/login", {
      data: { username, password: "secret-pass" },
    });
    expect(locked.status()).toBe(429);
    // The owner registered in this browser: its device cookie is counted on its own.
    const mine = await owner.post("/api/login", { data: { username, password: "secret-pass" } });
    expect(mine.status()).toBe(200);
  });

  test("the premium secret key: a guesser cannot close the page for the owner's browser", async () => {
    const owner = await anonymous();
    const settings = {
      prices: { daily: 3000, weekly: 5000, monthly: 15000 },
      days: { daily: 3, weekly: 7, monthly: 30 },
    };
    const current = await (await owner.get("/api/settings/premium")).json().catch(() => null);
    const keep = current && typeof current === "object" && "prices" in current ? current : settings;
    const first = await owner.patch("/api/settings/premium-direct", {
      data: { secretKey: "e2e-premium-secret-key", settings: keep },
    });
    expect(first.status()).toBe(200);
    const guesser = await anonymous();
    for (let i = 0; i < 12; i++)
      await guesser.patch("/api/settings/premium-direct", {
        data: { secretKey: `guess-${i}`, settings: keep },
      });
    const blocked = await guesser.patch("/api/settings/premium-direct", {
      data: { secretKey: "e2e-premium-secret-key", settings: keep },
    });
    expect(blocked.status()).toBe(429);
    const again = await owner.patch("/api/settings/premium-direct", {
      data: { secretKey: "e2e-premium-secret-key", settings: keep },
    });
    expect(again.status()).toBe(200);
  });

  test("a password: after 10 failures the account's sign-in waits (429, Retry-After)", async () => {
    const { username } = await newUser("brute");
    const api = await anonymous();
    const statuses: number[] = [];
    for (let i = 0; i < 12; i++) {
      const res = await api.post("/api/login", { data: { username, password: `wrong-${i}` } });
      statuses.push(res.status());
      if (res.status() === 429) expect(Number(res.headers()["retry-after"])).toBeGreaterThan(0);
    }
    expect(statuses.slice(0, 10).every((s) => s === 401)).toBe(true);
    expect(statuses.slice(10)).toEqual([429, 429]);
    // Even the right password waits now.
    const right = await api.post("/api/login", { data: { username, password: "secret-pass" } });
    expect(right.status()).toBe(429);
  });

  test("the premium secret key: wrong keys are refused, then rate limited", async () => {
    const api = await anonymous();
    const statuses: number[] = [];
    for (let i = 0; i < 15; i++) {
      const res = await api.patch("/api/settings/premium-direct", {
        data: {
          secretKey: `guess-${i}`,
          settings: {
            prices: { daily: 1000, weekly: 1000, monthly: 1000 },
            days: { daily: 1, weekly: 1, monthly: 1 },
          },
        },
      });
      statuses.push(res.status());
    }
    expect(statuses.every((s) => s === 403 || s === 429)).toBe(true);
    expect(statuses).toContain(429);
    // Nothing changed.
    const settings = await (await api.get(`${baseURL}/api/settings/premium`)).json();
    expect(JSON.stringify(settings)).not.toContain('"daily":1000');
  });
});
