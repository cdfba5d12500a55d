import { LIMITS } from "~/constants";
import { bankName } from "./bank";
import { singleLineText } from "./single-line";
import { z } from "./zod";

/**
 * Pledge rules (spec 02 §5 Donation form). Messages are translation keys of the `donate`
 * namespace. The phone may be written with spaces, dashes or a leading +; it must hold 8–15 digits.
 */
export const donorName = singleLineText(
  z
    .string({ required_error: "donate:validation.nameMin" })
    .min(2, "donate:validation.nameMin")
    .max(100, "donate:validation.nameMax"),
);

export const phoneNumber = z
  .string({ required_error: "donate:validation.phoneMin" })
  .trim()
  .regex(/^\+?[\d\s-]*$/, "donate:validation.phoneFormat")
  .transform((v) => v.replace(/[\s-]/g, ""))
  .refine((v) => v.replace(/\D/g, "").length >= 8, "donate:validation.phoneMin")
  .refine((v) => v.replace(/\D/g, "").length <= 15, "donate:validation.phoneMax");

const amount = (min: number, step: number, minKey: string, stepKey: string) =>
  z.coerce
    .number({ invalid_type_error: minKey })
    .int(stepKey)
    .min(min, minKey)
    .max(1_000_000_000, "donate:validation.amountMax")
    .refine((v) => v < min || v % step === 0, stepKey);

const reference = z
  .string({ required_error: "donate:validation.referenceMin" })
  .trim()
  .min(3, "donate:validation.referenceMin")
  .max(64, "donate:validation.referenceMax");

const message = z
  .string()
  .trim()
  .max(500, "donate:validation.messageMax")
  .optional()
  .transform((v) => (v ? v : undefined));

/** Optional: where the donor is told what happened to the gift (issue 17). */
export const email = z
  .string()
  .trim()
  .max(254, "donate:validation.emailFormat")
  .optional()
  .transform((v) => (v ? v : undefined))
  .refine(
    (v) => v === undefined || /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(v),
    "donate:validation.emailFormat",
  );

/**
 * "Show me on the leaderboard", default on (spec 02 §3): a JSON client may leave it out and is
 * shown. An unticked HTML checkbox is absent too, so the form reader sends an explicit value
 * (app/screens/donations/donation-form.server.ts).
 */
export const leaderboard = z
  .union([z.boolean(), z.literal("on"), z.literal("true"), z.literal("false"), z.literal("")])
  .optional()
  .transform((v) => v === undefined || v === true || v === "on" || v === "true");

/** A gift's amount: a campaign's (from 100 ₮) or the site's (from 1,000 ₮), whole hundreds. */
export const poolAmount = amount(
  LIMITS.poolDonationMin,
  100,
  "donate:validation.amountMin",
  "donate:validation.amountStep",
);
export const siteAmount = amount(
  LIMITS.generalDonationMin,
  100,
  "donate:validation.generalAmountMin",
  "donate:validation.amountStep",
);

export const PledgeSchema = z.object({
  donor_name: donorName,
  phone_number: phoneNumber,
  email,
  amount: poolAmount,
  transaction_reference: reference,
  message,
  display_in_leaderboard: leaderboard,
});

/** A donation to the site itself (spec 02 §5 general donation): 1,000 ₮ minimum, bank required. */
export const GeneralDonationSchema = z.object({
  donor_name: donorName,
  phone_number: phoneNumber,
  email,
  amount: siteAmount,
  bank_name: bankName("donate:validation.bankRequired"),
  bank_account: z
    .string()
    .trim()
    .regex(/^\d*$/, "donate:validation.bankAccountDigits")
    .max(30, "donate:validation.bankAccountDigits")
    .optional()
    .transform((v) => (v ? v : undefined)),
  transaction_reference: reference,
  message,
  display_in_leaderboard: leaderboard,
});

export type PledgeInput = z.infer<typeof PledgeSchema>;
export type GeneralDonationInput = z.infer<typeof GeneralDonationSchema>;

/** The hidden field bots fill in and people never see. */
export const HONEYPOT_FIELD = "website";
