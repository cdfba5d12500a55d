import { and, eq, gt, isNotNull, type SQL, sql } from "drizzle-orm";
import { db } from "#db/client";
import { users } from "#db/schema";
import { HttpError } from "~/http/http.server";
import { ULAANBAATAR_OFFSET_MS } from "~/lib/format";
import { auditIfChanged } from "~/models/audit.server";
import { accountNote } from "~/models/inbox.server";
import type { User } from "~/models/users.server";
import { withParams } from "~/schemas/zod";

/**
 * Suspended accounts (issue 18, decision 030): an administrator suspends an author for a day, a
 * week, a month or for good; meanwhile the account reads but does not post, send a story again,
 * comment, heart or report. The services refuse (`refuseSuspended`), so screens and /api agree.
 */

/** "For good" is a date no suspension reaches otherwise; the words say "for good", not the date. */
export const SUSPENDED_FOR_GOOD = "9999-12-31T23:59:59.999Z";
const DAY_MS = 24 * 60 * 60 * 1000;

type Admin = Pick<User, "id" | "username">;

/** The end of a suspension of `days` from `now`, or for good (`null`). */
export function suspensionEnd(days: number | null, now = new Date()): string {
  return days === null ? SUSPENDED_FOR_GOOD : new Date(now.getTime() + days * DAY_MS).toISOString();
}

/** Until when the account is suspended, or null when it is not (any more). */
export async function suspendedUntil(userId: string, now = new Date()): Promise<string | null> {
  const row = await db.query.users.findFirst({
    where: eq(users.id, userId),
    columns: { suspended_until: true },
  });
  const until = row?.suspended_until ?? null;
  return until && until > now.toISOString() ? until : null;
}

/** A time in Ulaanbaatar as "YYYY-MM-DD HH:MM": read the same in both languages. */
function localTime(iso: string) {
  return new Date(new Date(iso).getTime() + ULAANBAATAR_OFFSET_MS)
    .toISOString()
    .slice(0, 16)
    .replace("T", " ");
}

/**
 * The refusal a suspended account gets, saying until when (or that it is for good); `words` names
 * the pair of messages (`suspended`, `suspendedForGood`) when a screen says what is refused.
 */
export function suspendedError(until: string, words = "reports.errors") {
  return new HttpError(
    403,
    until >= SUSPENDED_FOR_GOOD
      ? `${words}.suspendedForGood`
      : withParams(`${words}.suspended`, { until: localTime(until) }),
  );
}

/** Refuses a write by a suspended account (403, translated, with the end of the suspension). */
export async function refuseSuspended(user: Pick<User, "id">, now = new Date()) {
  const until = await suspendedUntil(user.id, now);
  if (until) throw suspendedError(until);
}

/**
 * The statements of a suspension, for the decision's own batch: the account's end date (a longer
 * one already set is kept), the activity log, and the person's inbox. `when` limits it to a
 * decision that won its race (see app/models/reports.server.ts).
 */
export function suspendStatements(
  userId: string,
  days: number | null,
  admin: Admin,
  details: Record<string, unknown>,
  now = new Date(),
  when?: SQL,
) {
  const until = suspensionEnd(days, now);
  return [
    db
      .update(users)
      .set({ suspended_until: sql`max(coalesce(${users.suspended_until}, ''), ${until})` })
      .where(and(eq(users.id, userId), when)),
    auditIfChanged(admin, "user.suspend", "user", userId, { ...details, days, until }),
    ...accountNote("account.suspended", userId, { until: days === null ? null : until }),
  ] as const;
}

/** Lifts a suspension before its end (audited); 409 when the account is not suspended. */
export async function liftSuspension(userId: string, admin: Admin, now = new Date()) {
  const [changed] = await db.batch([
    db
      .update(users)
      .set({ suspended_until: null })
      .where(
        and(
          eq(users.id, userId),
          isNotNull(users.suspended_until),
          gt(users.suspended_until, now.toISOString()),
        ),
      ),
    auditIfChanged(admin, "user.unsuspend", "user", userId),
  ]);
  if (changed.rowsAffected !== 1) throw new HttpError(409, "admin:reports.errors.notSuspended");
  return { id: userId, suspended_until: null };
}

/** Accounts suspended now, the longest first, for the Reports tab. */
export async function listSuspended(now = new Date()) {
  return db
    .select({ id: users.id, username: users.username, suspended_until: users.suspended_until })
    .from(users)
    .where(gt(users.suspended_until, now.toISOString()))
    .orderBy(sql`${users.suspended_until} desc`)
    .limit(100);
}
