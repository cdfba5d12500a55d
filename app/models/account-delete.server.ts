import { and, eq, ne, type SQL, sql } from "drizzle-orm";
import { db } from "#db/client";
import { comments, outbox, stories, storyHearts, userRoles, users } from "#db/schema";
import { HttpError, parseOrThrow } from "~/http/http.server";
import { FORMER_MEMBER } from "~/lib/author";
import { auditStatement } from "~/models/audit.server";
import { checkCurrentPassword } from "~/models/passwords.server";
import { storyRemoval } from "~/models/story-delete.server";
import { type User, usernameKey } from "~/models/users.server";
import { type DeleteAccountInput, DeleteAccountSchema } from "~/schemas/account";

/**
 * Leaving the site (issue 18 item 5, decision 031), confirmed by the username and the current
 * password (issue 38 item 10). One batch: the audit row, the stories
 * (deleted, or the published ones kept under "former member"), the person's hearts and comments
 * with the counts they were part of, the mail still waiting for their address, and the account
 * itself — whose own rows (role, sessions, inbox) go with it by ON DELETE CASCADE.
 */

/**
 * True while the account may go: it is not an administrator's, or another administrator stays.
 * Every statement of the batch carries it, so a race between the last two administrators
 * leaving at once deletes one of them and changes nothing of the other.
 */
function mayLeave(userId: string): SQL {
  return sql`(NOT EXISTS (SELECT 1 FROM ${userRoles} WHERE ${userRoles.user_id} = ${userId} AND ${userRoles.role} = 'admin')
          OR EXISTS (SELECT 1 FROM ${userRoles} WHERE ${userRoles.role} = 'admin' AND ${userRoles.user_id} <> ${userId}))`;
}

/** The kinds of message sent to a person because of their account (not a donor's receipts). */
const ACCOUNT_MAIL = sql`(${outbox.kind} NOT LIKE 'pledge.%' AND ${outbox.kind} NOT LIKE 'donation.%')`;

/**
 * The form's checks, every one of them before answering: a wrong username and a wrong password
 * (and a missing choice) are named together, not one per try (issue 41). The password is
 * checked only when one was typed; a wrong one counts towards its limit as always.
 */
async function checkLeaving(user: Pick<User, "id" | "username">, input: unknown) {
  let parsed: DeleteAccountInput | null = null;
  const fieldErrors: Record<string, string[]> = {};
  try {
    parsed = parseOrThrow(DeleteAccountSchema, input);
  } catch (error) {
    if (!(error instanceof HttpError) || !error.fieldErrors) throw error;
    Object.assign(fieldErrors, error.fieldErrors);
  }
  const typed = (input ?? {}) as Record<string, unknown>;
  const username = typeof typed.username === "string" ? typed.username.trim() : "";
  if (!fieldErrors.username && usernameKey(username) !== usernameKey(user.username)) {
    fieldErrors.username = ["leave.account.wrongUsername"];
  }
  if (!fieldErrors.currentPassword) {
    try {
      await checkCurrentPassword(user.id, String(typed.currentPassword));
    } catch (error) {
      if (!(error instanceof HttpError) || !error.fieldErrors) throw error;
      Object.assign(fieldErrors, error.fieldErrors);
    }
  }
  const first = Object.values(fieldErrors)[0]?.[0];
  if (first || !parsed) throw new HttpError(400, first ?? "errors.validation", fieldErrors);
  return parsed;
}

export async function deleteAccount(
  user: Pick<User, "id" | "username" | "role">,
  input: unknown,
): Promise<{ username: string; keep_stories: boolean }> {
  const { keep_stories } = await checkLeaving(user, input);
  const account = await db.query.users.findFirst({
    where: eq(users.id, user.id),
    columns: { email: true },
  });
  if (!account) throw new HttpError(404, "leave.account.gone");
  if (user.role === "admin") {
    const others = await db.$count(
      userRoles,
      and(eq(userRoles.role, "admin"), ne(userRoles.user_id, user.id)),
    );
    if (others === 0) throw new HttpError(409, "leave.account.lastAdmin");
  }

  const allowed = mayLeave(user.id);
  const own = and(eq(stories.user_id, user.id), allowed)!;
  const count = (table: typeof stories | typeof comments | typeof storyHearts) =>
    sql`(SELECT count(*) FROM ${table} WHERE ${table.user_id} = ${user.id})`;
  const audit = auditStatement({
    actor: user,
    action: "account.delete",
    entityType: "user",
    entityId: user.id,
    details: sql`json_object('username', ${user.username},
                   'stories', ${keep_stories ? "kept" : "removed"},
                   'story_count', ${count(stories)}, 'comments', ${count(comments)},
                   'hearts', ${count(storyHearts)})`,
    where: allowed,
  });
  const storyChanges = keep_stories
    ? [
        // Unpublished stories no one else could read go; the published ones lose the name.
        ...storyRemoval(user, and(own, ne(stories.status, "approved"))!, "account"),
        // The search no longer finds the kept stories by the name that left (decision 033).
        db.run(sql`UPDATE story_search SET author = ''
                    WHERE rowid IN (SELECT ${stories.id} FROM ${stories} WHERE ${own})`),
        db
          .update(stories)
          .set({ author: FORMER_MEMBER, user_id: null })
          .where(and(own, eq(stories.status, "approved"))),
      ]
    : storyRemoval(user, own, "account");
  // The counts on other people's stories, recounted without this person's hearts and comments
  // (`stories.id` written out: inside the subquery it must be the updated row's, not a comment's).
  const heartsRecount = db
    .update(stories)
    .set({
      hearts_count: sql`(SELECT count(*) FROM ${storyHearts} h WHERE h.story_id = stories.id AND h.user_id <> ${user.id})`,
    })
    .where(
      and(
        sql`${stories.id} IN (SELECT ${storyHearts.story_id} FROM ${storyHearts} WHERE ${storyHearts.user_id} = ${user.id})`,
        allowed,
      ),
    );
  const commentsRecount = db
    .update(stories)
    .set({
      comments_count: sql`(SELECT count(*) FROM ${comments} c WHERE c.story_id = stories.id AND c.user_id IS NOT ${user.id})`,
    })
    .where(
      and(
        sql`${stories.id} IN (SELECT ${comments.story_id} FROM ${comments} WHERE ${comments.user_id} = ${user.id})`,
        allowed,
      ),
    );
  const batch = await db.batch([
    audit,
    ...storyChanges,
    heartsRecount,
    db.delete(storyHearts).where(and(eq(storyHearts.user_id, user.id), allowed)),
    commentsRecount,
    db.delete(comments).where(and(eq(comments.user_id, user.id), allowed)),
    // Nothing more is sent to the address about the account; donors' receipts still go.
    db
      .update(outbox)
      .set({ status: "skipped", last_error: "account deleted", claimed_until: null })
      .where(
        and(
          eq(outbox.recipient, account.email ?? ""),
          sql`${outbox.status} IN ('pending', 'failed')`,
          ACCOUNT_MAIL,
          allowed,
        ),
      ),
    db.delete(users).where(and(eq(users.id, user.id), allowed)),
  ]);
  if (batch.at(-1)!.rowsAffected !== 1) throw new HttpError(409, "leave.account.lastAdmin");
  return { username: user.username, keep_stories };
}
