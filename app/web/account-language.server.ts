import { and, eq, ne } from "drizzle-orm";
import { db } from "#db/client";
import { users } from "#db/schema";
import type { Language } from "~/constants";
import { requestLanguage } from "~/i18next.server";
import { getSessionUserId } from "~/models/sessions.server";

/**
 * An account's mail goes out in the language the person used when the event happened (issue 17,
 * decision 027 amended): the language of their last sign-in, language switch or signed-in write.
 * A story's approval happens to the author's last action, so every signed-in write records it,
 * before its handler runs: the messages that write queues read it in the same batch.
 */

/** Keeps `language` as the account's, writing only when it differs (a read is cheaper than a lock). */
export async function recordAccountLanguage(userId: string, language: Language) {
  const row = await db.query.users.findFirst({
    where: eq(users.id, userId),
    columns: { language: true },
  });
  if (!row || row.language === language) return;
  await db
    .update(users)
    .set({ language })
    .where(and(eq(users.id, userId), ne(users.language, language)));
}

/** For the action wrappers: a signed-in request records its language on the account. */
export async function recordRequestLanguage(request: Request) {
  if (!request.headers.get("Cookie")) return;
  const userId = await getSessionUserId(request);
  if (userId) await recordAccountLanguage(userId, await requestLanguage(request));
}
