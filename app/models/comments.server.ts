import { and, asc, eq, isNull, type SQL, sql } from "drizzle-orm";
import { db } from "#db/client";
import { comments, stories } from "#db/schema";
import { auditEntry } from "~/models/audit.server";
import { commentNote } from "~/models/inbox.server";
import { refuseSuspended } from "~/models/suspension.server";
import type { User } from "~/models/users.server";
import { CommentSchema } from "~/schemas/comment";
import { HttpError, parseOrThrow } from "~/utils/http.server";
import { hitLimit } from "~/utils/rate-limit.server";

export interface CommentData {
  id: number;
  story_id: number;
  user_id: string | null;
  author: string;
  content: string;
  created_at: string;
}

/**
 * Sets a story's `comments_count` from its rows, for the batch that changed them: a comment
 * hidden after reports (decision 030) is not counted.
 */
export const recountComments = (storyId: number | SQL) =>
  db
    .update(stories)
    .set({
      comments_count: sql`(select count(*) from ${comments}
        where ${comments.story_id} = ${storyId} and ${comments.hidden_at} is null)`,
    })
    .where(eq(stories.id, storyId as number));
const recount = recountComments;

/**
 * Comments of an approved story, oldest first (a conversation reads top to bottom); one hidden
 * after reports is not among them.
 */
export async function listComments(storyId: number): Promise<CommentData[]> {
  return db
    .select({
      id: comments.id,
      story_id: comments.story_id,
      user_id: comments.user_id,
      author: comments.author,
      content: comments.content,
      created_at: comments.created_at,
    })
    .from(comments)
    .innerJoin(stories, eq(stories.id, comments.story_id))
    .where(
      and(
        eq(comments.story_id, storyId),
        eq(stories.status, "approved"),
        isNull(comments.hidden_at),
      ),
    )
    .orderBy(asc(comments.created_at), asc(comments.id));
}

/**
 * Adds a comment to an approved story. The author and user are the signed-in user, whatever the
 * request says (no mass assignment). At most 10 comments a minute per person.
 */
export async function addComment(
  storyId: number,
  user: Pick<User, "id" | "username">,
  input: unknown,
): Promise<CommentData> {
  const { content } = parseOrThrow(CommentSchema, input);
  await refuseSuspended(user);
  const story = await db.query.stories.findFirst({
    where: and(eq(stories.id, storyId), eq(stories.status, "approved")),
    columns: { id: true },
  });
  if (!story) throw new HttpError(404, "errors.storyNotFound");
  const limit = await hitLimit({ key: `comment:user:${user.id}`, max: 10, windowMs: 60_000 });
  if (!limit.allowed) {
    throw new HttpError(429, "errors.tooManyAttempts", undefined, {
      "Retry-After": String(limit.retryAfterSeconds),
    });
  }
  const [inserted] = await db.batch([
    db
      .insert(comments)
      .values({ story_id: storyId, user_id: user.id, author: user.username, content })
      .returning(),
    recount(storyId),
    ...commentNote(storyId, user),
  ]);
  const row = inserted[0]!;
  return {
    id: row.id,
    story_id: row.story_id,
    user_id: row.user_id,
    author: row.author,
    content: row.content,
    created_at: row.created_at,
  };
}

/** Whether `user` may delete `comment`: its author, or any administrator (DESIGN §4). */
export function canDeleteComment(
  comment: Pick<CommentData, "user_id">,
  user: Pick<User, "id" | "role"> | null,
) {
  return Boolean(
    user && (user.role === "admin" || (comment.user_id !== null && comment.user_id === user.id)),
  );
}

/** Deletes a comment (its author or an administrator); an administrator's deletion is audited. */
export async function deleteComment(
  commentId: number,
  user: Pick<User, "id" | "username" | "role">,
) {
  const comment = await db.query.comments.findFirst({ where: eq(comments.id, commentId) });
  if (!comment) throw new HttpError(404, "errors.commentNotFound");
  if (!canDeleteComment(comment, user)) throw new HttpError(403, "errors.notYourComment");
  const moderated = comment.user_id !== user.id;
  await db.batch([
    db.delete(comments).where(eq(comments.id, commentId)),
    recount(comment.story_id),
    ...(moderated
      ? [
          auditEntry(user, "comment.delete", "comment", commentId, {
            story_id: comment.story_id,
            author: comment.author,
            content: comment.content.slice(0, 200),
          }),
        ]
      : []),
  ]);
  return { id: commentId, story_id: comment.story_id };
}
