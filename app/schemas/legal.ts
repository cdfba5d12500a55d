import { singleLineText } from "./single-line";
import { z } from "./zod";

export const LEGAL_LIMITS = { titleMin: 3, titleMax: 120, bodyMin: 50, bodyMax: 30_000 } as const;

/** A legal page as an administrator edits it (issue 16). Messages are translation keys. */
export const LegalPageSchema = z.object({
  title: singleLineText(
    z
      .string({ required_error: "admin:pages.errors.titleMin" })
      .min(LEGAL_LIMITS.titleMin, "admin:pages.errors.titleMin")
      .max(LEGAL_LIMITS.titleMax, "admin:pages.errors.titleMax"),
  ),
  body: z
    .string({ required_error: "admin:pages.errors.bodyMin" })
    .trim()
    .min(LEGAL_LIMITS.bodyMin, "admin:pages.errors.bodyMin")
    .max(LEGAL_LIMITS.bodyMax, "admin:pages.errors.bodyMax"),
});
export type LegalPageInput = z.infer<typeof LegalPageSchema>;
