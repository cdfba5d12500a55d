import { type SQL, sql } from "drizzle-orm";
import { db } from "#db/client";
import type { OutboxRow } from "~/models/outbox.server";
import { suspendedUntil } from "~/models/suspension.server";

/**
 * How much the site may send one address or phone (issue 38 item 5, decision 049). Anyone can
 * type a stranger's address into a pledge or a profile, so the outbox, which every message goes
 * through, decides at send time: a few messages a day to a recipient that has confirmed nothing,
 * a higher cap for one that has; nothing more for a suspended account's address change. A message
 * held back is recorded as skipped with the reason, never sent.
 */

const DAY_MS = 24 * 60 * 60 * 1000;
/** Messages in 24 h to a recipient that never confirmed anything (never proved it wants them). */
export const UNSOLICITED_PER_DAY = 3;
/**
 * Messages in 24 h to a confirmed recipient: above anything the site sends a person in a normal
 * day (an administrator's hourly digest is at most 24), low enough to stop a loop or a flood.
 */
export const CONFIRMED_PER_DAY = 50;

/** Why a message was held back: a code the administrators' view translates. */
export type HoldReason = "unsolicitedLimit" | "recipientLimit" | "suspended";

/**
 * A recipient as one key however it was typed: an address trimmed and lower-cased, a phone as
 * its digits without Mongolia's 976 (the forms allow digits, spaces, dashes and a leading +).
 */
export function recipientKey(channel: OutboxRow["channel"], column: SQL): SQL {
  if (channel === "email") return sql`lower(trim(${column}))`;
  const digits = sql`replace(replace(replace(${column}, ' ', ''), '-', ''), '+', '')`;
  return sql`(CASE WHEN length(${digits}) = 11 AND substr(${digits}, 1, 3) = '976'
                   THEN substr(${digits}, 4) ELSE ${digits} END)`;
}

export function keyOf(row: Pick<OutboxRow, "channel" | "recipient">): string {
  if (row.channel === "email") return row.recipient.trim().toLowerCase();
  const digits = row.recipient.replace(/\D/g, "");
  return digits.length === 11 && digits.startsWith("976") ? digits.slice(3) : digits;
}

/**
 * How many messages to this recipient came before this one in the last 24 h and are sent or
 * still to be sent. Only earlier rows count, so the decision for a message never depends on a
 * later one: two senders deciding at once cannot both let the one over the limit through.
 */
async function earlierMessages(row: OutboxRow, now: number): Promise<number> {
  const [found] = await db.all<{ n: number }>(sql`
    SELECT count(*) AS n FROM outbox
     WHERE created_at >= ${new Date(now - DAY_MS).toISOString()} AND id < ${row.id}
       AND channel = ${row.channel} AND status NOT IN ('skipped', 'dead')
       AND ${recipientKey(row.channel, sql`recipient`)} = ${keyOf(row)}`);
  return found?.n ?? 0;
}

/**
 * The recipient showed it is theirs and wanted: an account's address confirmed by its link, or
 * an address or phone given with a gift an administrator verified (real money arrived under it).
 * A pledge alone proves nothing: anyone can type anyone's address.
 */
async function confirmedRecipient(row: OutboxRow): Promise<boolean> {
  const key = keyOf(row);
  const column = row.channel === "email" ? sql`email` : sql`phone_number`;
  const gift = (table: SQL) =>
    sql`EXISTS (SELECT 1 FROM ${table} WHERE status = 'verified'
                   AND ${recipientKey(row.channel, column)} = ${key})`;
  const account =
    row.channel === "email"
      ? sql`EXISTS (SELECT 1 FROM users WHERE email_confirmed_at IS NOT NULL
                       AND lower(trim(email)) = ${key})`
      : sql`0`;
  const [found] = await db.all<{ yes: number }>(sql`
    SELECT (${account} OR ${gift(sql`pool_donations`)} OR ${gift(sql`donations`)}) AS yes`);
  return Boolean(found?.yes);
}

/** An address confirmation asked for by an account that has since been suspended. */
async function forSuspendedAccount(row: OutboxRow, now: number): Promise<boolean> {
  if (row.kind !== "account.confirm") return false;
  const userId = (JSON.parse(row.params) as { user_id?: unknown }).user_id;
  return typeof userId === "string" && (await suspendedUntil(userId, new Date(now))) !== null;
}

/** Why this claimed message must not be sent, or null when it may go. */
export async function holdBack(row: OutboxRow, now = Date.now()): Promise<HoldReason | null> {
  if (await forSuspendedAccount(row, now)) return "suspended";
  const earlier = await earlierMessages(row, now);
  if (earlier < UNSOLICITED_PER_DAY) return null;
  if (earlier >= CONFIRMED_PER_DAY) return "recipientLimit";
  return (await confirmedRecipient(row)) ? null : "unsolicitedLimit";
}
