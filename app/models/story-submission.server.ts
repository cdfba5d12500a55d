import { randomInt } from "node:crypto";
import { and, eq } from "drizzle-orm";
import { db } from "#db/client";
import { media, stories } from "#db/schema";
import { getModerationSettings, getPremiumSettings } from "~/models/settings.server";
import type { User } from "~/models/users.server";
import { type StoryInput, StorySchema } from "~/schemas/story";
import { HttpError, parseOrThrow } from "~/utils/http.server";
import { hitLimit } from "~/utils/rate-limit.server";

/** Spec 02 §9: a random 6-digit payment reference, 100000 to 999999. */
export function newPaymentReference(): string {
  return String(randomInt(100_000, 1_000_000));
}

/**
 * An image id sent with a story must be an image this user uploaded (a pending upload from
 * step 1 of the wizard), never someone else's.
 */
async function ownImage(imageId: string | null | undefined, user: Pick<User, "id">) {
  if (!imageId) return null;
  const row = await db.query.media.findFirst({
    where: and(eq(media.id, imageId), eq(media.created_by, user.id), eq(media.kind, "image")),
    columns: { id: true },
  });
  if (!row)
    throw new HttpError(400, "post:validation.imageMissing", {
      image: ["post:validation.imageMissing"],
    });
  return row.id;
}

/**
 * Creates a story for the signed-in author (DESIGN §4). Author and user come from the session,
 * never from the input. Free: approved at once unless the moderation setting asks for review;
 * paid: premium, payment pending, waiting for approval, with the tier's price and days of today.
 */
export async function createStory(
  user: Pick<User, "id" | "username">,
  input: unknown,
  imageId?: string | null,
) {
  const value: StoryInput = parseOrThrow(StorySchema, input);
  const image = await ownImage(imageId, user);
  const limit = await hitLimit({ key: `story:user:${user.id}`, max: 10, windowMs: 60 * 60_000 });
  if (!limit.allowed) {
    throw new HttpError(429, "errors.tooManyAttempts", undefined, {
      "Retry-After": String(limit.retryAfterSeconds),
    });
  }

  const paid = value.pricing_tier !== "free";
  const [premium, moderation] = await Promise.all([getPremiumSettings(), getModerationSettings()]);
  const now = new Date().toISOString();
  const approveNow = !paid && !moderation.reviewFreeStories;
  const [row] = await db
    .insert(stories)
    .values({
      user_id: user.id,
      author: user.username,
      title: value.title,
      story: value.story,
      story_image: image,
      pricing_tier: value.pricing_tier,
      bank_name: value.bank_name,
      bank_account: value.bank_account,
      account_name: value.account_name ?? null,
      payment_reference: paid ? value.payment_reference! : null,
      // Nothing is owed for a free story, so there is no payment to wait for.
      payment_status: paid ? "pending" : "verified",
      price: paid ? premium.prices[value.pricing_tier as "daily"] : 0,
      featured_days: paid ? premium.days[value.pricing_tier as "daily"] : null,
      status: approveNow ? "approved" : "pending",
      submitted_at: now,
      approved_at: approveNow ? now : null,
    })
    .returning();
  return row!;
}
