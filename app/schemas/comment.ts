import { z } from "./zod";

export const COMMENT_MAX = 2000;

/** Spec 02 §5: blank or whitespace-only text cannot be sent. Messages are translation keys. */
export const CommentSchema = z.object({
  content: z
    .string({ required_error: "validation.commentRequired" })
    .trim()
    .min(1, "validation.commentRequired")
    .max(COMMENT_MAX, "validation.commentTooLong"),
});
