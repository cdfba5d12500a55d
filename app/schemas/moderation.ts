import { REJECTION_NOTE_MAX, REJECTION_REASONS } from "~/constants";
import { choiceMessages, z } from "./zod";

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
  .superRefine((value, ctx) => {
    if (value.reason === "other" && !value.note) {
      ctx.addIssue({
        code: z.ZodIssueCode.custom,
        path: ["note"],
        message: "admin:validation.rejectionNoteRequired",
      });
    }
  });

export type RejectionInput = z.infer<typeof RejectionSchema>;
