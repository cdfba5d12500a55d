import { createHash, timingSafeEqual } from "node:crypto";
import { db } from "#db/client";
import { settings } from "#db/schema";
import { config } from "~/config.server";
import { type Actor, auditEntry } from "~/models/audit.server";
import {
  getModerationSettings,
  getPremiumSettings,
  type ModerationSettings,
  type PremiumSettings,
} from "~/models/settings.server";
import { z } from "~/schemas/zod";
import { newDeviceCookie, trustedDevice } from "~/utils/device-cookie.server";
import { clientIp, HttpError } from "~/utils/http.server";
import { hitLimit } from "~/utils/rate-limit.server";

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
      direct ? { before, after, via: "secret key (PREMIUM_SETTINGS_SECRET)" } : { before, after },
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

// ---------------------------------------------------------------------------------------------
// The hidden premium-settings page (spec 02 §2, DESIGN §4): guarded only by a secret key from the
// environment, so it is switched off without one, compared in constant time and rate limited.

export const SECRET_LIMIT = { max: 10, windowMs: 15 * 60_000 };

export function directSettingsEnabled(): boolean {
  return Boolean(config.PREMIUM_SETTINGS_SECRET);
}

const digest = (value: string) => createHash("sha256").update(value, "utf8").digest();

/**
 * Checks a secret key. Disabled (no key configured): 404. Too many attempts from this client:
 * 429 with Retry-After (every attempt counts, right or wrong, so guessing stays slow even
 * in parallel). Missing key: 400 "Secret key required". Wrong key: 403.
 *
 * Attempts are counted per address when a trusted proxy names it (TRUST_PROXY). Otherwise a
 * browser that has given the right key before carries a device cookie for it and is counted on
 * its own, and every other caller shares one bucket: an attacker can slow down strangers, never
 * the owner's browser (device-cookie.server.ts). Answers the device cookie to set.
 */
export async function checkPremiumSecret(request: Request, secretKey: unknown): Promise<string> {
  const secret = config.PREMIUM_SETTINGS_SECRET;
  if (!secret) throw new HttpError(404, "admin:premiumDirect.errors.disabled");
  if (typeof secretKey !== "string" || secretKey.trim() === "")
    throw new HttpError(400, "admin:premiumDirect.errors.secretRequired", {
      secretKey: ["admin:premiumDirect.errors.secretRequired"],
    });
  const ip = clientIp(request);
  const device = await trustedDevice(request, SECRET_DEVICE);
  const client = ip ? `ip:${ip}` : device ? `device:${device}` : "unknown";
  const state = await hitLimit({ key: `premium-secret:${client}`, ...SECRET_LIMIT });
  if (!state.allowed)
    throw new HttpError(429, "errors.tooManyAttempts", undefined, {
      "Retry-After": String(state.retryAfterSeconds),
    });
  // Hashing first gives both sides the same length, so timingSafeEqual never leaks it either.
  if (!timingSafeEqual(digest(secretKey), digest(secret)))
    throw new HttpError(403, "admin:premiumDirect.errors.wrongKey", {
      secretKey: ["admin:premiumDirect.errors.wrongKey"],
    });
  return newDeviceCookie(request, SECRET_DEVICE);
}

const SECRET_DEVICE = "premium-secret";

/** PATCH /api/settings/premium-direct and the hidden page's save: key first, then the settings. */
export async function updatePremiumSettingsDirect(
  request: Request,
  secretKey: unknown,
  input: unknown,
): Promise<{ settings: PremiumSettings; deviceCookie: string }> {
  const deviceCookie = await checkPremiumSecret(request, secretKey);
  return { settings: await updatePremiumSettings(null, input, { direct: true }), deviceCookie };
}
