import { singleLineText } from "./single-line";
import { z } from "./zod";

/**
 * A campaign update and a campaign's final report (issue 20, decision 035): the text in
 * Mongolian (required) and English (optional), and optionally an amount spent with what it went
 * on. One schema for the admin forms and the /api; the service parses it again. Messages are
 * keys of the `admin` namespace.
 */
export const UPDATE_LIMITS = {
  bodyMin: 10,
  bodyMax: 5000,
  spentMax: 10_000_000_000,
  spentOnMax: 200,
  /** Photos, and receipt pictures, per update. */
  photos: 6,
  receipts: 6,
} as const;

const v = (key: string) => `admin:poolUpdates.validation.${key}`;

/** Optional text: empty is none. */
const optional = (max: number, key: string) =>
  z
    .string()
    .trim()
    .max(max, v(key))
    .optional()
    .transform((value) => value || undefined);

/** What money went on: one line, a cell of the ledger and its CSV (decision 051). */
const spentOn = singleLineText(z.string().max(UPDATE_LIMITS.spentOnMax, v("spentOnMax")))
  .optional()
  .transform((value) => value || undefined);

export const PoolUpdateSchema = z
  .object({
    body_mn: z
      .string({ required_error: v("bodyMin") })
      .trim()
      .min(UPDATE_LIMITS.bodyMin, v("bodyMin"))
      .max(UPDATE_LIMITS.bodyMax, v("bodyMax")),
    body_en: optional(UPDATE_LIMITS.bodyMax, "bodyMax").refine(
      (value) => value === undefined || value.length >= UPDATE_LIMITS.bodyMin,
      v("bodyMin"),
    ),
    spent_amount: z
      .union([z.string(), z.number()])
      .optional()
      .transform((value, ctx) => {
        const text = typeof value === "string" ? value.trim() : value;
        if (text === "" || text === undefined) return undefined;
        const n = Number(text);
        const key = !Number.isInteger(n)
          ? "spentWhole"
          : n < 1
            ? "spentMin"
            : n > UPDATE_LIMITS.spentMax
              ? "spentMax"
              : null;
        if (key) ctx.addIssue({ code: "custom", message: v(key) });
        return n;
      }),
    spent_on_mn: spentOn,
    spent_on_en: spentOn,
  })
  .superRefine((value, ctx) => {
    // An amount says what it went on; what it went on needs its amount.
    if (value.spent_amount !== undefined && !value.spent_on_mn) {
      ctx.addIssue({ code: "custom", path: ["spent_on_mn"], message: v("spentOnRequired") });
    }
    if (value.spent_amount === undefined && (value.spent_on_mn || value.spent_on_en)) {
      ctx.addIssue({ code: "custom", path: ["spent_amount"], message: v("spentRequired") });
    }
  });

export type PoolUpdateInput = z.infer<typeof PoolUpdateSchema>;

/** The form's text fields, as typed (kept when the form is refused). */
export const UPDATE_TEXT_FIELDS = [
  "body_mn",
  "body_en",
  "spent_amount",
  "spent_on_mn",
  "spent_on_en",
] as const;
