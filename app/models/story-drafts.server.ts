import { and, eq, gt, lt, sql } from "drizzle-orm";
import { db } from "#db/client";
import { storyDrafts } from "#db/schema";
import { newStoryReference } from "~/lib/payment-code.server";
import type { User } from "~/models/users.server";

/**
 * The author's story draft as the server keeps it (issue 41, decision 059): the payment reference
 * step 3 of /post-story shows, held for this author as a donor's code is held for them (decision
 * 022), and the picture stored at step 1. A reload in the bank app, passing step 2 again, or a
 * second device of the same author shows the same code, and the story is stored under it; the
 * draft ends with the story. Keyed to the account, not a cookie: only signed-in authors write.
 */

const HOLD_DAYS = 7;
const HOLD_MS = HOLD_DAYS * 24 * 60 * 60 * 1000;

const live = (user: Pick<User, "id">, now: string) =>
  and(eq(storyDrafts.user_id, user.id), gt(storyDrafts.expires_at, now));

/**
 * The reference held for this author's draft, its hold renewed for HOLD_DAYS; a new one when
 * there is none. A new code is one no story has and no draft holds (the unique index), checked
 * in the same statement that takes it.
 */
export async function heldStoryReference(user: Pick<User, "id">): Promise<string> {
  const now = new Date().toISOString();
  const expires = new Date(Date.now() + HOLD_MS).toISOString();
  const [renewed] = await db
    .update(storyDrafts)
    .set({ expires_at: expires })
    .where(live(user, now))
    .returning({ code: storyDrafts.payment_reference });
  if (renewed) return renewed.code;

  // An expired draft of this author, and everyone's expired holds, give their codes back.
  await db.delete(storyDrafts).where(lt(storyDrafts.expires_at, now));
  await db.delete(storyDrafts).where(eq(storyDrafts.user_id, user.id));
  for (let attempt = 0; attempt < 10; attempt++) {
    const code = newStoryReference();
    const inserted = await db.run(sql`
      INSERT INTO story_drafts (user_id, payment_reference, image_id, expires_at)
      SELECT ${user.id}, ${code}, NULL, ${expires}
      WHERE NOT EXISTS (SELECT 1 FROM stories WHERE payment_reference = ${code})
      ON CONFLICT DO NOTHING`);
    if (inserted.rowsAffected === 1) return code;
    // Two tabs of the same author racing: the one that won holds the draft for both.
    const [theirs] = await db
      .select({ code: storyDrafts.payment_reference })
      .from(storyDrafts)
      .where(live(user, now));
    if (theirs) return theirs.code;
  }
  throw new Error("story_drafts: no free payment reference found in 10 attempts");
}

/** The picture the author's draft holds (stored at step 1), or null. */
export async function draftImage(user: Pick<User, "id">): Promise<string | null> {
  const [row] = await db
    .select({ image: storyDrafts.image_id })
    .from(storyDrafts)
    .where(live(user, new Date().toISOString()));
  return row?.image ?? null;
}

/** The draft holds this picture from now on (null: the author removed it). */
export async function keepDraftImage(user: Pick<User, "id">, imageId: string | null) {
  await heldStoryReference(user);
  await db.update(storyDrafts).set({ image_id: imageId }).where(eq(storyDrafts.user_id, user.id));
}

/**
 * The reference a paid story is stored under, from what its form (or an /api client) sent: the
 * one held for this author, or one no other author's draft holds (a script's own choice, or a
 * bank's transaction number the author typed, as step 3 allows). A code another author holds
 * gets this author's own held code instead, so the two transfers cannot be confused.
 */
export async function acceptedStoryReference(
  user: Pick<User, "id">,
  proposed: string | null | undefined,
): Promise<string> {
  const code = proposed?.trim();
  if (code) {
    const [holder] = await db
      .select({ user_id: storyDrafts.user_id })
      .from(storyDrafts)
      .where(
        and(
          eq(storyDrafts.payment_reference, code),
          gt(storyDrafts.expires_at, new Date().toISOString()),
        ),
      );
    if (!holder || holder.user_id === user.id) return code;
  }
  return heldStoryReference(user);
}

/** The draft ends with the story sent from it: for the story's own batch. */
export const endStoryDraft = (user: Pick<User, "id">) =>
  db.delete(storyDrafts).where(eq(storyDrafts.user_id, user.id));
