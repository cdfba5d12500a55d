import { createHmac, timingSafeEqual } from "node:crypto";
import { and, eq, isNotNull, sql } from "drizzle-orm";
import { db } from "#db/client";
import { users } from "#db/schema";
import { config } from "~/config.server";
import { afterResponse } from "~/http/after-response.server";
import { clientIp, HttpError, parseOrThrow } from "~/http/http.server";
import { hitOrRefuse, type Limit } from "~/http/rate-limit.server";
import { requestLanguage } from "~/i18next.server";
import { isCommonPassword } from "~/lib/common-passwords.server";
import { hashPassword, verifyPassword } from "~/lib/password.server";
import { wakeSender } from "~/messages/sender.server";
import { endOtherSessions } from "~/models/sessions.server";
import type { User } from "~/models/users.server";
import { ChangePasswordSchema, ForgotPasswordSchema, NewPasswordSchema } from "~/schemas/auth";

/**
 * Changing and recovering a password (issue 18). A change needs the current password and ends
 * the account's other sessions. A forgotten one is reset through a link mailed to the account's
 * confirmed address: valid for an hour and for one use — its signature covers the password hash
 * it replaces, so it is void once the password changes.
 */

const RESET_MS = 60 * 60 * 1000;
const HOUR = 60 * 60 * 1000;

const sign = (userId: string, expires: number, passwordHash: string) =>
  createHmac("sha256", config.SESSION_SECRET)
    .update(`reset:${userId}:${expires}:${passwordHash}`)
    .digest("base64url");

/**
 * Refuses unless `given` is the account's password now: a 400 on the `currentPassword` field.
 * Every form that asks for it (changing the password, deleting the account) draws on one budget
 * of ten tries an hour per account, so a borrowed session cannot guess through another form.
 */
export async function checkCurrentPassword(userId: string, given: string) {
  const row = await db.query.users.findFirst({
    where: eq(users.id, userId),
    columns: { password_hash: true },
  });
  if (!row) throw new HttpError(404, "errors.notFound");
  await hitOrRefuse({ key: `password:current:${userId}`, max: 10, windowMs: HOUR });
  if (!(await verifyPassword(given, row.password_hash))) {
    throw new HttpError(400, "validation.currentPasswordWrong", {
      currentPassword: ["validation.currentPasswordWrong"],
    });
  }
}

/**
 * The rule every new password meets beyond the schema's length (issue 41, decision 058): not one
 * of the most common. Only the server holds the list, so it is checked here, on registration,
 * change and reset alike, and refused as a 400 on the `password` field. Sign-in never checks it:
 * an account that has such a password keeps signing in.
 */
export function refuseCommonPassword(password: string) {
  if (isCommonPassword(password)) {
    throw new HttpError(400, "validation.passwordCommon", {
      password: ["validation.passwordCommon"],
    });
  }
}

/** Changes the signed-in person's password; their other sessions end. */
export async function changePassword(user: Pick<User, "id">, input: unknown, request: Request) {
  const value = parseOrThrow(ChangePasswordSchema, input);
  refuseCommonPassword(value.password);
  await checkCurrentPassword(user.id, value.currentPassword);
  await db
    .update(users)
    .set({ password_hash: await hashPassword(value.password) })
    .where(eq(users.id, user.id));
  await endOtherSessions(user.id, request);
}

/**
 * Mails a reset link to the account whose confirmed address this is. The answer is the same
 * whether or not there is one (no one learns which addresses have accounts); requests are limited
 * per address and per client address. Only the limits are on the request's path: finding the
 * account, signing the link and queuing the mail happen after the answer (afterResponse), so a
 * known address is not answered later than an unknown one (issue 38 item 8).
 */
export async function requestPasswordReset(input: unknown, request: Request) {
  const { email } = parseOrThrow(ForgotPasswordSchema, input);
  const ip = clientIp(request);
  const limits: Limit[] = [
    { key: `reset:email:${email.toLowerCase()}`, max: 3, windowMs: HOUR },
    ip
      ? { key: `reset:ip:${ip}`, max: 10, windowMs: HOUR }
      : { key: "reset:all", max: 300, windowMs: HOUR },
  ];
  for (const limit of limits) await hitOrRefuse(limit);
  const language = await requestLanguage(request);
  afterResponse("password.reset.mail", () => queueResetMail(email, language));
}

async function queueResetMail(email: string, language: string) {
  const user = await db.query.users.findFirst({
    where: and(
      sql`lower(${users.email}) = ${email.toLowerCase()}`,
      isNotNull(users.email_confirmed_at),
    ),
    columns: { id: true, email: true, password_hash: true },
  });
  if (!user?.email) return;
  const expires = Date.now() + RESET_MS;
  const token = `${user.id}.${expires}.${sign(user.id, expires, user.password_hash)}`;
  await db.run(sql`
    INSERT INTO outbox (dedupe_key, channel, recipient, kind, language, params)
    VALUES (${`account:${user.id}:reset:${expires}`}, 'email', ${user.email}, 'account.reset',
            ${language}, ${JSON.stringify({ user_id: user.id, token })})`);
  wakeSender();
}

/** The account a reset link is for, when it is genuine, unexpired and unused. */
export async function resetTarget(
  token: string,
): Promise<{ userId: string; passwordHash: string } | null> {
  const [userId, expiresText, signature] = token.split(".");
  const expires = Number(expiresText);
  if (!userId || !signature || !Number.isSafeInteger(expires) || expires < Date.now()) return null;
  const row = await db.query.users.findFirst({
    where: eq(users.id, userId),
    columns: { password_hash: true },
  });
  if (!row) return null;
  const expected = Buffer.from(sign(userId, expires, row.password_hash));
  const given = Buffer.from(signature);
  return expected.length === given.length && timingSafeEqual(expected, given)
    ? { userId, passwordHash: row.password_hash }
    : null;
}

/** Sets a new password from a reset link; every session of the account ends. */
export async function resetPassword(token: string, input: unknown) {
  const value = parseOrThrow(NewPasswordSchema, input);
  refuseCommonPassword(value.password);
  const target = await resetTarget(token);
  if (!target) throw new HttpError(400, "validation.resetLinkInvalid");
  // Only over the hash the link was made for: two uses of one link at once change it once.
  const changed = await db
    .update(users)
    .set({ password_hash: await hashPassword(value.password) })
    .where(and(eq(users.id, target.userId), eq(users.password_hash, target.passwordHash)));
  if (changed.rowsAffected !== 1) throw new HttpError(400, "validation.resetLinkInvalid");
  await endOtherSessions(target.userId);
}
