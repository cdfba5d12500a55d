import { and, asc, eq, isNotNull } from "drizzle-orm";
import { db } from "#db/client";
import { comments, stories } from "#db/schema";
import { HttpError } from "~/http/http.server";
import { auditIfChanged } from "~/models/audit.server";
import { recountComments } from "~/models/comments.server";
import { commentNote } from "~/models/inbox.server";
import type { User } from "~/models/users.server";

/**
 * Comments held for review (issue 18, decision 029): a watched word in them, or an account's first
 * comments. An administrator publishes one (then the story's author is told, as for any comment)
 * or deletes it (`deleteComment`, audited as a moderation).
 */

type Admin = Pick<User, "id" | "username">;

/** Every held comment, oldest first, with its story and the word that held it. */
export async function listHeldComments(limit = 200) {
  return db
    .select({
      id: comments.id,
      story_id: comments.story_id,
      story_title: stories.title,
      user_id: comments.user_id,
      author: comments.author,
      content: comments.content,
      created_at: comments.created_at,
      held_at: comments.held_at,
      held_word: comments.held_word,
    })
    .from(comments)
    .innerJoin(stories, eq(stories.id, comments.story_id))
    .where(isNotNull(comments.held_at))
    .orderBy(asc(comments.held_at), asc(comments.id))
    .limit(limit);
}

/** Publishes a held comment: readers see it, the story counts it, its author is told. */
export async function publishComment(id: number, admin: Admin) {
  const comment = await db.query.comments.findFirst({ where: eq(comments.id, id) });
  if (!comment) throw new HttpError(404, "errors.commentNotFound");
  const [changed] = await db.batch([
    db
      .update(comments)
      .set({ held_at: null, held_word: null })
      .where(and(eq(comments.id, id), isNotNull(comments.held_at))),
    auditIfChanged(admin, "comment.publish", "comment", id, {
      story_id: comment.story_id,
      author: comment.author,
      word: comment.held_word,
    }),
    recountComments(comment.story_id),
    ...(comment.user_id
      ? commentNote(comment.story_id, { id: comment.user_id, username: comment.author })
      : []),
  ]);
  if (changed.rowsAffected !== 1) throw new HttpError(409, "admin:heldComments.errors.notHeld");
  return { id, story_id: comment.story_id, held: false as const };
}
