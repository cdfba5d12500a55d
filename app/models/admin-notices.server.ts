import { sql } from "drizzle-orm";
import { db } from "#db/client";

/**
 * What administrators are told without asking (issue 17): a digest when something new waits in
 * the queues (at most hourly), and a warning when a message cannot be sent. Both are found by the
 * sender's scan, once a minute; both go only to administrators with a confirmed address who have
 * not turned them off, and the warning also to every administrator's inbox.
 */

const HOUR_MS = 60 * 60 * 1000;

const admins = sql`users u JOIN user_roles r ON r.user_id = u.id AND r.role = 'admin'`;
const mailable = (group: string) => sql`u.email IS NOT NULL AND u.email_confirmed_at IS NOT NULL
  AND instr(',' || u.mail_muted || ',', ${`,${group},`}) = 0`;

/**
 * A digest to each administrator whose last one is an hour old (or who has none), when a story,
 * pledge or site donation has arrived since and is still waiting. The key names the hour, so two
 * scans (two processes) queue it once.
 */
export async function queueAdminDigests(now = Date.now()) {
  const hour = Math.floor(now / HOUR_MS) * HOUR_MS;
  const hourAgo = new Date(now - HOUR_MS).toISOString();
  await db.run(sql`
    INSERT OR IGNORE INTO outbox (dedupe_key, channel, recipient, kind, language, params)
    SELECT 'digest:' || u.id || ':' || ${hour}, 'email', u.email, 'admin.digest', u.language,
           json_object('since', coalesce(last.at, ''))
      FROM ${admins}
      LEFT JOIN (SELECT recipient, max(created_at) AS at FROM outbox
                  WHERE kind = 'admin.digest' GROUP BY recipient) last ON last.recipient = u.email
     WHERE ${mailable("digest")}
       AND (last.at IS NULL OR last.at <= ${hourAgo})
       AND (EXISTS (SELECT 1 FROM stories
                     WHERE status = 'pending' AND submitted_at > coalesce(last.at, ''))
         OR EXISTS (SELECT 1 FROM story_edits WHERE submitted_at > coalesce(last.at, ''))
         OR EXISTS (SELECT 1 FROM comments WHERE held_at > coalesce(last.at, ''))
         OR EXISTS (SELECT 1 FROM pool_donations
                     WHERE status = 'pending' AND donation_date > coalesce(last.at, ''))
         OR EXISTS (SELECT 1 FROM donations
                     WHERE status = 'pending' AND donation_date > coalesce(last.at, '')))`);
}

/**
 * Messages that could not be sent (dead) in the last hour: every administrator's inbox says so,
 * and a mail to those with a confirmed address (at most one an hour each). The mail may fail too
 * when the mail server is the trouble: the inbox is the one that always arrives.
 */
export async function noteFailingMessages(now = Date.now()) {
  const hour = Math.floor(now / HOUR_MS) * HOUR_MS;
  const failing = sql`(SELECT count(*) FROM outbox
                        WHERE status = 'dead' AND kind <> 'admin.failing'
                          AND next_attempt_at > ${new Date(now - HOUR_MS).toISOString()})`;
  await db.batch([
    db.run(sql`
      INSERT OR IGNORE INTO notifications (user_id, kind, params, dedupe_key)
      SELECT u.id, 'admin.failing', json_object('count', ${failing}),
             'failing:' || u.id || ':' || ${hour}
        FROM ${admins}
       WHERE ${failing} > 0`),
    db.run(sql`
      INSERT OR IGNORE INTO outbox (dedupe_key, channel, recipient, kind, language, params)
      SELECT 'failing:' || u.id || ':' || ${hour} || ':email', 'email', u.email, 'admin.failing',
             u.language, json_object('count', ${failing})
        FROM ${admins}
       WHERE ${failing} > 0 AND ${mailable("digest")}`),
  ]);
}
