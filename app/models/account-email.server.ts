import { createHmac, timingSafeEqual } from "node:crypto";
import { and, eq, sql } from "drizzle-orm";
import { db } from "#db/client";
import { users } from "#db/schema";
import { config } from "~/config.server";
import { HttpError, parseOrThrow } from "~/http/http.server";
import { requestLanguage } from "~/i18next.server";
import { wakeSender } from "~/messages/sender.server";
import { suspendedError, suspendedUntil } from "~/models/suspension.server";
import type { User } from "~/models/users.server";
import { AccountEmailSchema } from "~/schemas/auth";
import { withParams } from "~/schemas/zod";

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

/** New addresses an account may give in 24 h (decision 049): each one mails a stranger a link. */
export const ADDRESS_CHANGES_PER_DAY = 3;
const DAY_MS = 24 * 60 * 60 * 1000;

/** This account's confirmation links queued in the window: each is one address it gave. */
const confirmationsSince = (userId: string, since: string) => sql`
  FROM outbox WHERE created_at >= ${since} AND kind = 'account.confirm'
   AND json_extract(params, '$.user_id') = ${userId}`;

/** The refusal once the day's changes are used: when the oldest of them leaves the window. */
async function tooManyChanges(userId: string, since: string, now: number) {
  const [row] = await db.all<{ first: string | null }>(
    sql`SELECT min(created_at) AS first ${confirmationsSince(userId, since)}`,
  );
  const free = row?.first ? new Date(row.first).getTime() + DAY_MS : now;
  const seconds = Math.max(1, Math.ceil((free - now) / 1000));
  const message = withParams("account.email.errors.tooManyChanges", {
    max: ADDRESS_CHANGES_PER_DAY,
    count: Math.ceil(seconds / 3600),
  });
  return new HttpError(429, message, { email: [message] }, { "Retry-After": String(seconds) });
}

/**
 * Sets (or clears, with an empty value) the account's address. A new address is unconfirmed and
 * gets its confirmation link, in the same batch; the language of this request is kept for the
 * person's mails. A suspended account cannot give a new one (it would mail whoever it names), and
 * an account gives at most ADDRESS_CHANGES_PER_DAY a day; removing the address stays possible.
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
  const suspended = await suspendedUntil(user.id);
  if (suspended) {
    const error = suspendedError(suspended, "account.email.errors");
    throw new HttpError(error.status, error.message, { email: [error.message] });
  }
  const now = Date.now();
  const since = new Date(now - DAY_MS).toISOString();
  const expires = now + CONFIRM_DAYS * 24 * 60 * 60 * 1000;
  const token = confirmToken(user.id, email, expires);
  // One confirmation per address and day: asking again the same day does not send a second.
  const dedupeKey = `account:${user.id}:confirm:${email.toLowerCase()}:${new Date(now).toISOString().slice(0, 10)}`;
  const [, changed] = await db.batch([
    // Queued only while the account has changes left; counted in the same statement, so
    // requests made at once cannot all pass one check.
    db.run(sql`
      INSERT OR IGNORE INTO outbox (dedupe_key, channel, recipient, kind, language, params)
      SELECT ${dedupeKey}, 'email', ${email}, 'account.confirm', ${language},
             ${JSON.stringify({ user_id: user.id, token })}
       WHERE (SELECT count(*) ${confirmationsSince(user.id, since)}) < ${ADDRESS_CHANGES_PER_DAY}`),
    // The address changes only with its link queued now or earlier today.
    db
      .update(users)
      .set({ email, email_confirmed_at: null, language })
      .where(
        and(
          eq(users.id, user.id),
          sql`(changes() = 1 OR EXISTS (SELECT 1 FROM outbox WHERE dedupe_key = ${dedupeKey}))`,
        ),
      ),
  ]);
  if (changed.rowsAffected !== 1) throw await tooManyChanges(user.id, since, now);
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
