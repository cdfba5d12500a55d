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

/** A followed author (by account id) or campaign. */
export type Followed = { authorId: string } | { poolId: number };

function followsOf(of: Followed) {
  return "authorId" in of
    ? {
        table: authorFollows,
        followed: eq(authorFollows.author_id, of.authorId),
        follower: authorFollows.follower_id,
      }
    : {
        table: poolFollows,
        followed: eq(poolFollows.pool_id, of.poolId),
        follower: poolFollows.follower_id,
      };
}

async function authorOrThrow(username: string) {
  const author = await findAuthor(username);
  if (!author) throw new HttpError(404, "errors.authorNotFound");
  return author;
}

/**
 * A campaign one may follow: one the public sees that may still post an update. An archived
 * campaign's page still shows, without the button (it will post nothing more): 409, not 404. A
 * completed one may still post its final report.
 */
async function poolOrThrow(poolId: number) {
  const pool = await db.query.donationPools.findFirst({
    where: eq(donationPools.id, poolId),
    columns: { id: true, status: true },
  });
  if (!pool) throw new HttpError(404, "pools:errors.notFound");
  if (pool.status === "archived") throw new HttpError(409, "follow:errors.archived");
  return pool;
}

/** Whether `userId` follows the author or campaign, and how many do. */
export async function followState(of: Followed, userId: string | null): Promise<FollowState> {
  const { table, followed, follower } = followsOf(of);
  const [followers, mine] = await Promise.all([
    db.$count(table, followed),
    userId ? db.$count(table, and(followed, eq(follower, userId))) : 0,
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
  return { username: author.username, ...(await followState({ authorId: author.id }, user.id)) };
}

/**
 * Follows or unfollows a campaign. Following needs a campaign the public sees (404 otherwise)
 * that is not archived (409); unfollowing works whatever became of it.
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
  return { pool_id: poolId, ...(await followState({ poolId }, user.id)) };
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
