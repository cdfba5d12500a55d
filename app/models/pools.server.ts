import { and, count, desc, eq, sql } from "drizzle-orm";
import { alias } from "drizzle-orm/sqlite-core";
import { db } from "#db/client";
import { donationPools, media, poolDonations } from "#db/schema";
import { poolEnded } from "~/lib/pool-end";
import { mediaUrl } from "~/models/media.server";
import { poolMonthlyFigure } from "~/models/monthly-figures.server";
import { preparedFor } from "~/models/prepared.server";

/** round(current / goal × 100), capped at 100 (spec 01 §9). */
export function progressPercent(current: number, goal: number) {
  if (goal <= 0) return 0;
  return Math.min(100, Math.round((current / goal) * 100));
}

export interface PoolSummary {
  id: number;
  name: string;
  description: string;
  goal_amount: number;
  current_amount: number;
  progress: number;
  created_at: string;
  status: "active" | "completed" | "archived";
  /** The last day of pledges ("YYYY-MM-DD"), or null. */
  ends_on: string | null;
  photo_1: string | null;
  photo_1_thumbnail: string | null;
  has_photo_1: boolean;
  has_media: boolean;
  has_video: boolean;
}

const photo = alias(media, "photo");

/** Served by the index donation_pools_listed (db/schema.ts), which repeats this expression. */
const STATUS_ORDER = sql`case ${donationPools.status} when 'active' then 0 when 'completed' then 1 else 2 end`;

/**
 * Pool cards for the home page and `/api/donation-pools?summary=true`: active pools first, then
 * completed ones, newest first; archived pools are not shown. One statement.
 */
export function listPoolSummaries(limit: number): Promise<PoolSummary[]> {
  return poolCards({ limit: Math.min(Math.max(1, limit), 50), offset: 0, includeArchived: false });
}

/** A page of every pool for /donation-pools: active, then completed, then archived (marked). */
export async function listPoolsPage(page: number, pageSize: number) {
  const [{ total } = { total: 0 }] = await db.select({ total: count() }).from(donationPools);
  const pageCount = Math.max(1, Math.ceil(total / pageSize));
  const current = Math.min(Math.max(1, page), pageCount);
  const items = await poolCards({
    limit: pageSize,
    offset: (current - 1) * pageSize,
    includeArchived: true,
  });
  return { items, total, page: current, pageSize, pageCount };
}

/** The pool cards' statement, built once per kind of list (decision 070). */
function preparePoolCards(includeArchived: boolean) {
  return db
    .select({
      id: donationPools.id,
      name: donationPools.name,
      description: donationPools.description,
      goal_amount: donationPools.goal_amount,
      current_amount: donationPools.current_amount,
      created_at: donationPools.created_at,
      status: donationPools.status,
      ends_on: donationPools.ends_on,
      photo_1: donationPools.photo_1,
      photo_2: donationPools.photo_2,
      photo_3: donationPools.photo_3,
      video_url: donationPools.video_url,
      thumbnail_id: photo.thumbnail_id,
    })
    .from(donationPools)
    .leftJoin(photo, eq(photo.id, donationPools.photo_1))
    .where(includeArchived ? undefined : sql`${donationPools.status} <> 'archived'`)
    .orderBy(STATUS_ORDER, desc(donationPools.created_at), desc(donationPools.id))
    .limit(sql.placeholder("limit") as unknown as number)
    .offset(sql.placeholder("offset") as unknown as number)
    .prepare();
}
const poolCardStatement = preparedFor(preparePoolCards);

async function poolCards({
  limit,
  offset,
  includeArchived,
}: {
  limit: number;
  offset: number;
  includeArchived: boolean;
}): Promise<PoolSummary[]> {
  const rows = await poolCardStatement(includeArchived).all({
    limit: Math.min(Math.max(1, limit), 50),
    offset: Math.max(0, offset),
  });
  return rows.map(({ photo_2, photo_3, video_url, thumbnail_id, ...row }) => ({
    ...row,
    progress: progressPercent(row.current_amount, row.goal_amount),
    photo_1: mediaUrl(row.photo_1),
    photo_1_thumbnail: mediaUrl(thumbnail_id ?? row.photo_1),
    has_photo_1: Boolean(row.photo_1),
    has_media: Boolean(row.photo_1 || photo_2 || photo_3 || videoSrc(video_url)),
    has_video: Boolean(videoSrc(video_url)),
  }));
}

const MEDIA_ID = /^[a-f0-9]{64}$/;

/**
 * A pool's video: always a file stored here (uploaded with the pool, served with Range support).
 * Anything else is dropped: the Content-Security-Policy plays media from this site only.
 */
export function videoSrc(value: string | null): string | null {
  return value && MEDIA_ID.test(value) ? `/media/${value}` : null;
}

export interface PoolPhoto {
  url: string;
  thumbnail_url: string;
  width: number;
  height: number;
}

/**
 * One pool with everything its page shows: photos, video, money raised, money pledged but not
 * yet verified (a lighter second segment, never counted as received), and donor count.
 */
export async function getPoolDetail(id: number) {
  if (!Number.isSafeInteger(id) || id < 1) return null;
  const pool = await db.query.donationPools.findFirst({ where: eq(donationPools.id, id) });
  if (!pool) return null;
  const photoIds = [pool.photo_1, pool.photo_2, pool.photo_3].filter((p): p is string =>
    Boolean(p),
  );
  const [photos, [totals], monthly] = await Promise.all([
    photoIds.length
      ? db
          .select({
            id: media.id,
            width: media.width,
            height: media.height,
            thumbnail_id: media.thumbnail_id,
          })
          .from(media)
          .where(sql`${media.id} IN ${photoIds}`)
      : Promise.resolve([]),
    db
      .select({
        pending: sql<number>`coalesce(sum(case when ${poolDonations.status} = 'pending' then ${poolDonations.amount} end), 0)`,
        donors: sql<number>`count(case when ${poolDonations.status} = 'verified' then 1 end)`,
      })
      .from(poolDonations)
      .where(eq(poolDonations.pool_id, id)),
    poolMonthlyFigure(id),
  ]);
  const byId = new Map(photos.map((p) => [p.id, p]));
  return {
    ...poolJson(pool),
    /** Its last day is behind us: it takes no more pledges, whatever its status says. */
    ended: poolEnded(pool.ends_on),
    pledged_amount: totals?.pending ?? 0,
    donors_count: totals?.donors ?? 0,
    /** Promised every month by active monthly gifts; not in the total until each month is paid. */
    ...monthly,
    pledged_progress: Math.min(
      100 - progressPercent(pool.current_amount, pool.goal_amount),
      progressPercent(totals?.pending ?? 0, pool.goal_amount),
    ),
    photos: photoIds
      .map((pid) => byId.get(pid))
      .filter((p): p is NonNullable<typeof p> => Boolean(p))
      .map(
        (p): PoolPhoto => ({
          url: mediaUrl(p.id)!,
          thumbnail_url: mediaUrl(p.thumbnail_id ?? p.id)!,
          width: p.width ?? 1200,
          height: p.height ?? 800,
        }),
      ),
  };
}

export type PoolDetail = NonNullable<Awaited<ReturnType<typeof getPoolDetail>>>;

type PoolRow = typeof donationPools.$inferSelect;

/** A pool with the spec's field names (01 §3), media ids turned into URLs: the /api shape. */
export function poolJson(pool: PoolRow) {
  const video = videoSrc(pool.video_url);
  return {
    id: pool.id,
    name: pool.name,
    description: pool.description,
    goal_amount: pool.goal_amount,
    current_amount: pool.current_amount,
    progress: progressPercent(pool.current_amount, pool.goal_amount),
    created_at: pool.created_at,
    photo_1: mediaUrl(pool.photo_1),
    photo_2: mediaUrl(pool.photo_2),
    photo_3: mediaUrl(pool.photo_3),
    video_url: video,
    has_photo_1: Boolean(pool.photo_1),
    has_media: Boolean(pool.photo_1 || pool.photo_2 || pool.photo_3 || video),
    has_video: Boolean(video),
    status: pool.status,
    ends_on: pool.ends_on,
    bank_name: pool.bank_name,
    bank_account: pool.bank_account,
    account_name: pool.account_name,
  };
}

export type PoolJson = ReturnType<typeof poolJson>;

/**
 * A page of every pool for `/api/donation-pools` (DESIGN §5), in the list page's order: active,
 * completed, archived, newest first within each. A page past the end is empty.
 */
export async function listPoolsJson(page: number, pageSize: number) {
  const [[{ total } = { total: 0 }], rows] = await Promise.all([
    db.select({ total: count() }).from(donationPools),
    db
      .select()
      .from(donationPools)
      .orderBy(STATUS_ORDER, desc(donationPools.created_at), desc(donationPools.id))
      .limit(pageSize)
      .offset((page - 1) * pageSize),
  ]);
  return {
    items: rows.map(poolJson),
    total,
    pageCount: Math.max(1, Math.ceil(total / pageSize)),
  };
}

/** Whether a pool with this id exists, whatever its status. */
export async function poolExists(id: number): Promise<boolean> {
  if (!Number.isSafeInteger(id) || id < 1) return false;
  const row = await db.query.donationPools.findFirst({
    where: eq(donationPools.id, id),
    columns: { id: true },
  });
  return Boolean(row);
}

/** Recent donors of a pool (spec 02 §3): verified, not hidden, newest first. */
/**
 * Recent donors of a pool: verified, not hidden by an administrator, newest first. A donor who
 * unticked "show me on the leaderboard" still counts here, but without a name (null): the
 * public sees the gift and its message, never who gave it (decision 008).
 */
export async function recentDonations(poolId: number, limit = 10) {
  const rows = await db
    .select({
      id: poolDonations.id,
      donor_name: poolDonations.donor_name,
      shown: poolDonations.display_in_leaderboard,
      amount: poolDonations.amount,
      message: poolDonations.message,
      donation_date: poolDonations.donation_date,
    })
    .from(poolDonations)
    .where(
      and(
        eq(poolDonations.pool_id, poolId),
        eq(poolDonations.status, "verified"),
        eq(poolDonations.is_hidden, false),
      ),
    )
    .orderBy(desc(poolDonations.donation_date), desc(poolDonations.id))
    .limit(limit);
  return rows.map(({ shown, donor_name, ...row }) => ({
    ...row,
    donor_name: shown ? donor_name : null,
  }));
}
