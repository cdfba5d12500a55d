import { and, eq, type SQL, sql } from "drizzle-orm";
import { db } from "#db/client";
import { stories } from "#db/schema";
import { type Actor, auditStatement } from "~/models/audit.server";
import { notYourStory } from "~/models/not-yours.server";
import type { User } from "~/models/users.server";

/**
 * Deleting stories (issue 18, decision 031): by an administrator, by the story's own author, and
 * with an account. Comments and hearts go with the story (ON DELETE CASCADE), the list totals
 * follow by their triggers (story_counts, migration 0006). The money does not go: each deleted
 * story's audit row keeps what it was and, for a paid plan, its price, payment state, payment
 * code, dates and the author's account for a refund, so a verified payment stays on record for
 * the administrators (/admin/activity) after the row is gone.
 */

/** Who deleted, when it is not an administrator: the author, or the author leaving the site. */
export type DeletedVia = "author" | "account";

const pairs = (entries: [string, SQL][]) =>
  sql.join(
    entries.map(([key, value]) => sql`${key}, ${value}`),
    sql`, `,
  );

/**
 * The two statements that delete the stories `where` selects, for the caller's batch: first one
 * audit row per story (read from the row itself, so a story added meanwhile is never deleted
 * unrecorded), then the deletion. json_patch drops the payment fields that are null.
 */
export function storyRemoval(actor: Actor, where: SQL, via?: DeletedVia) {
  const base = pairs([
    ["title", sql`${stories.title}`],
    ["author", sql`${stories.author}`],
    ["status", sql`${stories.status}`],
    ["pricing_tier", sql`${stories.pricing_tier}`],
    ...(via ? ([["via", sql`${via}`]] as [string, SQL][]) : []),
  ]);
  const payment = pairs([
    ["price", sql`${stories.price}`],
    ["payment_status", sql`${stories.payment_status}`],
    ["payment_reference", sql`${stories.payment_reference}`],
    ["payment_verified_at", sql`${stories.payment_verified_at}`],
    ["refunded_at", sql`${stories.refunded_at}`],
    ["bank_name", sql`${stories.bank_name}`],
    ["bank_account", sql`${stories.bank_account}`],
    ["account_name", sql`${stories.account_name}`],
  ]);
  return [
    auditStatement({
      actor,
      action: "story.delete",
      entityType: "story",
      entityId: sql`${stories.id}`,
      details: sql`json_patch(json_object(${base}),
                     CASE WHEN ${stories.pricing_tier} = 'free' THEN '{}'
                          ELSE json_object(${payment}) END)`,
      from: sql`${stories}`,
      where,
    }),
    db.delete(stories).where(where),
  ] as const;
}

/**
 * Deletes one story: any, for an administrator; their own, for anyone else. Someone else's is
 * refused by the rule of decision 055: 403 when they can read it, else 404.
 */
export async function deleteStory(id: number, actor: Pick<User, "id" | "username" | "role">) {
  const admin = actor.role === "admin";
  const where = and(eq(stories.id, id), admin ? undefined : eq(stories.user_id, actor.id))!;
  const [, deleted] = await db.batch(storyRemoval(actor, where, admin ? undefined : "author"));
  if (deleted.rowsAffected === 1) return { id };
  throw await notYourStory(id, actor, "errors.notYourStory");
}
