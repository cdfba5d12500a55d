import { LIMITS } from "~/constants";
import { bankName } from "./bank";
import { singleLineText } from "./single-line";
import { choiceMessages, z } from "./zod";

/**
 * Story form rules (spec 02 §5). Messages are translation keys of the `post` namespace; the
 * English catalogue holds the spec's wording verbatim. One schema per wizard step, merged for
 * the final submission and for POST /api/stories.
 */
export const TIERS = ["free", "daily", "weekly", "monthly"] as const;

export const StoryStep1Schema = z.object({
  title: singleLineText(
    z
      .string({ required_error: "post:validation.titleMin" })
      .min(LIMITS.titleMin, "post:validation.titleMin")
      .max(LIMITS.titleMax, "post:validation.titleMax"),
  ),
  story: z
    .string({ required_error: "post:validation.storyMin" })
    .trim()
    .min(LIMITS.storyMin, "post:validation.storyMin")
    .max(LIMITS.storyMax, "post:validation.storyMax"),
  bank_name: bankName("post:validation.bankNameRequired"),
  bank_account: z
    .string({ required_error: "post:validation.bankAccountRequired" })
    .trim()
    .min(1, "post:validation.bankAccountRequired")
    .regex(/^\d*$/, "post:validation.bankAccountDigits")
    .max(30, "post:validation.bankAccountMax"),
  account_name: singleLineText(z.string().max(100, "post:validation.accountNameMax"))
    .optional()
    .transform((v) => (v ? v : undefined)),
});

export const StoryStep2Schema = z.object({
  pricing_tier: z.enum(TIERS, { errorMap: choiceMessages("post:validation.tierRequired") }),
});

const paymentReference = z
  .string()
  .trim()
  .max(40, "post:validation.paymentReferenceMax")
  .regex(/^[\p{L}\p{N} ._/#-]*$/u, "post:validation.paymentReferenceFormat")
  .optional();

export const StorySchema = StoryStep1Schema.merge(StoryStep2Schema)
  .extend({ payment_reference: paymentReference })
  .superRefine((value, ctx) => {
    if (value.pricing_tier !== "free" && !value.payment_reference) {
      ctx.addIssue({
        code: z.ZodIssueCode.custom,
        path: ["payment_reference"],
        message: "post:validation.paymentReferenceRequired",
      });
    }
  });

export type StoryInput = z.infer<typeof StorySchema>;
