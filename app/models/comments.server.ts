import { and, asc, eq, gt, isNull, or, type SQL, sql } from "drizzle-orm";
import { db } from "#db/client";
import { comments, stories } from "#db/schema";
import { HttpError, parseOrThrow } from "~/http/http.server";
import { hitOrRefuse } from "~/http/rate-limit.server";
import { findWatchedWord } from "~/lib/watched-words";
import { auditEntry } from "~/models/audit.server";
import { commentNote } from "~/models/inbox.server";
import { notYourComment } from "~/models/not-yours.server";
import { preparedOnce } from "~/models/prepared.server";
import { getSpamSettings } from "~/models/settings.server";
import { refuseSuspended } from "~/models/suspension.server";
import type { User } from "~/models/users.server";
import { CommentSchema } from "~/schemas/comment";

export interface CommentData {
  id: number;
  story_id: number;
  user_id: string | null;
  author: string;
  content: string;
  created_at: string;
  edited_at: string | null;
  /** Waiting for an administrator: only its author sees it (and administrators, on Approvals). */
  held: boolean;
}

/** How long after writing it a person may still change their comment (issue 18). */
export const COMMENT_EDIT_MS = 15 * 60_000;

const COLUMNS = {
  id: comments.id,
  story_id: comments.story_id,
  user_id: comments.user_id,
  author: comments.author,
  content: comments.content,
  created_at: comments.created_at,
  edited_at: comments.edited_at,
  held: sql<boolean>`${comments.held_at} IS NOT NULL`.mapWith(Boolean),
};

/**
 * Sets a story's `comments_count` from its rows, for the batch that changed them: the comments
 * readers see — not one held for review (decision 032) nor hidden after reports (decision 030).
 */
export const recountComments = (storyId: number | SQL) =>
  db
    .update(stories)
    .set({
      comments_count: sql`(select count(*) from ${comments}
        where ${comments.story_id} = ${storyId} and ${comments.held_at} is null
          and ${comments.hidden_at} is null)`,
    })
    .where(eq(stories.id, storyId as number));
const recount = recountComments;

/**
 * Comments of an approved story, oldest first (a conversation reads top to bottom). One held for
 * review is shown to its author only; one hidden after reports to no one.
 */
export async function listComments(
  storyId: number,
  viewer: Pick<User, "id"> | null = null,
): Promise<CommentData[]> {
  const statements = commentStatements();
  return viewer
    ? statements.member.all({ storyId, viewerId: viewer.id })
    : statements.reader.all({ storyId });
}

/** listComments' statements, built once: drizzle builds the SQL anew on every call otherwise. */
function prepareCommentStatements() {
  const list = (visible: SQL | undefined) =>
    db
      .select(COLUMNS)
      .from(comments)
      .innerJoin(stories, eq(stories.id, comments.story_id))
      .where(
        and(
          eq(comments.story_id, sql.placeholder("storyId")),
          eq(stories.status, "approved"),
          isNull(comments.hidden_at),
          visible,
        ),
      )
      .orderBy(asc(comments.created_at), asc(comments.id))
      .prepare();
  return {
    reader: list(isNull(comments.held_at)),
    member: list(or(isNull(comments.held_at), eq(comments.user_id, sql.placeholder("viewerId")))),
  };
}
const commentStatements = preparedOnce(prepareCommentStatements);

/** Comments published before this many of an account's comments wait (when the switch is on). */
export const TRUSTED_AFTER = 3;

/**
 * Why a new or changed comment must wait for an administrator, or null: a watched word in it, or
 * its author's first comments while the switch is on. Administrators are never held.
 */
async function holdReason(
  user: Pick<User, "id"> & Partial<Pick<User, "role">>,
  content: string,
  counting: boolean,
): Promise<{ word: string | null } | null> {
  if (user.role === "admin") return null;
  const spam = await getSpamSettings();
  const word = findWatchedWord([content], spam.watchedWords);
  if (word) return { word };
  if (!counting || !spam.holdFirstComments) return null;
  const [row] = await db
    .select({ n: sql<number>`count(*)` })
    .from(comments)
    .where(and(eq(comments.user_id, user.id), isNull(comments.held_at)));
  return Number(row?.n ?? 0) < TRUSTED_AFTER ? { word: null } : null;
}

/**
 * Adds a comment to an approved story. The author and user are the signed-in user, whatever the
 * request says (no mass assignment). At most 10 comments a minute and 60 an hour per person. A
 * comment that must wait for review (`holdReason`) is stored held: the story's author is told
 * once it is published.
 */
export async function addComment(
  storyId: number,
  user: Pick<User, "id" | "username"> & Partial<Pick<User, "role">>,
  input: unknown,
): Promise<CommentData> {
  const { content } = parseOrThrow(CommentSchema, input);
  await refuseSuspended(user);
  const story = await db.query.stories.findFirst({
    where: and(eq(stories.id, storyId), eq(stories.status, "approved")),
    columns: { id: true },
  });
  if (!story) throw new HttpError(404, "errors.storyNotFound");
  await hitOrRefuse({ key: `comment:user:${user.id}`, max: 10, windowMs: 60_000 });
  await hitOrRefuse({ key: `comment:user:hour:${user.id}`, max: 60, windowMs: 60 * 60_000 });
  const hold = await holdReason(user, content, true);
  const insert = db
    .insert(comments)
    .values({
      story_id: storyId,
      user_id: user.id,
      author: user.username,
      content,
      held_at: hold ? new Date().toISOString() : null,
      held_word: hold?.word ?? null,
    })
    .returning(COLUMNS);
  if (hold) return (await insert)[0]!;
  const [inserted] = await db.batch([insert, recount(storyId), ...commentNote(storyId, user)]);
  return inserted[0]!;
}

/** Whether `user` may still change `comment`: only its author, within 15 minutes of writing it. */
export function canEditComment(
  comment: Pick<CommentData, "user_id" | "created_at">,
  user: Pick<User, "id"> | null,
  now = Date.now(),
) {
  return Boolean(
    user &&
      comment.user_id !== null &&
      comment.user_id === user.id &&
      now - Date.parse(comment.created_at) < COMMENT_EDIT_MS,
  );
}

/**
 * Its author changes a comment, within 15 minutes of writing it; it is then shown as edited.
 * Someone else's comment is refused (403, or 404 when the caller cannot see it: decision 055), a
 * late edit with 409: the time is checked in the update itself, so an edit sent at the last
 * second cannot land after it.
 */
export async function editComment(
  commentId: number,
  user: Pick<User, "id"> & Partial<Pick<User, "role">>,
  input: unknown,
  now = new Date(),
): Promise<CommentData> {
  const { content } = parseOrThrow(CommentSchema, input);
  await refuseSuspended(user);
  const comment = await db.query.comments.findFirst({ where: eq(comments.id, commentId) });
  if (!comment) throw new HttpError(404, "errors.commentNotFound");
  if (comment.user_id === null || comment.user_id !== user.id)
    throw await notYourComment(comment, user, "errors.notYourCommentEdit");
  // Hidden after reports: shown to no one, its author included.
  if (comment.hidden_at) throw new HttpError(404, "errors.commentNotFound");
  const since = new Date(now.getTime() - COMMENT_EDIT_MS).toISOString();
  // A watched word written in afterwards holds it too (it leaves the story until published).
  const hold = await holdReason(user, content, false);
  const [[row]] = await db.batch([
    db
      .update(comments)
      .set({
        content,
        edited_at: now.toISOString(),
        ...(hold ? { held_at: comment.held_at ?? now.toISOString(), held_word: hold.word } : {}),
      })
      .where(
        and(
          eq(comments.id, commentId),
          eq(comments.user_id, user.id),
          gt(comments.created_at, since),
        ),
      )
      .returning(COLUMNS),
    recount(comment.story_id),
  ]);
  if (!row) throw new HttpError(409, "errors.commentEditClosed");
  return row;
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
  if (!canDeleteComment(comment, user))
    throw await notYourComment(comment, user, "errors.notYourComment");
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
