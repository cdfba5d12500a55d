import { REJECTION_NOTE_MAX, REJECTION_REASONS } from "~/constants";
import { choiceMessages, noteForOther, z } from "./zod";

/**
 * Why a story is rejected (issue 16): a reason from the list, and the administrator's own words
 * for the author — required when the reason is "other", which says nothing by itself. Both may
 * be left out through the /api, whose reject call the spec sends without a body.
 */
export const RejectionSchema = z
  .object({
    reason: z
      .enum(REJECTION_REASONS, { errorMap: choiceMessages("admin:validation.rejectionReason") })
      .optional(),
    note: z
      .string()
      .trim()
      .max(REJECTION_NOTE_MAX, "admin:validation.rejectionNoteMax")
      .optional()
      .transform((v) => v || undefined),
  })
  .superRefine(noteForOther("admin:validation.rejectionNoteRequired"));

export type RejectionInput = z.infer<typeof RejectionSchema>;

/**
 * What an administrator saw arrive when verifying a story's payment (issue 16): a whole number of
 * tugrik. Required on the screens; the spec's /api call has no body, so there it may be left out.
 * A different amount than the plan's price is allowed (it is recorded as received).
 */
export const VerifyPaymentSchema = z.object({
  amount_received: z.coerce
    .number({ invalid_type_error: "admin:validation.amountReceived" })
    .int("admin:validation.amountReceived")
    .min(1, "admin:validation.amountReceived")
    .max(1_000_000_000, "admin:validation.amountReceived"),
});
