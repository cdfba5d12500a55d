import { LIMITS } from "~/constants";
import { DAY_FORMAT } from "~/lib/pool-end";
import { bankName } from "./bank";
import { singleLineText } from "./single-line";
import { z } from "./zod";

/**
 * A new donation pool (spec 02 §2 Donations tab, §5 New pool; DESIGN §4: goal at least 1,000 ₮
 * in steps of 1,000). One schema for the admin form (client and server) and POST
 * /api/donation-pools. Messages are translation keys of the `admin` namespace.
 */
export const POOL_LIMITS = {
  nameMin: 3,
  nameMax: 120,
  descriptionMin: 10,
  descriptionMax: 5000,
  goalMin: LIMITS.poolGoalMin,
  goalStep: 1000,
  goalMax: 10_000_000_000,
  photos: 3,
  photoMaxBytes: LIMITS.imageMaxBytes,
  videoMaxBytes: 100 * 1024 * 1024,
  videoMaxSeconds: 120,
  /** Spec 02 §9: photos fit 1200×800 and are re-encoded at 0.85 quality. */
  photoMaxWidth: 1200,
  photoMaxHeight: 800,
  photoQuality: 85,
} as const;

const v = (key: string) => `admin:newPool.validation.${key}`;

export const PoolSchema = z.object({
  name: singleLineText(
    z
      .string({ required_error: v("nameMin") })
      .min(POOL_LIMITS.nameMin, v("nameMin"))
      .max(POOL_LIMITS.nameMax, v("nameMax")),
  ),
  description: z
    .string({ required_error: v("descriptionMin") })
    .trim()
    .min(POOL_LIMITS.descriptionMin, v("descriptionMin"))
    .max(POOL_LIMITS.descriptionMax, v("descriptionMax")),
  goal_amount: z.coerce
    .number({ invalid_type_error: v("goalMin"), required_error: v("goalMin") })
    .int(v("goalStep"))
    .min(POOL_LIMITS.goalMin, v("goalMin"))
    .max(POOL_LIMITS.goalMax, v("goalMax"))
    .refine((n) => n % POOL_LIMITS.goalStep === 0, v("goalStep")),
  bank_name: bankName(v("bankName")),
  bank_account: z
    .string({ required_error: v("bankAccount") })
    .trim()
    .min(1, v("bankAccount"))
    .regex(/^\d{6,30}$/, v("bankAccountDigits")),
  account_name: singleLineText(
    z
      .string({ required_error: v("accountName") })
      .min(2, v("accountName"))
      .max(100, v("accountNameMax")),
  ),
  /** Optional last day of pledges, "YYYY-MM-DD"; not in the past (checked by the service). */
  ends_on: z
    .string()
    .trim()
    .optional()
    .transform((value) => value || undefined)
    .refine((value) => value === undefined || DAY_FORMAT.test(value), v("endsOnFormat")),
});

export type PoolInput = z.infer<typeof PoolSchema>;

/** The media slots of a pool: three photos and one video. */
export const PHOTO_SLOTS = ["photo_1", "photo_2", "photo_3"] as const;
export type PhotoSlot = (typeof PHOTO_SLOTS)[number];
export type MediaSlot = PhotoSlot | "video";
