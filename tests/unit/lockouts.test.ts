import { beforeEach, describe, expect, it } from "vitest";
import { config } from "~/config.server";
import { SECRET_LIMIT } from "~/models/settings-admin.server";
import { action as login } from "~/routes/api.login";
import { action as register } from "~/routes/api.register";
import { action as directApi } from "~/routes/api.settings.premium-direct";
import { ApiRegisterSchema } from "~/schemas/auth";
import { cookiesFrom, jsonRequest, routeArgs } from "./helpers";

/**
 * Issue 23, items 3 and 8: sign-in counters fold names as sign-in does, and device cookies
 * (OWASP) keep a stranger who knows a username from locking its owner out.
 */

const call = (fn: (args: never) => Promise<Response>, request: Request) =>
  fn(routeArgs(request) as never);
const signIn = (username: string, password: string, cookie?: string) =>
  call(login, jsonRequest("/api/login", { username, password }, { cookie }));
let n = 0;
const fresh = async () => {
  n += 1;
  const username = `owner${n}`;
  const res = await call(
    register,
    jsonRequest("/api/register", { username, password: "right-password" }),
  );
  expect(res.status).toBe(201);
  return username;
};

describe("sign-in attempts", () => {
  it("count look-alike spellings of a name as the account they sign in to", async () => {
    const username = await fresh();
    const fullwidth = [...username]
      .map((c) => String.fromCodePoint(c.codePointAt(0)! + 0xfee0))
      .join("");
    const variants = [fullwidth, username.toUpperCase(), ` ${username} `, fullwidth.toUpperCase()];
    // The fullwidth spelling signs in to the same account…
    expect((await signIn(fullwidth, "right-password")).status).toBe(200);
    // …so its failures count for that account too: ten in all, whatever the spelling.
    for (let i = 0; i < 10; i++)
      expect((await signIn(variants[i % variants.length]!, `wrong-${i}`)).status).toBe(401);
    expect((await signIn(username, "right-password")).status).toBe(429);
  });

  it("from unknown browsers lock out unknown browsers only: the owner's browser still signs in", async () => {
    const username = await fresh();
    // The owner signed in on this browser before: it holds the account's device cookie.
    const first = await signIn(username, "right-password");
    expect(first.status).toBe(200);
    const owner = cookiesFrom(first);
    expect(owner).toContain("storyshare_device=");

    // A stranger who knows the name: ten wrong passwords, then locked (even with the right one).
    for (let i = 0; i < 10; i++) expect((await signIn(username, `guess-${i}`)).status).toBe(401);
    expect((await signIn(username, "right-password")).status).toBe(429);

    // The owner's browser is counted on its own and signs in.
    expect((await signIn(username, "right-password", owner)).status).toBe(200);
  });

  it("with a device cookie are limited per device, and a forged or other account's cookie is nobody's", async () => {
    const username = await fresh();
    const owner = cookiesFrom(await signIn(username, "right-password"));
    for (let i = 0; i < 10; i++)
      expect((await signIn(username, `typo-${i}`, owner)).status).toBe(401);
    expect((await signIn(username, "right-password", owner)).status).toBe(429);
    // Unknown browsers were not counted by those failures.
    expect((await signIn(username, "right-password")).status).toBe(200);

    const other = await fresh();
    const otherDevice = cookiesFrom(await signIn(other, "right-password"));
    const forged = owner.replace(/storyshare_device=[^;]+/, "storyshare_device=eyJ4IjoiMSJ9.AAAA");
    for (const cookie of [otherDevice, forged]) {
      const res = await signIn(username, "wrong-password", cookie);
      expect(res.status).toBe(401);
    }
  });
});

describe("passwords", () => {
  it("count 128 characters as people see them: emoji are one each", () => {
    const emoji = "🐎".repeat(128);
    expect(emoji.length).toBe(256);
    expect(ApiRegisterSchema.safeParse({ username: "horse", password: emoji }).success).toBe(true);
    expect(ApiRegisterSchema.safeParse({ username: "horse", password: `${emoji}🐎` }).success).toBe(
      false,
    );
  });
});

describe("the premium secret key", () => {
  const SECRET = "unit-test-secret-key";
  const direct = (secretKey: string, cookie?: string) =>
    call(
      directApi,
      jsonRequest(
        "/api/settings/premium-direct",
        {
          secretKey,
          settings: {
            prices: { daily: 3000, weekly: 5000, monthly: 15000 },
            days: { daily: 3, weekly: 7, monthly: 30 },
          },
        },
        { method: "PATCH", cookie },
      ),
    );
  beforeEach(() => {
    config.PREMIUM_SETTINGS_SECRET = SECRET;
  });

  it("a guesser cannot close the page for the owner's browser", async () => {
    const ok = await direct(SECRET);
    expect(ok.status).toBe(200);
    const owner = cookiesFrom(ok);
    expect(owner).toContain("storyshare_device=");
    // Every attempt counts, the right one too: one success and nine guesses fill the bucket.
    for (let i = 1; i < SECRET_LIMIT.max; i++)
      expect((await direct(`guess-${i}`)).status).toBe(403);
    expect((await direct(SECRET)).status).toBe(429);
    expect((await direct(SECRET, owner)).status).toBe(200);
  });
});
