import { MONTHLY_METHODS } from "#db/schema";
import { donorName, email, leaderboard, phoneNumber, poolAmount, siteAmount } from "./donation";
import { z } from "./zod";

/**
 * A monthly gift (issue 43): the amount follows a one-off gift's rule of the same kind (campaign
 * or site), a day of the month, how the donor pays (a standing order in their bank, or a reminder
 * each month), how they are reminded (e-mail, SMS or both, with the matching contact), and
 * whether each month's gift may show their name, asked and defaulted as the one-off gift's "show
 * me" is (absent from JSON means shown). Messages are translation keys of the `donate` namespace.
 */

export type MonthlyKind = "pool" | "site";

/** Days 29–31 are allowed: a shorter month uses its last day. */
export const dayOfMonth = z.coerce
  .number({ invalid_type_error: "donate:monthly.validation.day" })
  .int("donate:monthly.validation.day")
  .min(1, "donate:monthly.validation.day")
  .max(31, "donate:monthly.validation.day");

/** A ticked checkbox ("on") or a JSON boolean; absent means no (an unticked box is not sent). */
const flag = z
  .union([z.boolean(), z.literal("on"), z.literal("true"), z.literal("false"), z.literal("")])
  .optional()
  .transform((v) => v === true || v === "on" || v === "true");

/** The same choice on a change: absent leaves it as it is. */
const leaderboardChange = z
  .union([z.boolean(), z.literal("on"), z.literal("true"), z.literal("false"), z.literal("")])
  .optional()
  .transform((v) => (v === undefined ? undefined : v === true || v === "on" || v === "true"));

/** An empty field is no phone: it is needed only to be reminded by SMS. */
const optionalPhone = z.preprocess((v) => (v === "" ? undefined : v), phoneNumber.optional());

const method = z.enum(MONTHLY_METHODS, {
  errorMap: () => ({ message: "donate:monthly.validation.method" }),
});

export function monthlyGiftSchema(kind: MonthlyKind) {
  return z
    .object({
      donor_name: donorName,
      email,
      phone_number: optionalPhone,
      amount: kind === "pool" ? poolAmount : siteAmount,
      day_of_month: dayOfMonth,
      method,
      remind_by_email: flag,
      remind_by_sms: flag,
      display_in_leaderboard: leaderboard,
    })
    .superRefine((value, ctx) => {
      if (!value.remind_by_email && !value.remind_by_sms) {
        ctx.addIssue({
          code: "custom",
          path: ["remind_by_email"],
          message: "donate:monthly.validation.remindOne",
        });
      }
      if (value.remind_by_email && !value.email) {
        ctx.addIssue({
          code: "custom",
          path: ["email"],
          message: "donate:monthly.validation.emailNeeded",
        });
      }
      if (value.remind_by_sms && !value.phone_number) {
        ctx.addIssue({
          code: "custom",
          path: ["phone_number"],
          message: "donate:monthly.validation.phoneNeeded",
        });
      }
    });
}

export const PoolMonthlySchema = monthlyGiftSchema("pool");
export const SiteMonthlySchema = monthlyGiftSchema("site");
export type MonthlyGiftInput = z.infer<typeof PoolMonthlySchema>;

export const PAUSE_MONTHS = [1, 2, 3] as const;

/**
 * What the donor may change from their link: the amount, the day or whether their name is shown,
 * a pause of 1–3 months, a resume, a stop. The amount's limits depend on the gift's kind, so the
 * service checks it again with `monthlyAmount`.
 */
export function monthlyChangeSchema(kind: MonthlyKind) {
  return z
    .discriminatedUnion("intent", [
      z.object({
        intent: z.literal("change"),
        amount: (kind === "pool" ? poolAmount : siteAmount).optional(),
        day_of_month: dayOfMonth.optional(),
        display_in_leaderboard: leaderboardChange,
      }),
      z.object({
        intent: z.literal("pause"),
        months: z.coerce
          .number({ invalid_type_error: "donate:monthly.validation.pauseMonths" })
          .int("donate:monthly.validation.pauseMonths")
          .min(1, "donate:monthly.validation.pauseMonths")
          .max(3, "donate:monthly.validation.pauseMonths"),
      }),
      z.object({ intent: z.literal("resume") }),
      z.object({ intent: z.literal("stop") }),
    ])
    .superRefine((value, ctx) => {
      if (
        value.intent === "change" &&
        value.amount === undefined &&
        !value.day_of_month &&
        value.display_in_leaderboard === undefined
      ) {
        ctx.addIssue({
          code: "custom",
          path: ["amount"],
          message: "donate:monthly.validation.nothingToChange",
        });
      }
    });
}

export const MonthlyChangeSchema = monthlyChangeSchema("pool");
export type MonthlyChange = z.infer<typeof MonthlyChangeSchema>;
