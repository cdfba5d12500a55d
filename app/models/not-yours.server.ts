import { and, eq } from "drizzle-orm";
import { db } from "#db/client";
import { stories } from "#db/schema";
import { HttpError } from "~/http/http.server";
import type { User } from "~/models/users.server";

/**
 * One rule for a write to what is not the caller's (decision 055). What they can read — a
 * published story, a comment shown on one — is refused with 403 and a message saying it is not
 * theirs: pretending it is missing would contradict the page they are looking at. What they
 * cannot read (a story waiting for review or rejected, a held or hidden comment, a missing id)
 * stays a 404, so a refusal never tells anyone it exists. Screens and /api both get it from here.
 */

type Caller = Pick<User, "id"> & Partial<Pick<User, "role">>;

type StoryMessage = "errors.notYourStory" | "errors.notYourStoryEdit" | "errors.notYourStats";
type CommentMessage = "errors.notYourComment" | "errors.notYourCommentEdit";

/** Whether `caller` can read story `id`: published, their own, or any to an administrator. */
async function canReadStory(id: number, caller: Caller) {
  const story = await db.query.stories.findFirst({
    where: eq(stories.id, id),
    columns: { status: true, user_id: true },
  });
  if (!story) return false;
  return story.status === "approved" || caller.role === "admin" || story.user_id === caller.id;
}

/** The refusal of a write to story `id`, which is not `caller`'s. */
export async function notYourStory(
  id: number,
  caller: Caller,
  message: StoryMessage = "errors.notYourStoryEdit",
) {
  return (await canReadStory(id, caller))
    ? new HttpError(403, message)
    : new HttpError(404, "errors.storyNotFound");
}

/** One of the caller's own stories, whole; anyone else's is refused by the rule above. */
export async function requireOwnStory(caller: Caller, id: number) {
  const row = await db.query.stories.findFirst({
    where: and(eq(stories.id, id), eq(stories.user_id, caller.id)),
  });
  if (!row) throw await notYourStory(id, caller);
  return row;
}

/**
 * The refusal of a write to a comment that is not `caller`'s. Held comments are shown only to
 * their authors and administrators, hidden ones to administrators only.
 */
export async function notYourComment(
  comment: { story_id: number; held_at: string | null; hidden_at: string | null },
  caller: Caller,
  message: CommentMessage,
) {
  const shown =
    caller.role === "admin" ||
    (!comment.held_at && !comment.hidden_at && (await canReadStory(comment.story_id, caller)));
  return shown ? new HttpError(403, message) : new HttpError(404, "errors.commentNotFound");
}
