import { eq } from "drizzle-orm";
import { db } from "#db/client";
import { users } from "#db/schema";
import type { ReportOrigin } from "~/models/report-trust.server";
import { createStory } from "~/models/story-submission.server";
import { createUser, type User } from "~/models/users.server";

/** Readers whose reports count (decision 048), and where their reports come from. */

const DAY_MS = 24 * 60 * 60 * 1000;

export const readerStory = {
  title: "Уншигчийн өөрийн түүх",
  story: "Хангалттай урт түүхийн бие энд байна, уншигчид үүнийг уншина.",
  bank_name: "TDB",
  bank_account: "4001002003",
  pricing_tier: "free",
};

/**
 * An account as old as `ageDays`, with a confirmed e-mail address and a published story unless
 * told otherwise: by default one whose report counts whole.
 */
export async function establishedReader(
  username: string,
  { ageDays = 30, confirmed = true, published = true } = {},
  now = new Date(),
): Promise<User> {
  const user = await createUser(username, "secret-pass");
  if (published) await createStory(user, readerStory);
  await db
    .update(users)
    .set({
      created_at: new Date(now.getTime() - ageDays * DAY_MS).toISOString(),
      ...(confirmed
        ? { email: `${user.id}@example.org`, email_confirmed_at: now.toISOString() }
        : {}),
    })
    .where(eq(users.id, user.id));
  return user;
}

/** A browser and an address of the reader's own. */
export const from = (user: Pick<User, "id">): ReportOrigin => ({
  device: `device:${user.id}`,
  address: `address:${user.id}`,
});
