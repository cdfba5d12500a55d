import { REPORT_NOTE_MAX, REPORT_REASONS } from "~/constants";
import { choiceMessages, noteForOther, z } from "./zod";

/**
 * A reader's report (issue 18): what is reported (a story or a comment, by id), a reason from
 * the list, and an optional note — required for "other", which says nothing by itself.
 */
export const ReportSchema = z
  .object({
    target_type: z.enum(["story", "comment"], {
      errorMap: choiceMessages("reports.validation.target"),
    }),
    target_id: z.coerce
      .number({ invalid_type_error: "reports.validation.target" })
      .int("reports.validation.target")
      .positive("reports.validation.target"),
    reason: z.enum(REPORT_REASONS, { errorMap: choiceMessages("reports.validation.reason") }),
    note: z
      .string()
      .trim()
      .max(REPORT_NOTE_MAX, "reports.validation.noteMax")
      .optional()
      .nullable()
      .transform((v) => v || undefined),
  })
  .superRefine(noteForOther("reports.validation.noteRequired"));

export type ReportInput = z.infer<typeof ReportSchema>;
