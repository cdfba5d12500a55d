import { createHmac, timingSafeEqual } from "node:crypto";
import { eq } from "drizzle-orm";
import { db } from "#db/client";
import { users } from "#db/schema";
import { config } from "~/config.server";
import { MAIL_GROUPS, type MailGroup } from "~/constants";
import type { User } from "~/models/users.server";
import { publicOrigin } from "~/utils/origin.server";

/**
 * Which mail a person wants (issue 17): news of their stories, comments on them. Each such mail
 * carries a one-click unsubscribe link (RFC 8058) that works without signing in: it names the
 * account and the group and is signed with SESSION_SECRET.
 */

const sign = (userId: string, group: string) =>
  createHmac("sha256", config.SESSION_SECRET)
    .update(`unsubscribe:${userId}:${group}`)
    .digest("base64url");

export function unsubscribeUrl(userId: string, group: MailGroup): string {
  const query = new URLSearchParams({ u: userId, g: group, s: sign(userId, group) });
  return `${publicOrigin()}/unsubscribe?${query}`;
}

/** The account and group an unsubscribe link names, when it is genuine. */
export function readUnsubscribe(
  params: URLSearchParams,
): { userId: string; group: MailGroup } | null {
  const userId = params.get("u") ?? "";
  const group = params.get("g") ?? "";
  const given = Buffer.from(params.get("s") ?? "");
  if (!userId || !(MAIL_GROUPS as readonly string[]).includes(group)) return null;
  const expected = Buffer.from(sign(userId, group));
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
  return { userId, group: group as MailGroup };
}

export async function mailPreferences(user: Pick<User, "id">): Promise<Record<MailGroup, boolean>> {
  const row = await db.query.users.findFirst({
    where: eq(users.id, user.id),
    columns: { mail_muted: true },
  });
  const muted = new Set((row?.mail_muted ?? "").split(",").filter(Boolean));
  return Object.fromEntries(MAIL_GROUPS.map((g) => [g, !muted.has(g)])) as Record<
    MailGroup,
    boolean
  >;
}

/** Sets which groups of mail the person gets (the inbox keeps everything either way). */
export async function setMailPreferences(
  userId: string,
  wanted: Partial<Record<MailGroup, boolean>>,
) {
  const row = await db.query.users.findFirst({
    where: eq(users.id, userId),
    columns: { mail_muted: true },
  });
  if (!row) return false;
  const muted = new Set(row.mail_muted.split(",").filter(Boolean));
  for (const group of MAIL_GROUPS) {
    if (wanted[group] === false) muted.add(group);
    if (wanted[group] === true) muted.delete(group);
  }
  await db
    .update(users)
    .set({ mail_muted: [...muted].sort().join(",") })
    .where(eq(users.id, userId));
  return true;
}
