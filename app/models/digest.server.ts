import { and, asc, eq, gt, lte, type SQL, sql } from "drizzle-orm";
import { db } from "#db/client";
import {
  authorFollows,
  type DigestFrequency,
  donationPools,
  poolFollows,
  poolUpdates,
  stories,
  users,
} from "#db/schema";
import { parseOrThrow } from "~/http/http.server";
import type { User } from "~/models/users.server";
import { DigestSchema } from "~/schemas/follow";

/**
 * The e-mail digest of what a person follows (issue 42 item 2): daily, weekly (the default) or
 * never. The message sender's scan (app/messages/sender.server.ts) queues the digests that are due
 * each minute; `queueFollowDigests` can also be called on demand. Periods are rolling: a digest
 * is due when a day or a week has passed since the last one covered (or since the first follow).
 * It goes to an account with a confirmed address that is not suspended, one outbox row per person
 * and period, queued only when something is new; the period advances either way. Its text is
 * made when it is sent (render.server.ts) from `digestContents`.
 */

export const DIGEST_KIND = "follow.digest";
const DAY_MS = 24 * 60 * 60 * 1000;
const PERIOD_MS: Record<Exclude<DigestFrequency, "never">, number> = {
  daily: DAY_MS,
  weekly: 7 * DAY_MS,
};
/** At most this many stories and updates are listed; the mail says how many more there are. */
export const DIGEST_LIST_MAX = 10;

const iso = (ms: number) => new Date(ms).toISOString();

export async function getDigest(user: Pick<User, "id">): Promise<DigestFrequency> {
  const row = await db.query.users.findFirst({
    where: eq(users.id, user.id),
    columns: { digest: true },
  });
  return row?.digest ?? "weekly";
}

/**
 * Sets how often the digest comes. Turned on again after «never», it starts from now: what
 * happened while it was off is not sent in a heap.
 */
export async function setDigest(
  user: Pick<User, "id">,
  input: unknown,
  now = new Date(),
): Promise<DigestFrequency> {
  const { digest } = parseOrThrow(DigestSchema, input);
  await db
    .update(users)
    .set({
      digest,
      digest_covered_until: sql`CASE WHEN ${users.digest} = 'never' AND ${digest} <> 'never'
        THEN ${now.toISOString()} ELSE ${users.digest_covered_until} END`,
    })
    .where(eq(users.id, user.id));
  return digest;
}

/** The one-click unsubscribe of the digest: it is turned off, as «never» on /profile. */
export async function stopDigest(userId: string): Promise<boolean> {
  const changed = await db.update(users).set({ digest: "never" }).where(eq(users.id, userId));
  return changed.rowsAffected === 1;
}

/** When each follower's first follow began: where a first digest starts. */
const firstFollows = sql`(SELECT follower_id, min(created_at) AS first FROM (
    SELECT follower_id, created_at FROM author_follows
    UNION ALL SELECT follower_id, created_at FROM pool_follows) GROUP BY follower_id)`;

/** A public story of a followed author, published in the window and after the follow began. */
const newStory = (since: SQL, until: string) => sql`EXISTS (
  SELECT 1 FROM stories s JOIN author_follows af ON af.author_id = s.user_id
   WHERE af.follower_id = due.id AND s.status = 'approved'
     AND s.approved_at > ${since} AND s.approved_at > af.created_at AND s.approved_at <= ${until})`;

const newUpdate = (since: SQL, until: string) => sql`EXISTS (
  SELECT 1 FROM pool_updates pu JOIN pool_follows pf ON pf.pool_id = pu.pool_id
   WHERE pf.follower_id = due.id
     AND pu.created_at > ${since} AND pu.created_at > pf.created_at AND pu.created_at <= ${until})`;

/**
 * Where an account's next digest starts: where the last one ended (or the first follow), but never
 * before the end of a suspension that is over, so what happened while it was suspended never
 * arrives, even when no scan ran during the suspension.
 */
const periodStart = (until: string) => sql`CASE
    WHEN u.suspended_until IS NOT NULL AND u.suspended_until <= ${until}
     AND u.suspended_until > coalesce(u.digest_covered_until, ff.first)
    THEN u.suspended_until ELSE coalesce(u.digest_covered_until, ff.first) END`;

/**
 * Queues the digests due at `now` and moves each due account's period on, in one batch. Two
 * processes scanning at once queue each digest once: its key names the person and the period's
 * start, and the period has moved on for whichever comes second. The period moves on for every
 * account that follows something, also one that cannot be sent to now (suspended, or with no
 * confirmed address): when it can again, its first digest covers the last period only, not
 * everything since it followed.
 */
export async function queueFollowDigests(now = Date.now()): Promise<number> {
  const until = iso(now);
  const due = sql`(SELECT u.id, u.email, u.email_confirmed_at, u.language, u.suspended_until,
           ${periodStart(until)} AS since
      FROM users u JOIN ${firstFollows} ff ON ff.follower_id = u.id
     WHERE u.digest <> 'never'
       AND ${periodStart(until)} <=
           CASE u.digest WHEN 'daily' THEN ${iso(now - PERIOD_MS.daily)}
                         ELSE ${iso(now - PERIOD_MS.weekly)} END)`;
  const since = sql`due.since`;
  const [queued] = await db.batch([
    db.run(sql`
      INSERT OR IGNORE INTO outbox (dedupe_key, channel, recipient, kind, language, params)
      SELECT 'digest:follows:' || due.id || ':' || due.since, 'email', due.email, ${DIGEST_KIND},
             due.language, json_object('user_id', due.id, 'since', due.since, 'until', ${until})
        FROM ${due} due
       WHERE due.email IS NOT NULL AND due.email_confirmed_at IS NOT NULL
         AND (due.suspended_until IS NULL OR due.suspended_until <= ${until})
         AND (${newStory(since, until)} OR ${newUpdate(since, until)})`),
    db.run(sql`
      UPDATE users SET digest_covered_until = ${until}
       WHERE id IN (SELECT due.id FROM ${due} due)`),
  ]);
  return queued.rowsAffected;
}

export interface DigestContents {
  username: string;
  stories: { id: number; title: string; author: string; approved_at: string }[];
  storiesTotal: number;
  updates: {
    id: number;
    pool_id: number;
    pool: string;
    body_mn: string;
    body_en: string | null;
    is_final: boolean;
    created_at: string;
  }[];
  updatesTotal: number;
}

/**
 * What a digest carries, read when it is sent: the stories still public and the updates still
 * there, of what the person still follows, from the window the row names. Null when the account
 * is gone.
 */
export async function digestContents(
  userId: string,
  since: string,
  until: string,
): Promise<DigestContents | null> {
  const user = await db.query.users.findFirst({
    where: eq(users.id, userId),
    columns: { username: true },
  });
  if (!user) return null;
  const storyWhere = and(
    eq(authorFollows.follower_id, userId),
    eq(stories.status, "approved"),
    gt(stories.approved_at, since),
    gt(stories.approved_at, authorFollows.created_at),
    lte(stories.approved_at, until),
  );
  const updateWhere = and(
    eq(poolFollows.follower_id, userId),
    gt(poolUpdates.created_at, since),
    gt(poolUpdates.created_at, poolFollows.created_at),
    lte(poolUpdates.created_at, until),
  );
  const [storyRows, updateRows] = await Promise.all([
    db
      .select({
        id: stories.id,
        title: stories.title,
        author: stories.author,
        approved_at: sql<string>`${stories.approved_at}`,
      })
      .from(stories)
      .innerJoin(authorFollows, eq(authorFollows.author_id, stories.user_id))
      .where(storyWhere)
      .orderBy(asc(stories.approved_at), asc(stories.id)),
    db
      .select({
        id: poolUpdates.id,
        pool_id: poolUpdates.pool_id,
        pool: donationPools.name,
        body_mn: poolUpdates.body_mn,
        body_en: poolUpdates.body_en,
        is_final: poolUpdates.is_final,
        created_at: poolUpdates.created_at,
      })
      .from(poolUpdates)
      .innerJoin(poolFollows, eq(poolFollows.pool_id, poolUpdates.pool_id))
      .innerJoin(donationPools, eq(donationPools.id, poolUpdates.pool_id))
      .where(updateWhere)
      .orderBy(asc(poolUpdates.created_at), asc(poolUpdates.id)),
  ]);
  return {
    username: user.username,
    stories: storyRows.slice(0, DIGEST_LIST_MAX),
    storiesTotal: storyRows.length,
    updates: updateRows.slice(0, DIGEST_LIST_MAX),
    updatesTotal: updateRows.length,
  };
}
