import { randomInt } from "node:crypto";
import { and, desc, eq, getTableColumns, sql } from "drizzle-orm";
import { db } from "#db/client";
import { media, stories, storyEdits } from "#db/schema";
import { payee } from "~/config.server";
import { HttpError, parseOrThrow } from "~/http/http.server";
import { hitLimit, type Limit, peekLimit, refuseOverLimit } from "~/http/rate-limit.server";
import { findWatchedWord } from "~/lib/watched-words";
import { auditIfChanged } from "~/models/audit.server";
import { followedStoryNote, storyNote } from "~/models/inbox.server";
import { mediaUrl, type PreparedImage, saveImage, storeImage } from "~/models/media.server";
import { notYourStory } from "~/models/not-yours.server";
import { indexStory, indexStoryTerms } from "~/models/search-index.server";
import {
  getModerationSettings,
  getPremiumSettings,
  getSpamSettings,
} from "~/models/settings.server";
import { acceptedStoryReference, endStoryDraft } from "~/models/story-drafts.server";
import { refuseSuspended } from "~/models/suspension.server";
import type { User } from "~/models/users.server";
import { type StoryInput, StorySchema, StoryStep1Schema } from "~/schemas/story";

/** Spec 02 §9: a random 6-digit payment reference, 100000 to 999999. */
export function newPaymentReference(): string {
  return String(randomInt(100_000, 1_000_000));
}

/**
 * An image id sent with a story must name a stored image (the wizard's step-1 upload). Ids are
 * SHA-256 hashes of the re-encoded bytes: nobody can name an upload without having the picture,
 * and the same picture uploaded by two people is one row — so the check is "exists", not "mine".
 */
export async function storedImage(imageId: string | null | undefined) {
  if (!imageId) return null;
  const row = await db.query.media.findFirst({
    where: and(eq(media.id, imageId), eq(media.kind, "image")),
    columns: { id: true },
  });
  if (!row)
    throw new HttpError(400, "post:validation.imageMissing", {
      image: ["post:validation.imageMissing"],
    });
  return row.id;
}

const HOUR = 60 * 60_000;
const storyLimit = (userId: string): Limit => ({
  key: `story:user:${userId}`,
  max: 10,
  windowMs: HOUR,
});

/**
 * Refuses (429) an author who has used up their stories for the hour, without counting: a
 * cheap early answer before an image is decoded. createStory counts, and only then writes.
 */
export async function refuseOverStoryLimit(user: Pick<User, "id">) {
  refuseOverLimit(await peekLimit(storyLimit(user.id)));
}

/**
 * Counts an image upload of the wizard (each is stored at once, to survive the next steps):
 * 30 an hour per author, so uploads cannot fill the disk; 429 past it.
 */
export async function countImageUpload(user: Pick<User, "id">) {
  refuseOverLimit(await hitLimit({ key: `upload:user:${user.id}`, max: 30, windowMs: HOUR }));
}

/**
 * A story form's new image (wizard step 1, or the edit page): counted, checked and stored now,
 * so it survives the next round trip. Returns its id, or the refusal as the field's message.
 */
export async function storeFormImage(
  user: Pick<User, "id">,
  file: Buffer | null,
  fileError: string | null | undefined,
): Promise<{ imageId?: string; error?: string }> {
  if (fileError) return { error: fileError };
  if (!file) return {};
  try {
    await countImageUpload(user);
    return { imageId: await storeImage(file, user.id) };
  } catch (error) {
    if (!(error instanceof HttpError)) throw error;
    return { error: error.message };
  }
}

/**
 * Creates a story for the signed-in author (DESIGN §4). Author and user come from the session,
 * never from the input. Free: approved at once unless the moderation setting asks for review;
 * paid: premium, payment pending, waiting for approval, with the tier's price and days of today.
 *
 * `image` is the id of an image stored earlier (the wizard's step 1), or an image checked but
 * not yet written (POST /api/stories): that one is written only once the story has passed its
 * checks and been counted, so a refused story — even one of several sent at the same moment by
 * an author at the limit — leaves no file and no media row.
 */
export async function createStory(
  user: Pick<User, "id" | "username">,
  input: unknown,
  image?: string | PreparedImage | null,
) {
  const value: StoryInput = parseOrThrow(StorySchema, input);
  await refuseSuspended(user);
  const storedId = typeof image === "string" ? await storedImage(image) : null;
  refuseOverLimit(await hitLimit(storyLimit(user.id)));
  const imageId = image && typeof image === "object" ? await saveImage(image, user.id) : storedId;

  const paid = value.pricing_tier !== "free";
  // The code the author's draft held (decision 059); another author's held code is never taken.
  const reference = paid ? await acceptedStoryReference(user, value.payment_reference) : null;
  const [premium, moderation, spam] = await Promise.all([
    getPremiumSettings(),
    getModerationSettings(),
    getSpamSettings(),
  ]);
  const now = new Date().toISOString();
  const price = paid ? premium.prices[value.pricing_tier as "daily"] : 0;
  // A watched word in it: a person looks first, whatever the plan (decision 029).
  const heldWord = findWatchedWord([value.title, value.story], spam.watchedWords);
  const approveNow = !paid && !moderation.reviewFreeStories && !heldWord;
  const [[row]] = await db.batch([
    db
      .insert(stories)
      .values({
        user_id: user.id,
        author: user.username,
        title: value.title,
        story: value.story,
        story_image: imageId,
        pricing_tier: value.pricing_tier,
        bank_name: value.bank_name,
        bank_account: value.bank_account,
        account_name: value.account_name ?? null,
        payment_reference: reference,
        // Nothing is owed for a free story, so there is no payment to wait for.
        payment_status: paid ? "pending" : "verified",
        price,
        featured_days: paid ? premium.days[value.pricing_tier as "daily"] : null,
        status: approveNow ? "approved" : "pending",
        submitted_at: now,
        approved_at: approveNow ? now : null,
        held_word: heldWord,
      })
      .returning(),
    // The author's inbox keeps what happens next, starting with this; a paid story's entry says
    // where to pay, as step 3 did (issue 41 item 1).
    ...storyNote(
      "story.received",
      "last",
      reference
        ? {
            bank: payee.bank_name,
            account: payee.bank_account,
            holder: payee.account_name,
            amount: String(price),
            code: reference,
          }
        : {},
    ),
    indexStory("newest", { title: value.title, story: value.story, author: user.username }),
    endStoryDraft(user),
    // Published at once: the author's followers hear of it (issue 42). The batch is one write
    // transaction, so the author's newest story is the one just inserted.
    ...(approveNow
      ? [
          followedStoryNote(
            sql`(SELECT max(id) FROM ${stories} WHERE ${stories.user_id} = ${user.id})`,
            now,
          ),
        ]
      : []),
    indexStoryTerms({ title: value.title, story: value.story, author: user.username }),
  ]);
  return row!;
}

/** One of the author's own stories, as its edit page fills the form; null for anyone else's. */
export async function getOwnStory(user: Pick<User, "id">, id: number) {
  const row = await db.query.stories.findFirst({
    where: and(eq(stories.id, id), eq(stories.user_id, user.id)),
  });
  return row ?? null;
}

/**
 * An author sends a rejected story again after editing it (issue 16): the text, picture and bank
 * account are replaced, and it waits for a person's review again — even a free story, since a
 * person turned it down. A payment still held stays with the story; one already returned is
 * owed again, under a new payment code. Someone else's story is refused by the rule of decision
 * 055 (403 when the caller can read it, else 404); one not rejected is not editable (409).
 */
export async function resubmitStory(
  user: Pick<User, "id" | "username">,
  id: number,
  input: unknown,
  imageId: string | null,
) {
  const value = parseOrThrow(StoryStep1Schema, input);
  await refuseSuspended(user);
  const row = await db.query.stories.findFirst({
    where: and(eq(stories.id, id), eq(stories.user_id, user.id)),
    columns: { id: true, status: true, refunded_at: true, pricing_tier: true },
  });
  if (!row) throw await notYourStory(id, user);
  if (row.status !== "rejected") throw new HttpError(409, "post:edit.errors.notRejected");
  const storedId = await storedImage(imageId);
  refuseOverLimit(await hitLimit(storyLimit(user.id)));
  const payAgain = row.pricing_tier !== "free" && row.refunded_at !== null;
  const now = new Date().toISOString();
  const { watchedWords } = await getSpamSettings();
  const [changed] = await db.batch([
    db
      .update(stories)
      .set({
        title: value.title,
        story: value.story,
        story_image: storedId,
        bank_name: value.bank_name,
        bank_account: value.bank_account,
        account_name: value.account_name ?? null,
        status: "pending",
        submitted_at: now,
        held_word: findWatchedWord([value.title, value.story], watchedWords),
        rejected_at: null,
        rejection_reason: null,
        rejection_note: null,
        held_at: null,
        ...(payAgain
          ? {
              payment_status: "pending" as const,
              payment_verified_at: null,
              refunded_at: null,
              payment_reference: newPaymentReference(),
            }
          : {}),
      })
      .where(and(eq(stories.id, id), eq(stories.status, "rejected"))),
    indexStory(id, { ...value, author: user.username }, "ifChanged"),
    auditIfChanged(user, "story.resubmit", "story", id, {
      title: value.title,
      ...(payAgain ? { pay_again: true } : {}),
    }),
    ...storyNote("story.received", id),
    indexStoryTerms({ ...value, author: user.username }),
  ]);
  if (changed.rowsAffected !== 1) throw new HttpError(409, "post:edit.errors.notRejected");
  return { id, status: "pending" as const, pay_again: payAgain };
}

type StoryRow = typeof stories.$inferSelect;

/** A story as its author (or an administrator) sees it through /api: with its review and payment state. */
export function ownStoryJson(row: StoryRow) {
  return {
    id: row.id,
    title: row.title,
    story: row.story,
    story_image: mediaUrl(row.story_image),
    author: row.author,
    user_id: row.user_id,
    submitted_at: row.submitted_at,
    pricing_tier: row.pricing_tier,
    is_premium: row.pricing_tier !== "free",
    is_approved: row.status === "approved",
    status: row.status,
    payment_status: row.payment_status,
    payment_reference: row.payment_reference,
    bank_name: row.bank_name,
    bank_account: row.bank_account,
    account_name: row.account_name,
    expires_at: row.expires_at,
  };
}

export type OwnStoryState =
  | "pending_payment"
  | "pending_review"
  | "held"
  | "featured"
  | "published"
  | "rejected";

/** The state an author needs to know, from the story's status, payment and featured period. */
export function ownStoryState(
  row: Pick<StoryRow, "status" | "pricing_tier" | "payment_status" | "expires_at"> & {
    held_at?: string | null;
  },
  now = new Date(),
): OwnStoryState {
  if (row.status === "rejected") return "rejected";
  if (row.status === "pending") {
    // Taken back to review by readers' reports (decision 030).
    if (row.held_at) return "held";
    return row.pricing_tier !== "free" && row.payment_status === "pending"
      ? "pending_payment"
      : "pending_review";
  }
  return row.pricing_tier !== "free" && row.expires_at && row.expires_at > now.toISOString()
    ? "featured"
    : "published";
}

/** Every story of one author, newest first, for /profile. One statement. */
export async function listOwnStories(user: Pick<User, "id">) {
  const rows = await db
    .select({
      ...getTableColumns(stories),
      edit_waiting: sql<number>`EXISTS (SELECT 1 FROM ${storyEdits} e WHERE e.story_id = ${stories.id})`,
    })
    .from(stories)
    .where(eq(stories.user_id, user.id))
    .orderBy(desc(stories.submitted_at), desc(stories.id))
    .limit(500);
  const now = new Date();
  return rows.map((row) => ({
    id: row.id,
    title: row.title,
    pricing_tier: row.pricing_tier,
    submitted_at: row.submitted_at,
    approved_at: row.approved_at,
    expires_at: row.expires_at,
    payment_status: row.payment_status,
    payment_reference: row.payment_reference,
    price: row.price,
    bank_name: row.bank_name,
    bank_account: row.bank_account,
    rejection_reason: row.rejection_reason,
    rejection_note: row.rejection_note,
    refunded_at: row.refunded_at,
    hearts_count: row.hearts_count,
    comments_count: row.comments_count,
    state: ownStoryState(row, now),
    edit_waiting: Boolean(row.edit_waiting),
  }));
}
