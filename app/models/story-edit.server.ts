import { and, asc, eq, sql } from "drizzle-orm";
import { db } from "#db/client";
import { stories, storyEdits } from "#db/schema";
import { HttpError, parseOrThrow } from "~/http/http.server";
import { hitOrRefuse } from "~/http/rate-limit.server";
import { findWatchedWord } from "~/lib/watched-words";
import { auditIfChanged } from "~/models/audit.server";
import { storyNote } from "~/models/inbox.server";
import { mediaUrl } from "~/models/media.server";
import { notYourStory } from "~/models/not-yours.server";
import { indexStory, indexStoryTerms } from "~/models/search-index.server";
import { getModerationSettings, getSpamSettings } from "~/models/settings.server";
import { resubmitStory, storedImage } from "~/models/story-submission.server";
import { refuseSuspended } from "~/models/suspension.server";
import type { User } from "~/models/users.server";
import { RejectionSchema } from "~/schemas/moderation";
import { StoryStep1Schema } from "~/schemas/story";

/**
 * An author changes their own story (issue 18, decision 029). What happens depends on where the
 * story stands, by the rule it was published under:
 * - waiting for review or payment: the story is simply updated (nobody has read it yet);
 * - rejected: it is sent for review again (issue 16, `resubmitStory`);
 * - published: when a person had to approve it — every paid story, and a free one while the
 *   administrators review free stories — the edit waits for review in `story_edits` and readers
 *   keep seeing the approved version; otherwise it is published at once. A featured story keeps
 *   its paid period either way.
 */

type Author = Pick<User, "id" | "username">;
type Admin = Pick<User, "id" | "username">;

export type StoryEditOutcome = "updated" | "resubmitted" | "published" | "awaiting_review";

/**
 * How an edit of this story is taken: `resubmit` (rejected: back to review), `pending` (not yet
 * published: updated in place), `review` (published; the edit waits for an administrator) or
 * `direct` (published; the edit is published at once).
 */
export type StoryEditMode = "resubmit" | "pending" | "review" | "direct";

export async function storyEditMode(story: {
  status: string;
  pricing_tier: string;
}): Promise<StoryEditMode> {
  if (story.status === "rejected") return "resubmit";
  if (story.status === "pending") return "pending";
  return (await editNeedsReview(story)) ? "review" : "direct";
}

const HOUR = 60 * 60_000;

const countEdit = (user: Pick<User, "id">) =>
  hitOrRefuse({ key: `story-edit:user:${user.id}`, max: 30, windowMs: HOUR });

/** Whether an edit of this published story must wait for a person's review. */
async function editNeedsReview(story: { pricing_tier: string }) {
  if (story.pricing_tier !== "free") return true;
  return (await getModerationSettings()).reviewFreeStories;
}

/**
 * Applies the author's edit of one of their stories (fields of the wizard's first step; `imageId`
 * an image stored earlier, or null for none). Someone else's story is refused: 403 when the
 * caller can read it, else 404 (decision 055).
 */
export async function editOwnStory(
  user: Author,
  id: number,
  input: unknown,
  imageId: string | null,
): Promise<{ id: number; outcome: StoryEditOutcome }> {
  const value = parseOrThrow(StoryStep1Schema, input);
  await refuseSuspended(user);
  const row = await db.query.stories.findFirst({
    where: and(eq(stories.id, id), eq(stories.user_id, user.id)),
    columns: {
      id: true,
      status: true,
      pricing_tier: true,
      title: true,
      story: true,
      story_image: true,
      bank_name: true,
      bank_account: true,
      account_name: true,
    },
  });
  if (!row) throw await notYourStory(id, user);
  const mode = await storyEditMode(row);
  if (mode === "resubmit") {
    await resubmitStory(user, id, value, imageId);
    return { id, outcome: "resubmitted" };
  }
  const image = await storedImage(imageId);
  await countEdit(user);
  const fields = {
    title: value.title,
    story: value.story,
    story_image: image,
    bank_name: value.bank_name,
    bank_account: value.bank_account,
    account_name: value.account_name ?? null,
  };
  const { watchedWords } = await getSpamSettings();
  const heldWord = findWatchedWord([value.title, value.story], watchedWords);
  const detail = {
    title: value.title,
    was: row.title,
    ...(heldWord ? { held_word: heldWord } : {}),
  };

  // Back to exactly what is published: nothing to review, and an older waiting edit is moot.
  const same = (Object.keys(fields) as (keyof typeof fields)[]).every((k) => fields[k] === row[k]);
  // A watched word makes an edit that would be published at once wait for review instead.
  const toReview = mode === "review" || (mode === "direct" && heldWord !== null);
  if (toReview && same) {
    await db.delete(storyEdits).where(eq(storyEdits.story_id, id));
    return { id, outcome: "published" };
  }
  if (toReview) {
    const now = new Date().toISOString();
    const [written] = await db.batch([
      // One waiting edit per story: a newer one replaces it. Written only while the story is
      // still published, so a decision taken meanwhile makes this a 409.
      db.run(sql`
        INSERT OR REPLACE INTO ${storyEdits}
          (story_id, title, story, story_image, bank_name, bank_account, account_name,
           submitted_at, held_word)
        SELECT ${stories.id}, ${fields.title}, ${fields.story}, ${fields.story_image},
               ${fields.bank_name}, ${fields.bank_account}, ${fields.account_name}, ${now},
               ${heldWord}
          FROM ${stories} WHERE ${stories.id} = ${id} AND ${stories.status} = 'approved'`),
      auditIfChanged(user, "story.edit", "story", id, { ...detail, review: true }),
    ]);
    if (written.rowsAffected !== 1) throw new HttpError(409, "post:edit.errors.changed");
    return { id, outcome: "awaiting_review" };
  }

  // Waiting for review, or published without one: the story itself changes, in the state it
  // was read in (a decision taken meanwhile makes this a 409, not a silent change of rule).
  const [changed] = await db.batch([
    db
      .update(stories)
      // A story readers' reports took back to review (decision 030) is, once edited, a story
      // waiting for review like any other: dismissing the reports must not publish the edit.
      .set(row.status === "pending" ? { ...fields, held_word: heldWord, held_at: null } : fields)
      .where(and(eq(stories.id, id), eq(stories.status, row.status))),
    indexStory(id, { ...fields, author: user.username }, "ifChanged"),
    auditIfChanged(user, "story.edit", "story", id, detail),
    // A newer edit of the story itself makes an older waiting one moot.
    db.delete(storyEdits).where(eq(storyEdits.story_id, id)),
    indexStoryTerms({ ...fields, author: user.username }),
  ]);
  if (changed.rowsAffected !== 1) throw new HttpError(409, "post:edit.errors.changed");
  return { id, outcome: row.status === "approved" ? "published" : "updated" };
}

/** The edit of one story waiting for review, as its author or an administrator sees it; or null. */
export async function getStoryEdit(storyId: number) {
  const row = await db.query.storyEdits.findFirst({ where: eq(storyEdits.story_id, storyId) });
  return row ?? null;
}

/** Every edit waiting for review, oldest first, with what it replaces. */
export async function listStoryEdits(limit = 200) {
  const rows = await db
    .select({
      story_id: storyEdits.story_id,
      submitted_at: storyEdits.submitted_at,
      title: storyEdits.title,
      story: storyEdits.story,
      story_image: storyEdits.story_image,
      bank_name: storyEdits.bank_name,
      bank_account: storyEdits.bank_account,
      account_name: storyEdits.account_name,
      held_word: storyEdits.held_word,
      author: stories.author,
      pricing_tier: stories.pricing_tier,
      current: {
        title: stories.title,
        story: stories.story,
        story_image: stories.story_image,
        bank_name: stories.bank_name,
        bank_account: stories.bank_account,
        account_name: stories.account_name,
      },
    })
    .from(storyEdits)
    .innerJoin(stories, eq(stories.id, storyEdits.story_id))
    .orderBy(asc(storyEdits.submitted_at), asc(storyEdits.story_id))
    .limit(limit);
  return rows.map((row) => ({
    ...row,
    story_image: mediaUrl(row.story_image),
    current: { ...row.current, story_image: mediaUrl(row.current.story_image) },
  }));
}

async function editOrThrow(storyId: number) {
  const edit = await getStoryEdit(storyId);
  if (!edit) throw new HttpError(404, "admin:edits.errors.gone");
  return edit;
}

/**
 * An administrator takes the waiting edit: the published story becomes it, in one batch with the
 * edit's removal (so taking it twice at once applies it once) and the author's notice. Its
 * featured period and everything else about it stay.
 */
export async function approveStoryEdit(storyId: number, admin: Admin) {
  const edit = await editOrThrow(storyId);
  const story = await db.query.stories.findFirst({
    where: eq(stories.id, storyId),
    columns: { author: true },
  });
  const [changed] = await db.batch([
    db
      .update(stories)
      .set({
        title: edit.title,
        story: edit.story,
        story_image: edit.story_image,
        bank_name: edit.bank_name,
        bank_account: edit.bank_account,
        account_name: edit.account_name,
      })
      .where(
        and(
          eq(stories.id, storyId),
          sql`EXISTS (SELECT 1 FROM ${storyEdits} WHERE ${storyEdits.story_id} = ${storyId}
                AND ${storyEdits.submitted_at} = ${edit.submitted_at})`,
        ),
      ),
    indexStory(storyId, { ...edit, author: story?.author ?? "" }, "ifChanged"),
    auditIfChanged(admin, "story.edit_approve", "story", storyId, { title: edit.title }),
    ...storyNote("story.editApproved", storyId),
    db.delete(storyEdits).where(eq(storyEdits.story_id, storyId)),
    indexStoryTerms({ ...edit, author: story?.author ?? "" }),
  ]);
  if (changed.rowsAffected !== 1) throw new HttpError(409, "admin:edits.errors.gone");
  return { id: storyId, edit: "approved" as const };
}

/**
 * An administrator turns the waiting edit down, optionally saying why (the reasons of a
 * rejection): the story stays as published, and its author is told.
 */
export async function rejectStoryEdit(storyId: number, admin: Admin, input: unknown = {}) {
  const { reason, note } = parseOrThrow(RejectionSchema, input ?? {});
  const edit = await editOrThrow(storyId);
  const [removed] = await db.batch([
    db
      .delete(storyEdits)
      .where(and(eq(storyEdits.story_id, storyId), eq(storyEdits.submitted_at, edit.submitted_at))),
    auditIfChanged(admin, "story.edit_reject", "story", storyId, {
      title: edit.title,
      reason: reason ?? null,
      note: note ?? null,
    }),
    ...storyNote("story.editRejected", storyId, { reason: reason ?? null, note: note ?? null }),
  ]);
  if (removed.rowsAffected !== 1) throw new HttpError(409, "admin:edits.errors.gone");
  return { id: storyId, edit: "rejected" as const };
}

/** The author withdraws their own waiting edit. */
export async function withdrawStoryEdit(user: Author, storyId: number) {
  const [removed] = await db.batch([
    db.delete(storyEdits).where(
      and(
        eq(storyEdits.story_id, storyId),
        sql`EXISTS (SELECT 1 FROM ${stories} WHERE ${stories.id} = ${storyId}
                AND ${stories.user_id} = ${user.id})`,
      ),
    ),
    auditIfChanged(user, "story.edit_withdraw", "story", storyId, {}),
  ]);
  if (removed.rowsAffected !== 1) {
    const own = await db.query.stories.findFirst({
      where: and(eq(stories.id, storyId), eq(stories.user_id, user.id)),
      columns: { id: true },
    });
    // Their own story with no edit waiting is a 404; anyone else's, the rule of decision 055.
    throw own ? new HttpError(404, "errors.storyNotFound") : await notYourStory(storyId, user);
  }
  return { id: storyId };
}
