import { eq } from "drizzle-orm";
import { db } from "#db/client";
import { settings } from "#db/schema";
import { PREMIUM_DEFAULTS } from "~/constants";
import { z } from "~/schemas/zod";

/** DESIGN §4: prices are integers ≥ 0, days integers ≥ 1. */
const tierValues = (min: number) =>
  z.object({
    daily: z.number().int().min(min),
    weekly: z.number().int().min(min),
    monthly: z.number().int().min(min),
  });

export const PremiumSettingsSchema = z.object({ prices: tierValues(0), days: tierValues(1) });
export type PremiumSettings = z.infer<typeof PremiumSettingsSchema>;

export const ModerationSettingsSchema = z.object({
  /** Free stories are approved at submission unless an administrator turns this on. */
  reviewFreeStories: z.boolean(),
});
export type ModerationSettings = z.infer<typeof ModerationSettingsSchema>;

export const SpamSettingsSchema = z.object({
  /** A story or comment containing one waits for an administrator (app/lib/watched-words.ts). */
  watchedWords: z.array(z.string()),
  /** An account's first comments wait for an administrator until three have been published. */
  holdFirstComments: z.boolean(),
});
export type SpamSettings = z.infer<typeof SpamSettingsSchema>;

const DEFAULTS = {
  premium: PREMIUM_DEFAULTS as PremiumSettings,
  moderation: { reviewFreeStories: false } as ModerationSettings,
  // The spam seen most on Mongolian sites: betting and quick-loan adverts.
  spam: {
    watchedWords: ["казино", "casino", "1xbet", "melbet", "бооцооны сайт", "зээл олгоно"],
    holdFirstComments: false,
  } as SpamSettings,
};

async function read<T>(key: keyof typeof DEFAULTS, schema: z.ZodType<T>): Promise<T> {
  const row = await db.query.settings.findFirst({ where: eq(settings.key, key) });
  if (!row) return DEFAULTS[key] as T;
  const parsed = schema.safeParse(JSON.parse(row.value));
  // A stored value that no longer fits the rules never breaks a page: the defaults apply.
  return parsed.success ? parsed.data : (DEFAULTS[key] as T);
}

export const getPremiumSettings = () => read("premium", PremiumSettingsSchema);
export const getModerationSettings = () => read("moderation", ModerationSettingsSchema);
export const getSpamSettings = () => read("spam", SpamSettingsSchema);

/** Writes the defaults where nothing is saved yet (seed); never overwrites a saved value. */
export async function ensureDefaultSettings() {
  await db
    .insert(settings)
    .values(Object.entries(DEFAULTS).map(([key, value]) => ({ key, value: JSON.stringify(value) })))
    .onConflictDoNothing();
}
