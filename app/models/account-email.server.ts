import { createHmac, timingSafeEqual } from "node:crypto";
import { and, eq, sql } from "drizzle-orm";
import { db } from "#db/client";
import { users } from "#db/schema";
import { config } from "~/config.server";
import { requestLanguage } from "~/i18next.server";
import { wakeSender } from "~/messages/sender.server";
import type { User } from "~/models/users.server";
import { AccountEmailSchema } from "~/schemas/auth";
import { HttpError, parseOrThrow } from "~/utils/http.server";

/**
 * An account's e-mail address (issue 17): optional, and confirmed by a link before anything but
 * that link is sent to it. The link carries a signed token (no table): the account, the address
 * and an expiry, signed with SESSION_SECRET, so a link for an address since replaced is void.
 */

const CONFIRM_DAYS = 7;

const sign = (payload: string) =>
  createHmac("sha256", config.SESSION_SECRET).update(payload).digest("base64url");

function confirmToken(userId: string, email: string, expires: number) {
  return `${userId}.${expires}.${sign(`confirm:${userId}:${email.toLowerCase()}:${expires}`)}`;
}

/**
 * Sets (or clears, with an empty value) the account's address. A new address is unconfirmed and
 * gets its confirmation link, in the same batch; the language of this request is kept for the
 * person's mails.
 */
export async function setAccountEmail(
  user: Pick<User, "id">,
  input: unknown,
  request: Request,
): Promise<{ email: string | null; confirmationSent: boolean }> {
  const { email } = parseOrThrow(AccountEmailSchema, input);
  const language = await requestLanguage(request);
  const current = await db.query.users.findFirst({
    where: eq(users.id, user.id),
    columns: { email: true, email_confirmed_at: true },
  });
  if (!current) throw new HttpError(404, "errors.notFound");
  if (!email) {
    await db
      .update(users)
      .set({ email: null, email_confirmed_at: null, language })
      .where(eq(users.id, user.id));
    return { email: null, confirmationSent: false };
  }
  const same = current.email?.toLowerCase() === email.toLowerCase();
  if (same && current.email_confirmed_at) {
    await db.update(users).set({ language }).where(eq(users.id, user.id));
    return { email, confirmationSent: false };
  }
  const expires = Date.now() + CONFIRM_DAYS * 24 * 60 * 60 * 1000;
  const token = confirmToken(user.id, email, expires);
  await db.batch([
    db
      .update(users)
      .set({ email, email_confirmed_at: null, language })
      .where(eq(users.id, user.id)),
    // One confirmation per address and day: asking again the same day does not send a second.
    db.run(sql`
      INSERT OR IGNORE INTO outbox (dedupe_key, channel, recipient, kind, language, params)
      VALUES (${`account:${user.id}:confirm:${email.toLowerCase()}:${new Date().toISOString().slice(0, 10)}`},
              'email', ${email}, 'account.confirm', ${language},
              ${JSON.stringify({ user_id: user.id, token })})`),
  ]);
  wakeSender();
  return { email, confirmationSent: true };
}

/**
 * Confirms the address a link was sent to: answers the confirmed address, or null when the link
 * is not genuine, has expired, or the account's address has changed since.
 */
export async function confirmAccountEmail(token: string): Promise<string | null> {
  const [userId, expiresText, signature] = token.split(".");
  const expires = Number(expiresText);
  if (!userId || !signature || !Number.isSafeInteger(expires) || expires < Date.now()) return null;
  const row = await db.query.users.findFirst({
    where: eq(users.id, userId),
    columns: { email: true },
  });
  if (!row?.email) return null;
  const expected = Buffer.from(confirmToken(userId, row.email, expires));
  const given = Buffer.from(token);
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) return null;
  await db
    .update(users)
    .set({
      email_confirmed_at: sql`coalesce(${users.email_confirmed_at}, ${new Date().toISOString()})`,
    })
    .where(and(eq(users.id, userId), eq(users.email, row.email)));
  return row.email;
}

/** The account's address and whether it is confirmed, for /profile. */
export async function accountEmail(user: Pick<User, "id">) {
  const row = await db.query.users.findFirst({
    where: eq(users.id, user.id),
    columns: { email: true, email_confirmed_at: true },
  });
  return { email: row?.email ?? null, confirmed: Boolean(row?.email_confirmed_at) };
}
