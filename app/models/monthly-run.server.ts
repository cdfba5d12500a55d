import { type SQL, sql } from "drizzle-orm";
import { db } from "#db/client";
import { todayInUlaanbaatar } from "~/lib/pool-end";
import { addMonths, daysInMonth } from "~/lib/ub-months";

/**
 * The monthly run of issue 43 (decision 062, "The monthly run"), called by the message sender's
 * scan once a minute in every process: gifts of ended campaigns stop, pauses that are over end,
 * months that are over are marked paid, missed or paused, three missed in a row pause the gift,
 * and today's reminders are queued. Each step is one transaction of set-based statements, and
 * every message it queues has a key naming the gift and the month (`outbox.dedupe_key`), so
 * running it twice, in two processes at once, or again after a kill -9, queues each message once.
 */

/**
 * Days into the next month before a month counts as missed: a standing order's transfer of the
 * last days reaches the ledger only when an administrator imports that statement.
 */
export const MISSED_AFTER_DAYS = 7;
/** A server that was down catches up with at most this many months. */
const CATCH_UP_MONTHS = 3;
/** Missed months in a row after which a gift pauses and its donor is told. */
export const LAPSE_AFTER = 3;

/** The channels a gift's donor chose, as rows to join with; SMS only with a number. */
const CHANNELS = sql`(SELECT 'email' AS channel UNION ALL SELECT 'sms')`;
const chosen = sql`((c.channel = 'email' AND g.remind_by_email = 1 AND g.email IS NOT NULL)
  OR (c.channel = 'sms' AND g.remind_by_sms = 1 AND g.phone_number IS NOT NULL))`;

/**
 * The donor's messages of kind `monthly.{event}` to the gifts `where` picks, one per gift and
 * channel under the key `monthly:{event}:{gift}:{month}:{channel}`.
 */
function queueMessages(event: string, month: string, where: SQL) {
  return db.run(sql`
    INSERT OR IGNORE INTO outbox (dedupe_key, channel, recipient, kind, language, params)
    SELECT ${`monthly:${event}:`} || g.id || ${`:${month}:`} || c.channel, c.channel,
           CASE c.channel WHEN 'email' THEN g.email ELSE g.phone_number END,
           ${`monthly.${event}`}, g.language, json_object('id', g.id, 'month', ${month})
      FROM monthly_gifts g, ${CHANNELS} c
     WHERE ${chosen} AND ${where}`);
}

/**
 * Whether a gift falls due in `month`: its day of that month (the last day, in a shorter month)
 * is after the day it was made, in Ulaanbaatar. A gift made on its own day starts next month, as
 * the form says.
 */
const dueIn = (month: string) => sql`date(g.created_at, '+8 hours') <
  ${month} || '-' || printf('%02d', min(g.day_of_month, ${daysInMonth(month)}))`;

/** Gifts of a campaign that has ended (its last day is past) or was closed stop, and are told. */
async function stopEndedCampaigns(today: string, stamp: string) {
  const ended = sql`g.status <> 'stopped' AND g.pool_id IN (
    SELECT id FROM donation_pools WHERE status <> 'active' OR (ends_on IS NOT NULL AND ends_on < ${today}))`;
  await db.batch([
    queueMessages("ended", "", ended),
    db.run(sql`UPDATE monthly_gifts AS g
        SET status = 'stopped', stop_reason = 'campaign_ended', stopped_at = ${stamp},
            paused_until = NULL, updated_at = ${stamp}
      WHERE ${ended}`),
  ]);
}

/** A donor's pause is over on the first day of the month it gives again. */
async function endPauses(month: string, stamp: string) {
  await db.run(sql`UPDATE monthly_gifts
      SET status = 'active', paused_until = NULL, updated_at = ${stamp}
    WHERE status = 'paused' AND paused_until IS NOT NULL AND paused_until <= ${month}`);
}

/**
 * A month that is over (and its days of grace): each gift due in it that has no gift of it is
 * marked missed, or paused when the gift is paused; a missed month adds one to the gift's count
 * in a row, which a verified gift sets back to 0 (monthly-months.server.ts). The count is raised
 * before the month is marked, in one transaction, so it is raised once.
 */
async function markMonth(month: string) {
  const open = sql`g.status <> 'stopped' AND ${dueIn(month)} AND NOT EXISTS (
    SELECT 1 FROM monthly_gift_months m
     WHERE m.gift_id = g.id AND m.month = ${month} AND m.state IS NOT NULL)`;
  await db.batch([
    db.run(sql`UPDATE monthly_gifts AS g SET missed_in_row = missed_in_row + 1
      WHERE g.status = 'active' AND ${open}`),
    db.run(sql`INSERT INTO monthly_gift_months (gift_id, month, state)
      SELECT g.id, ${month}, CASE g.status WHEN 'active' THEN 'missed' ELSE 'paused' END
        FROM monthly_gifts g WHERE ${open}
      ON CONFLICT (gift_id, month) DO UPDATE SET state = excluded.state WHERE state IS NULL`),
  ]);
}

/** Three missed in a row: the gift pauses with no end, and the donor is told once, with its link. */
async function pauseLapsed(month: string, stamp: string) {
  const lapsed = sql`g.status = 'active' AND g.missed_in_row >= ${LAPSE_AFTER}`;
  await db.batch([
    queueMessages("lapsed", month, lapsed),
    db.run(sql`UPDATE monthly_gifts AS g
        SET status = 'paused', paused_until = NULL, updated_at = ${stamp}
      WHERE ${lapsed}`),
  ]);
}

/**
 * Today's reminders: to each active gift paid after a reminder whose day of this month has come,
 * that falls due this month and has no gift of it yet. The month's row notes the reminder in the
 * same transaction; a gift paid before its day is not reminded.
 */
async function queueReminders(month: string, day: number, stamp: string) {
  const due = sql`g.status = 'active' AND g.method = 'reminder'
    AND min(g.day_of_month, ${daysInMonth(month)}) <= ${day} AND ${dueIn(month)}
    AND NOT EXISTS (SELECT 1 FROM monthly_gift_months m
      WHERE m.gift_id = g.id AND m.month = ${month}
        AND (m.state = 'paid' OR m.reminded_at IS NOT NULL))`;
  await db.batch([
    queueMessages("reminder", month, due),
    db.run(sql`INSERT INTO monthly_gift_months (gift_id, month, reminded_at)
      SELECT g.id, ${month}, ${stamp} FROM monthly_gifts g WHERE ${due}
      ON CONFLICT (gift_id, month) DO UPDATE SET reminded_at = excluded.reminded_at
        WHERE reminded_at IS NULL`),
  ]);
}

/** The months over at `today`, oldest first: the last ones whose grace has passed. */
export function monthsToClose(today: string): string[] {
  const month = today.slice(0, 7);
  const last = addMonths(month, Number(today.slice(8, 10)) > MISSED_AFTER_DAYS ? -1 : -2);
  return Array.from({ length: CATCH_UP_MONTHS }, (_, i) =>
    addMonths(last, i - CATCH_UP_MONTHS + 1),
  );
}

/** One run at `now`; the sender calls it from its scan. */
export async function runMonthly(now = new Date()): Promise<void> {
  const today = todayInUlaanbaatar(now);
  const month = today.slice(0, 7);
  const stamp = now.toISOString();
  await stopEndedCampaigns(today, stamp);
  await endPauses(month, stamp);
  for (const past of monthsToClose(today)) await markMonth(past);
  await pauseLapsed(month, stamp);
  await queueReminders(month, Number(today.slice(8, 10)), stamp);
}
