import { singleLine } from "~/lib/single-line";
import { z } from "./zod";

/**
 * The one rule for a single-line name or title (decision 051): the text is cleaned
 * (app/lib/single-line.ts: no line breaks, controls or bidi controls; NFC; trimmed) before its
 * own checks run, so a minimum length counts what will be stored and shown. Anything that is not
 * text reaches the inner schema as sent, which gives its usual message.
 */
export const singleLineText = <T extends z.ZodTypeAny>(schema: T) =>
  z.preprocess((value) => (typeof value === "string" ? singleLine(value) : value), schema);
