import { COMMENT_MAX } from "~/lib/comment-rules";
import { z } from "./zod";

export { COMMENT_MAX };

/**
 * Spec 02 §5: blank or whitespace-only text cannot be sent. Messages are translation keys. The
 * browser checks the same rules without zod (app/lib/comment-rules.ts).
 */
export const CommentSchema = z.object({
  content: z
    .string({ required_error: "validation.commentRequired" })
    .trim()
    .min(1, "validation.commentRequired")
    .max(COMMENT_MAX, "validation.commentTooLong"),
});
