import { and, desc, eq, sql } from "drizzle-orm";
import { db } from "#db/client";
import { authorFollows, donationPools, poolFollows, users } from "#db/schema";
import { HttpError } from "~/http/http.server";
import { findAuthor } from "~/models/authors.server";
import { refuseSuspended } from "~/models/suspension.server";
import type { User } from "~/models/users.server";

/**
 * Following an author or a campaign (issue 42 item 1): what the follower's inbox and digest are
 * made of (inbox.server.ts, digest.server.ts). Following twice is following; unfollowing what one
 * does not follow is done. A follow is public only as a count. A suspended account keeps its
 * follows but may not add one (like a heart, the count is something others see); nothing new
 * reaches it while suspended. Deleting an account deletes its follows (the tables cascade).
 */

type Follower = Pick<User, "id">;

export interface FollowState {
  following: boolean;
  followers: number;
}

export const authorFollowerCount = (authorId: string) =>
  db.$count(authorFollows, eq(authorFollows.author_id, authorId));

export const poolFollowerCount = (poolId: number) =>
  db.$count(poolFollows, eq(poolFollows.pool_id, poolId));

async function authorOrThrow(username: string) {
  const author = await findAuthor(username);
  if (!author) throw new HttpError(404, "errors.authorNotFound");
  return author;
}

/** A campaign one may follow: one the public sees (an archived campaign is hidden: 404). */
async function poolOrThrow(poolId: number) {
  const pool = await db.query.donationPools.findFirst({
    where: eq(donationPools.id, poolId),
    columns: { id: true, status: true },
  });
  if (!pool || pool.status === "archived") throw new HttpError(404, "pools:errors.notFound");
  return pool;
}

/** Whether `userId` follows the author, and how many do. */
export async function authorFollowState(
  authorId: string,
  userId: string | null,
): Promise<FollowState> {
  const [followers, mine] = await Promise.all([
    authorFollowerCount(authorId),
    userId
      ? db.$count(
          authorFollows,
          and(eq(authorFollows.author_id, authorId), eq(authorFollows.follower_id, userId)),
        )
      : 0,
  ]);
  return { following: mine > 0, followers };
}

/** Whether `userId` follows the campaign, and how many do. */
export async function poolFollowState(poolId: number, userId: string | null): Promise<FollowState> {
  const [followers, mine] = await Promise.all([
    poolFollowerCount(poolId),
    userId
      ? db.$count(
          poolFollows,
          and(eq(poolFollows.pool_id, poolId), eq(poolFollows.follower_id, userId)),
        )
      : 0,
  ]);
  return { following: mine > 0, followers };
}

/**
 * Follows (`follow` true) or unfollows the author by username. Refused: no such account (404),
 * oneself (409), a suspended account's new follow (403).
 */
export async function setAuthorFollow(
  user: Follower,
  username: string,
  follow: boolean,
): Promise<FollowState & { username: string }> {
  const author = await authorOrThrow(username);
  if (author.id === user.id) throw new HttpError(409, "follow:errors.self");
  if (follow) {
    await refuseSuspended(user);
    await db
      .insert(authorFollows)
      .values({ follower_id: user.id, author_id: author.id })
      .onConflictDoNothing();
  } else {
    await db
      .delete(authorFollows)
      .where(and(eq(authorFollows.follower_id, user.id), eq(authorFollows.author_id, author.id)));
  }
  return { username: author.username, ...(await authorFollowState(author.id, user.id)) };
}

/**
 * Follows or unfollows a campaign. Following needs a campaign the public sees (404 otherwise);
 * unfollowing works whatever became of it.
 */
export async function setPoolFollow(
  user: Follower,
  poolId: number,
  follow: boolean,
): Promise<FollowState & { pool_id: number }> {
  if (follow) {
    await poolOrThrow(poolId);
    await refuseSuspended(user);
    await db
      .insert(poolFollows)
      .values({ follower_id: user.id, pool_id: poolId })
      .onConflictDoNothing();
  } else {
    const gone = await db
      .delete(poolFollows)
      .where(and(eq(poolFollows.follower_id, user.id), eq(poolFollows.pool_id, poolId)));
    if (gone.rowsAffected === 0) await poolOrThrow(poolId);
  }
  return { pool_id: poolId, ...(await poolFollowState(poolId, user.id)) };
}

/** What a person follows, newest follow first: authors and campaigns, with their counts. */
export async function listFollowing(user: Follower) {
  const [authors, pools] = await Promise.all([
    db
      .select({
        username: users.username,
        avatar_url: users.avatar_url,
        followed_at: authorFollows.created_at,
        followers: sql<number>`(SELECT count(*) FROM ${authorFollows} f
                                 WHERE f.author_id = ${authorFollows.author_id})`,
      })
      .from(authorFollows)
      .innerJoin(users, eq(users.id, authorFollows.author_id))
      .where(eq(authorFollows.follower_id, user.id))
      .orderBy(desc(authorFollows.created_at), users.username),
    db
      .select({
        id: donationPools.id,
        name: donationPools.name,
        status: donationPools.status,
        followed_at: poolFollows.created_at,
        followers: sql<number>`(SELECT count(*) FROM ${poolFollows} f
                                 WHERE f.pool_id = ${poolFollows.pool_id})`,
      })
      .from(poolFollows)
      .innerJoin(donationPools, eq(donationPools.id, poolFollows.pool_id))
      .where(eq(poolFollows.follower_id, user.id))
      .orderBy(desc(poolFollows.created_at), donationPools.id),
  ]);
  return { authors, pools };
}
