import { sql } from "drizzle-orm";
import { db } from "#db/client";
import { rateLimits } from "#db/schema";
import { HttpError } from "~/http/http.server";

/**
 * Fixed-window counters kept in the database, so every server process on the same database
 * shares them (DESIGN §8). One atomic upsert per hit: no read-then-write race between processes.
 */
export interface Limit {
  /** Bucket name plus whatever it is counted by, e.g. `login:untrusted:saraa`. */
  key: string;
  max: number;
  windowMs: number;
}

export interface LimitState {
  allowed: boolean;
  retryAfterSeconds: number;
}

/** Counts one attempt against the limit and says whether it may go ahead. */
export async function hitLimit({ key, max, windowMs }: Limit): Promise<LimitState> {
  const now = Date.now();
  const rows = await db
    .insert(rateLimits)
    .values({ key, count: 1, reset_at: now + windowMs })
    .onConflictDoUpdate({
      target: rateLimits.key,
      set: {
        count: sql`CASE WHEN ${rateLimits.reset_at} <= ${now} THEN 1 ELSE ${rateLimits.count} + 1 END`,
        reset_at: sql`CASE WHEN ${rateLimits.reset_at} <= ${now} THEN ${now + windowMs} ELSE ${rateLimits.reset_at} END`,
      },
    })
    .returning({ count: rateLimits.count, reset_at: rateLimits.reset_at });
  const row = rows[0]!;
  if (Math.random() < 0.01) await sweep(now);
  return {
    allowed: row.count <= max,
    retryAfterSeconds: Math.max(1, Math.ceil((row.reset_at - now) / 1000)),
  };
}

/** Whether the limit is already used up, without counting an attempt. */
export async function peekLimit({ key, max }: Limit): Promise<LimitState> {
  const now = Date.now();
  const row = await db.query.rateLimits.findFirst({ where: sql`${rateLimits.key} = ${key}` });
  if (!row || row.reset_at <= now) return { allowed: true, retryAfterSeconds: 0 };
  return {
    allowed: row.count < max,
    retryAfterSeconds: Math.max(1, Math.ceil((row.reset_at - now) / 1000)),
  };
}

/**
 * Takes back one counted attempt: for limits that count every attempt before it runs (so that
 * attempts made in parallel cannot all slip past one check) but mean to keep only the failures.
 */
export async function forgiveHit(key: string) {
  await db
    .update(rateLimits)
    .set({ count: sql`${rateLimits.count} - 1` })
    .where(sql`${rateLimits.key} = ${key} AND ${rateLimits.count} > 0`);
}

export async function resetLimit(key: string) {
  await db.delete(rateLimits).where(sql`${rateLimits.key} = ${key}`);
}

async function sweep(now: number) {
  await db.delete(rateLimits).where(sql`${rateLimits.reset_at} < ${now}`);
}

/** Refuses (429, with when to try again) once a limit is reached; `message` says it. */
export function refuseOverLimit(state: LimitState, message = "errors.tooManyAttempts") {
  if (!state.allowed)
    throw new HttpError(429, message, undefined, {
      "Retry-After": String(state.retryAfterSeconds),
    });
}

/** Counts a try against `limit`, and refuses it (429) past the limit. */
export async function hitOrRefuse(limit: Limit, message?: string) {
  refuseOverLimit(await hitLimit(limit), message);
}
