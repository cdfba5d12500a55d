import { createHash, timingSafeEqual } from "node:crypto";
import { db } from "#db/client";
import { settings } from "#db/schema";
import { config } from "~/config.server";
import { browserNonce, newDeviceCookie, trustedDevice } from "~/http/device-cookie.server";
import { clientIp, HttpError } from "~/http/http.server";
import { hitLimit, type Limit } from "~/http/rate-limit.server";
import { parseWatchedWords } from "~/lib/watched-words";
import { type Actor, auditEntry } from "~/models/audit.server";
import {
  getModerationSettings,
  getPremiumSettings,
  getSpamSettings,
  type ModerationSettings,
  type PremiumSettings,
  type SpamSettings,
} from "~/models/settings.server";
import { z } from "~/schemas/zod";

/**
 * Writing the settings: the admin settings tab, PATCH /api/settings/premium and the hidden
 * secret-key page all come through here, so the limits (DESIGN §4: prices integers ≥ 0, days
 * integers ≥ 1; invalid input refused with a message, never silently ignored) live in one place.
 */

export const TIERS = ["daily", "weekly", "monthly"] as const;
export type PaidTier = (typeof TIERS)[number];

/** Generous ceilings: a typo of three extra zeros is refused instead of published. */
export const PRICE_MAX = 10_000_000;
export const DAYS_MAX = 365;

/** Form fields arrive as text: "3000" becomes 3000, "" becomes missing, anything else stays text and fails. */
const fromText = (value: unknown) => {
  if (typeof value !== "string") return value;
  const text = value.trim().replace(/[\s,']/g, "");
  if (text === "") return undefined;
  return /^-?\d+(\.\d+)?$/.test(text) ? Number(text) : text;
};

const whole = (min: number, max: number, message: string) =>
  z.preprocess(
    fromText,
    z
      .number({ required_error: "admin:settings.errors.required", invalid_type_error: message })
      .int(message)
      .min(min, message)
      .max(max, message),
  );

const price = whole(0, PRICE_MAX, "admin:settings.errors.price");
const days = whole(1, DAYS_MAX, "admin:settings.errors.days");

export const PremiumSettingsInput = z.object(
  {
    prices: z.object(
      { daily: price, weekly: price, monthly: price },
      { required_error: "admin:settings.errors.required" },
    ),
    days: z.object(
      { daily: days, weekly: days, monthly: days },
      { required_error: "admin:settings.errors.required" },
    ),
  },
  { invalid_type_error: "admin:settings.errors.invalid" },
);

export type PremiumFieldErrors = Record<string, string[]>;

/**
 * Validates `{ prices, days }` from JSON or from the form's `prices.daily`… fields. Field errors
 * are keyed by dotted path ("prices.daily"), so the form and the /api report the same thing.
 */
export function parsePremiumSettings(
  input: unknown,
): { ok: true; value: PremiumSettings } | { ok: false; fieldErrors: PremiumFieldErrors } {
  const result = PremiumSettingsInput.safeParse(input);
  if (result.success) return { ok: true, value: result.data as PremiumSettings };
  const fieldErrors: PremiumFieldErrors = {};
  for (const issue of result.error.issues) {
    const key = issue.path.join(".") || "settings";
    fieldErrors[key] ??= [];
    if (!fieldErrors[key].includes(issue.message)) fieldErrors[key].push(issue.message);
  }
  return { ok: false, fieldErrors };
}

/** The form's flat fields (`prices.daily`, `days.weekly`…) as the nested input of the schema. */
export function premiumFromForm(form: FormData) {
  const pick = (group: string) =>
    Object.fromEntries(
      TIERS.map((tier) => [tier, String(form.get(`${group}.${tier}`) ?? "")]),
    ) as Record<PaidTier, string>;
  return { prices: pick("prices"), days: pick("days") };
}

function validatedPremium(input: unknown): PremiumSettings {
  const parsed = parsePremiumSettings(input);
  if (!parsed.ok) throw new HttpError(400, "admin:settings.errors.invalid", parsed.fieldErrors);
  return parsed.value;
}

function saveSetting(key: string, value: unknown, actor: Actor | null) {
  const now = new Date().toISOString();
  const text = JSON.stringify(value);
  return db
    .insert(settings)
    .values({ key, value: text, updated_at: now, updated_by: actor?.id ?? null })
    .onConflictDoUpdate({
      target: settings.key,
      set: { value: text, updated_at: now, updated_by: actor?.id ?? null },
    });
}

/**
 * Saves new prices and days with their audit row (before and after) in one transaction.
 * `actor` is null for the secret-key page, which has no signed-in user: the audit says so.
 */
export async function updatePremiumSettings(
  actor: Actor | null,
  input: unknown,
  { direct = false }: { direct?: boolean } = {},
): Promise<PremiumSettings> {
  const after = validatedPremium(input);
  const before = await getPremiumSettings();
  await db.batch([
    saveSetting("premium", after, actor),
    auditEntry(
      actor,
      direct ? "settings.premium_direct" : "settings.premium",
      "settings",
      "premium",
      direct ? { before, after, via: "secret_key" } : { before, after },
    ),
  ]);
  return after;
}

/** The moderation switch (DESIGN §4): free stories approved at once, or reviewed first. */
export async function updateModerationSettings(
  actor: Actor,
  reviewFreeStories: unknown,
): Promise<ModerationSettings> {
  if (typeof reviewFreeStories !== "boolean")
    throw new HttpError(400, "admin:settings.errors.invalid");
  const before = await getModerationSettings();
  const after: ModerationSettings = { ...before, reviewFreeStories };
  await db.batch([
    saveSetting("moderation", after, actor),
    auditEntry(actor, "settings.moderation", "settings", "moderation", { before, after }),
  ]);
  return after;
}

/** At most this many watched words, each at most this long: a list a person can read. */
export const WATCHED_WORDS_MAX = 500;
export const WATCHED_WORD_LENGTH = 60;

/**
 * The spam settings (issue 18): the watched words (one per line or comma, as the administrator
 * types them) and whether an account's first comments wait for review. Audit-logged with what
 * changed.
 */
export async function updateSpamSettings(
  actor: Actor,
  input: { watchedWords: unknown; holdFirstComments: unknown },
): Promise<SpamSettings> {
  if (typeof input.watchedWords !== "string" || typeof input.holdFirstComments !== "boolean")
    throw new HttpError(400, "admin:settings.errors.invalid");
  const words = parseWatchedWords(input.watchedWords);
  const tooLong = words.find((w) => w.length > WATCHED_WORD_LENGTH);
  if (tooLong || words.length > WATCHED_WORDS_MAX) {
    const message = tooLong ? "admin:spam.errors.tooLong" : "admin:spam.errors.tooMany";
    throw new HttpError(400, message, { watchedWords: [message] });
  }
  const before = await getSpamSettings();
  const after: SpamSettings = { watchedWords: words, holdFirstComments: input.holdFirstComments };
  const added = words.filter((w) => !before.watchedWords.includes(w));
  const removed = before.watchedWords.filter((w) => !words.includes(w));
  await db.batch([
    saveSetting("spam", after, actor),
    auditEntry(actor, "settings.spam", "settings", "spam", {
      added,
      removed,
      holdFirstComments: after.holdFirstComments,
    }),
  ]);
  return after;
}

// ---------------------------------------------------------------------------------------------
// The hidden premium-settings page (spec 02 §2, DESIGN §4): guarded only by a secret key from the
// environment, so it is switched off without one, compared in constant time and rate limited.

export const SECRET_LIMIT = { max: 10, windowMs: 15 * 60_000 };
/**
 * What all callers the site cannot tell apart may try together: a guesser who drops cookies and
 * changes addresses lands here. High enough that a person's typos never reach it, low enough to
 * bound guessing of a key of 12 characters or more at about 20,000 tries a day; a script that
 * fills it shuts out unknown browsers only, never the owner's (decision 019).
 */
export const SECRET_CEILING = { max: 200, windowMs: 15 * 60_000 };

export function directSettingsEnabled(): boolean {
  return Boolean(config.PREMIUM_SETTINGS_SECRET);
}

const digest = (value: string) => createHash("sha256").update(value, "utf8").digest();

const SECRET_DEVICE = "premium-secret";
const SECRET_ATTEMPTS = "premium-attempts";

/**
 * The buckets a secret-key attempt is counted in, and a cookie to set if any. A browser that has
 * given the right key before holds a device cookie and is counted on its own. Every other caller
 * is counted per address when a trusted proxy names it (TRUST_PROXY), per browser through an
 * attempt cookie, and all of them together under SECRET_CEILING.
 */
async function secretLimits(request: Request): Promise<{ limits: Limit[]; cookie: string | null }> {
  const device = await trustedDevice(request, SECRET_DEVICE);
  if (device)
    return { limits: [{ key: `premium-secret:device:${device}`, ...SECRET_LIMIT }], cookie: null };
  const ip = clientIp(request);
  const browser = await browserNonce(request, SECRET_ATTEMPTS);
  return {
    limits: [
      ...(ip ? [{ key: `premium-secret:ip:${ip}`, ...SECRET_LIMIT }] : []),
      { key: `premium-secret:browser:${browser.nonce}`, ...SECRET_LIMIT },
      { key: "premium-secret:unknown", ...SECRET_CEILING },
    ],
    cookie: browser.cookie,
  };
}

/**
 * Checks a secret key. Disabled (no key configured): 404. Too many attempts from this client:
 * 429 with Retry-After (every attempt counts, right or wrong, so guessing stays slow even
 * in parallel). Missing key: 400 "Secret key required". Wrong key: 403. An attacker can slow
 * down strangers, never the owner's browser (secretLimits). Answers the device cookie to set; a
 * refusal carries the attempt cookie, so the browser's next attempts are counted as its own.
 */
export async function checkPremiumSecret(request: Request, secretKey: unknown): Promise<string> {
  const secret = config.PREMIUM_SETTINGS_SECRET;
  if (!secret) throw new HttpError(404, "admin:premiumDirect.errors.disabled");
  if (typeof secretKey !== "string" || secretKey.trim() === "")
    throw new HttpError(400, "admin:premiumDirect.errors.secretRequired", {
      secretKey: ["admin:premiumDirect.errors.secretRequired"],
    });
  const { limits, cookie } = await secretLimits(request);
  const headers = new Headers(cookie ? { "Set-Cookie": cookie } : {});
  for (const limit of limits) {
    const state = await hitLimit(limit);
    if (state.allowed) continue;
    headers.set("Retry-After", String(state.retryAfterSeconds));
    throw new HttpError(429, "errors.tooManyAttempts", undefined, headers);
  }
  // Hashing first gives both sides the same length, so timingSafeEqual never leaks it either.
  if (!timingSafeEqual(digest(secretKey), digest(secret)))
    throw new HttpError(
      403,
      "admin:premiumDirect.errors.wrongKey",
      { secretKey: ["admin:premiumDirect.errors.wrongKey"] },
      headers,
    );
  return newDeviceCookie(request, SECRET_DEVICE);
}

/**
 * PATCH /api/settings/premium-direct's body. Only its shape is checked before the handler: the
 * key is checked before the settings (updatePremiumSettingsDirect), so a caller without the key
 * is answered 404 (feature off), 400, 403 or 429 whatever the settings say, and never learns how
 * they are checked.
 */
export const PremiumDirectInput = z.object({
  secretKey: z.unknown(),
  settings: z.unknown(),
});

/** PATCH /api/settings/premium-direct and the hidden page's save: key first, then the settings. */
export async function updatePremiumSettingsDirect(
  request: Request,
  secretKey: unknown,
  input: unknown,
): Promise<{ settings: PremiumSettings; deviceCookie: string }> {
  const deviceCookie = await checkPremiumSecret(request, secretKey);
  return { settings: await updatePremiumSettings(null, input, { direct: true }), deviceCookie };
}
