import { desc, eq } from "drizzle-orm";
import { beforeAll, beforeEach, describe, expect, it } from "vitest";
import { db } from "#db/client";
import { auditLog, settings } from "#db/schema";
import { config } from "~/config.server";
import { resetLimit } from "~/http/rate-limit.server";
import { getModerationSettings, getPremiumSettings } from "~/models/settings.server";
import { SECRET_LIMIT } from "~/models/settings-admin.server";
import { createUser } from "~/models/users.server";
import { action as settingsAction, loader as settingsLoader } from "~/routes/admin.settings";
import { action as premiumApi, loader as premiumGet } from "~/routes/api.settings.premium";
import { action as directApi } from "~/routes/api.settings.premium-direct";
import { action as directPage, loader as directPageLoader } from "~/routes/premium-settings-update";
import {
  cookiesFrom,
  expectSentAway,
  formRequest,
  getRequest,
  jsonRequest,
  routeArgs,
  signInAs,
} from "./helpers";

let adminCookie: string;
let userCookie: string;

const GOOD = {
  prices: { daily: 2500, weekly: 9000, monthly: 0 },
  days: { daily: 2, weekly: 10, monthly: 45 },
};
const DEFAULTS = {
  prices: { daily: 3000, weekly: 5000, monthly: 15000 },
  days: { daily: 3, weekly: 7, monthly: 30 },
};

const patchPremium = (body: unknown, cookie?: string, path = "/api/settings/premium") =>
  premiumApi(routeArgs(jsonRequest(path, body, { method: "PATCH", cookie })));

const lastAudit = async () =>
  (await db.select().from(auditLog).orderBy(desc(auditLog.id)).limit(1))[0]!;

const premiumForm = (values: typeof GOOD | Record<string, Record<string, string | number>>) => ({
  intent: "premium",
  ...Object.fromEntries(
    Object.entries(values).flatMap(([group, tiers]) =>
      Object.entries(tiers).map(([tier, v]) => [`${group}.${tier}`, String(v)]),
    ),
  ),
});

const postSettings = async (fields: Record<string, string>, cookie = adminCookie) =>
  settingsAction(routeArgs(formRequest("/admin/settings", fields, cookie))) as Promise<Response>;

beforeAll(async () => {
  await createUser("boss", "secret-pass", "admin");
  await createUser("reader_x", "secret-pass");
  adminCookie = await signInAs("boss");
  userCookie = await signInAs("reader_x");
});

beforeEach(async () => {
  await db.delete(settings).where(eq(settings.key, "premium"));
});

describe("PATCH /api/settings/premium (admin)", () => {
  it("401 anonymous, 403 for a user; nothing saved", async () => {
    expect((await patchPremium(GOOD)).status).toBe(401);
    expect((await patchPremium(GOOD, userCookie)).status).toBe(403);
    expect(await getPremiumSettings()).toEqual(DEFAULTS);
  });

  it("saves prices and days, answers them, GET shows them, audited with before and after", async () => {
    const res = await patchPremium(GOOD, adminCookie);
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual(GOOD);
    const get = await premiumGet(routeArgs(getRequest("/api/settings/premium")));
    expect(await get.json()).toEqual(GOOD);
    const audit = await lastAudit();
    expect(audit).toMatchObject({
      action: "settings.premium",
      entity_type: "settings",
      entity_id: "premium",
      actor_username: "boss",
    });
    expect(JSON.parse(audit.details!)).toEqual({ before: DEFAULTS, after: GOOD });
    const row = await db.query.settings.findFirst({ where: eq(settings.key, "premium") });
    expect(row?.updated_by).toBeTruthy();
  });

  it("refuses invalid values with a message per field, and saves nothing", async () => {
    const bad = {
      prices: { daily: -1, weekly: 1.5, monthly: "abc" },
      days: { daily: 0, weekly: 7, monthly: 3650 },
    };
    const res = await patchPremium(bad, adminCookie, "/api/settings/premium?lng=en");
    expect(res.status).toBe(400);
    const body = await res.json();
    expect(body.error).toBe("Some values are not valid: nothing was saved.");
    expect(Object.keys(body.fieldErrors).sort()).toEqual([
      "days.daily",
      "days.monthly",
      "prices.daily",
      "prices.monthly",
      "prices.weekly",
    ]);
    expect(body.fieldErrors["prices.daily"]).toEqual([
      "Enter a whole number of tugrik from 0 to 10,000,000.",
    ]);
    expect(body.fieldErrors["days.daily"]).toEqual(["Enter a whole number of days from 1 to 365."]);
    expect(await getPremiumSettings()).toEqual(DEFAULTS);
    const missing = await patchPremium({ prices: GOOD.prices }, adminCookie);
    expect(missing.status).toBe(400);
    expect((await missing.json()).fieldErrors.days).toBeTruthy();
  });

  it("refuses a cross-site request", async () => {
    const req = jsonRequest("/api/settings/premium", GOOD, {
      method: "PATCH",
      cookie: adminCookie,
      headers: { origin: "https://evil.example" },
    });
    expect((await premiumApi(routeArgs(req))).status).toBe(403);
  });
});

describe("/admin/settings screen", () => {
  it("sends users to / and visitors to sign in, for the page and its action", async () => {
    for (const cookie of [undefined, userCookie]) {
      const thrown = await settingsLoader(routeArgs(getRequest("/admin/settings", cookie))).catch(
        (e: unknown) => e,
      );
      expectSentAway(thrown as Response, cookie);
      const posted = await postSettings(premiumForm(GOOD), cookie ?? "").catch((e: unknown) => e);
      expectSentAway(posted as Response, cookie);
    }
    expect(await getPremiumSettings()).toEqual(DEFAULTS);
  });

  it("shows the saved settings", async () => {
    const data = await settingsLoader(routeArgs(getRequest("/admin/settings", adminCookie)));
    expect(data.premium).toEqual(DEFAULTS);
    expect(data.moderation).toEqual({ reviewFreeStories: false });
    expect(data.backupDir).toMatch(/backups$/);
  });

  it("saves the form and comes back with a toast", async () => {
    const res = await postSettings(
      // A price typed with spaces: not a number, on purpose.
      premiumForm({ ...GOOD, prices: { ...GOOD.prices, daily: " 2 500 " } }),
    );
    expect(res.status).toBe(302);
    expect(res.headers.get("Location")).toBe("/admin/settings");
    expect(res.headers.get("Set-Cookie")).toMatch(/storyshare_toast/);
    expect(await getPremiumSettings()).toEqual(GOOD);
  });

  it("refuses invalid input with field errors and keeps what was typed", async () => {
    const typed = {
      prices: { daily: "12.5", weekly: "", monthly: "9000" },
      days: { daily: "0", weekly: "7", monthly: "30" },
    };
    const res = await postSettings(premiumForm(typed));
    expect(res.status).toBe(400);
    const body = await res.json();
    expect(body.intent).toBe("premium");
    expect(body.result.initialValue).toEqual(typed);
    expect(body.result.error).toEqual({
      "prices.daily": ["admin:settings.errors.price"],
      "prices.weekly": ["admin:settings.errors.required"],
      "days.daily": ["admin:settings.errors.days"],
    });
    expect(body.toast).toMatchObject({ type: "error", title: "admin:settings.toast.invalid" });
    expect(await getPremiumSettings()).toEqual(DEFAULTS);
  });

  it("switches free-story moderation, audited with before and after", async () => {
    const res = await postSettings({ intent: "moderation", freeStories: "review" });
    expect(res.status).toBe(302);
    expect(await getModerationSettings()).toEqual({ reviewFreeStories: true });
    const audit = await lastAudit();
    expect(audit.action).toBe("settings.moderation");
    expect(JSON.parse(audit.details!)).toEqual({
      before: { reviewFreeStories: false },
      after: { reviewFreeStories: true },
    });
    await postSettings({ intent: "moderation", freeStories: "auto" });
    expect(await getModerationSettings()).toEqual({ reviewFreeStories: false });
  });
});

describe("premium-direct (hidden page, secret key)", () => {
  const SECRET = "unit-test-secret-key";
  const direct = (body: unknown, cookie?: string, path = "/api/settings/premium-direct") =>
    directApi(routeArgs(jsonRequest(path, body, { method: "PATCH", cookie })));
  const page = (fields: Record<string, string>) =>
    directPage(routeArgs(formRequest("/premium-settings-update", fields))) as unknown as Promise<
      { data: Record<string, unknown>; init: ResponseInit | null } | Response
    >;

  beforeEach(async () => {
    config.PREMIUM_SETTINGS_SECRET = SECRET;
    await resetLimit("premium-secret:unknown");
  });

  it("is switched off without PREMIUM_SETTINGS_SECRET: API 404, page 404", async () => {
    config.PREMIUM_SETTINGS_SECRET = undefined;
    const res = await direct({ secretKey: "anything-at-all", settings: GOOD });
    expect(res.status).toBe(404);
    const loaded = (await directPageLoader(
      routeArgs(getRequest("/premium-settings-update")),
    )) as unknown as { data: { enabled: boolean }; init: ResponseInit };
    expect(loaded.data.enabled).toBe(false);
    expect(loaded.init.status).toBe(404);
    const posted = await page({ intent: "unlock", secretKey: "x" }).catch((e: unknown) => e);
    expect((posted as { init: ResponseInit }).init.status).toBe(404);
    expect(await getPremiumSettings()).toEqual(DEFAULTS);
  });

  it("asks for the key (400 'Secret key required'), refuses a wrong one (403)", async () => {
    const missing = await direct(
      { settings: GOOD },
      undefined,
      "/api/settings/premium-direct?lng=en",
    );
    expect(missing.status).toBe(400);
    expect((await missing.json()).error).toBe("Secret key required");
    const wrong = await direct({ secretKey: "not-the-secret", settings: GOOD });
    expect(wrong.status).toBe(403);
    const short = await direct({ secretKey: "x", settings: GOOD });
    expect(short.status).toBe(403);
    expect(await getPremiumSettings()).toEqual(DEFAULTS);
  });

  it("updates with the right key, audited with no actor and noted as direct", async () => {
    const res = await direct({ secretKey: SECRET, settings: GOOD });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual(GOOD);
    expect(await getPremiumSettings()).toEqual(GOOD);
    const audit = await lastAudit();
    expect(audit).toMatchObject({
      action: "settings.premium_direct",
      actor_id: null,
      actor_username: null,
    });
    expect(JSON.parse(audit.details!)).toMatchObject({ before: DEFAULTS, after: GOOD });
    expect(JSON.parse(audit.details!).via).toBe("secret_key");
  });

  it("right key with invalid settings: 400 with field errors, nothing saved", async () => {
    const res = await direct({
      secretKey: SECRET,
      settings: { prices: { ...GOOD.prices, weekly: -5 }, days: GOOD.days },
    });
    expect(res.status).toBe(400);
    expect((await res.json()).fieldErrors).toHaveProperty(["prices.weekly"]);
    expect(await getPremiumSettings()).toEqual(DEFAULTS);
  });

  it("rate limits guesses: 429 with Retry-After, even for the right key afterwards", async () => {
    // A browser keeps the attempt cookie of its first refusal and is counted by it.
    let cookie = "";
    for (let i = 0; i < SECRET_LIMIT.max; i++) {
      const res = await direct({ secretKey: `guess-${i}`, settings: GOOD }, cookie);
      expect(res.status).toBe(403);
      cookie = cookiesFrom(res, cookie);
    }
    const blocked = await direct({ secretKey: SECRET, settings: GOOD }, cookie);
    expect(blocked.status).toBe(429);
    expect(Number(blocked.headers.get("Retry-After"))).toBeGreaterThan(0);
    expect(await getPremiumSettings()).toEqual(DEFAULTS);
  });

  it("the page: key first, then the form carrying the key; saving redirects with a toast", async () => {
    const loaded = (await directPageLoader(
      routeArgs(getRequest("/premium-settings-update")),
    )) as unknown as { data: { enabled: boolean }; init: ResponseInit };
    expect(loaded.data.enabled).toBe(true);

    const empty = (await page({ intent: "unlock", secretKey: "" })) as {
      data: Record<string, unknown>;
      init: ResponseInit;
    };
    expect(empty.init.status).toBe(400);
    expect(empty.data.toast).toEqual({
      type: "error",
      title: "admin:premiumDirect.toast.secretRequired",
    });

    const wrong = (await page({ intent: "unlock", secretKey: "wrong-key-123" })) as {
      data: Record<string, unknown>;
      init: ResponseInit;
    };
    expect(wrong.init.status).toBe(403);
    expect(wrong.data).toMatchObject({
      intent: "key",
      toast: {
        title: "admin:premiumDirect.toast.updateFailed",
        description: "admin:premiumDirect.errors.wrongKey",
      },
    });

    const unlocked = (await page({ intent: "unlock", secretKey: SECRET })) as {
      data: Record<string, unknown>;
    };
    const typed = (tiers: Record<string, number>) =>
      Object.fromEntries(Object.entries(tiers).map(([tier, n]) => [tier, String(n)]));
    expect(unlocked.data).toEqual({
      intent: "settings",
      secretKey: SECRET,
      result: { initialValue: { prices: typed(DEFAULTS.prices), days: typed(DEFAULTS.days) } },
      toast: null,
    });

    const invalid = (await page({
      ...premiumForm(GOOD),
      "days.weekly": "0",
      intent: "save",
      secretKey: SECRET,
    })) as {
      data: Record<string, unknown>;
      init: ResponseInit;
    };
    expect(invalid.init.status).toBe(400);
    expect(invalid.data).toMatchObject({
      intent: "settings",
      secretKey: SECRET,
      result: { error: { "days.weekly": ["admin:settings.errors.days"] } },
    });

    const saved = (await page({
      ...premiumForm(GOOD),
      intent: "save",
      secretKey: SECRET,
    })) as Response;
    expect(saved.status).toBe(302);
    expect(saved.headers.get("Location")).toBe("/premium-settings-update");
    expect(await getPremiumSettings()).toEqual(GOOD);
  });
});
