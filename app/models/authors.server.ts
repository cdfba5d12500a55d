import { and, desc, eq } from "drizzle-orm";
import { db } from "#db/client";
import { stories, users } from "#db/schema";
import { authorHref } from "~/lib/author";
import { pageOf } from "~/models/stories.server";
import { usernameKey } from "~/models/users.server";

/**
 * An author's page (issue 18 item 6): the account found by its username as sign-in finds it
 * (case and compatibility forms folded), and its approved stories, newest first, a page at a
 * time. A deleted account has no page: its kept stories belong to no one any more.
 */
export async function findAuthor(username: string) {
  const key = usernameKey(username);
  if (!key || key.length > 100) return null;
  const author = await db.query.users.findFirst({
    where: eq(users.username_key, key),
    columns: { id: true, username: true, avatar_url: true },
  });
  return author ?? null;
}

/** The author's published stories, newest submitted first (the `stories_user` index's order). */
export function listAuthorStories(
  authorId: string,
  { page = 1, pageSize }: { page?: number; pageSize: number },
) {
  return pageOf(
    and(eq(stories.user_id, authorId), eq(stories.status, "approved")),
    [desc(stories.submitted_at), desc(stories.id)],
    page,
    pageSize,
  );
}

/** The authors with at least one published story, for the sitemap: their page's path. */
export async function listAuthorPaths(limit: number): Promise<string[]> {
  if (limit <= 0) return [];
  const rows = await db
    .selectDistinct({ username: users.username })
    .from(users)
    .innerJoin(stories, and(eq(stories.user_id, users.id), eq(stories.status, "approved")))
    .orderBy(users.username)
    .limit(limit);
  return rows.map((r) => authorHref(r.username)!);
}
