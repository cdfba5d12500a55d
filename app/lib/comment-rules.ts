/**
 * A comment's rules (spec 02 §5) without zod. The story page's form checks them in the browser
 * with these; the server checks them with the zod schema built from the same limit
 * (app/schemas/comment.ts). So zod stays off the story page (decision 068), and
 * tests/unit/comment-rules.test.ts holds both checks to the same answers.
 */
export const COMMENT_MAX = 2000;

/** The message key of what is wrong with a comment's text as a form sends it, or null. */
export function commentProblem(content: unknown): string | null {
  const text = typeof content === "string" ? content.trim() : "";
  if (!text) return "validation.commentRequired";
  if (text.length > COMMENT_MAX) return "validation.commentTooLong";
  return null;
}

/** Conform's `parse` resolver for the comment form: what `parseWithZod(…, CommentSchema)` gives. */
export function resolveComment(payload: Record<string, unknown>) {
  const problem = commentProblem(payload.content);
  if (problem) return { error: { content: [problem] } };
  return { value: { content: String(payload.content).trim() } };
}
