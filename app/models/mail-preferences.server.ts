import { eq } from "drizzle-orm";
import { db } from "#db/client";
import { mailOptouts, users } from "#db/schema";
import { MAIL_GROUPS, type MailGroup } from "~/constants";
import { publicOrigin } from "~/http/origin.server";
import { sameSignature, signFor } from "~/http/signature.server";
import { stopDigest } from "~/models/digest.server";
import type { User } from "~/models/users.server";

/**
 * Which mail a person wants (issue 17): news of their stories, comments on them. Each such mail
 * carries a one-click unsubscribe link (RFC 8058) that works without signing in: it names the
 * account and the group and is signed with SESSION_SECRET.
 */

const sign = (userId: string, group: string) => signFor("unsubscribe", userId, group);

export function unsubscribeUrl(userId: string, group: MailGroup): string {
  const query = new URLSearchParams({ u: userId, g: group, s: sign(userId, group) });
  return `${publicOrigin()}/unsubscribe?${query}`;
}

/**
 * A donor has no account: their link names the address (as the outbox row holds it: trimmed and
 * lower-cased) and the kind of optional mail, campaign updates (decision 035).
 */
const signDonor = (address: string, kind: string) => signFor("unsubscribe-donor", address, kind);

export const DONOR_MAIL_KINDS = ["updates"] as const;
export type DonorMailKind = (typeof DONOR_MAIL_KINDS)[number];

export function donorUnsubscribeUrl(address: string, kind: DonorMailKind): string {
  const query = new URLSearchParams({ e: address, g: kind, s: signDonor(address, kind) });
  return `${publicOrigin()}/unsubscribe?${query}`;
}

/**
 * The digest of what a person follows (issue 42) has its own link: it turns the digest off, as
 * «never» on /profile does, rather than muting a group, so the profile's one choice says it.
 */
export const DIGEST_GROUP = "follows";

export function digestUnsubscribeUrl(userId: string): string {
  const query = new URLSearchParams({ u: userId, g: DIGEST_GROUP, s: sign(userId, DIGEST_GROUP) });
  return `${publicOrigin()}/unsubscribe?${query}`;
}

export type UnsubscribeLink =
  | { userId: string; group: MailGroup | typeof DIGEST_GROUP }
  | { address: string; group: DonorMailKind };

/** The account (or donor's address) and group an unsubscribe link names, when it is genuine. */
export function readUnsubscribe(params: URLSearchParams): UnsubscribeLink | null {
  const userId = params.get("u") ?? "";
  const address = params.get("e") ?? "";
  const group = params.get("g") ?? "";
  const given = params.get("s") ?? "";
  if (address) {
    if (!(DONOR_MAIL_KINDS as readonly string[]).includes(group)) return null;
    return sameSignature(given, signDonor(address, group))
      ? { address, group: group as DonorMailKind }
      : null;
  }
  if (!userId || ![...MAIL_GROUPS, DIGEST_GROUP].includes(group)) return null;
  return sameSignature(given, sign(userId, group))
    ? { userId, group: group as MailGroup | typeof DIGEST_GROUP }
    : null;
}

/** What an unsubscribe link asks for, done: the account's group muted, or the donor's opt-out. */
export async function unsubscribe(link: UnsubscribeLink): Promise<boolean> {
  if ("userId" in link) {
    if (link.group === DIGEST_GROUP) return stopDigest(link.userId);
    return setMailPreferences(link.userId, { [link.group]: false });
  }
  await db
    .insert(mailOptouts)
    .values({ email: link.address, kind: link.group })
    .onConflictDoNothing();
  return true;
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
