import { randomBytes } from "node:crypto";
import { sql } from "drizzle-orm";
import { db } from "#db/client";
import { monthlyGifts } from "#db/schema";
import { afterResponse } from "~/http/after-response.server";
import { clientIp, parseOrThrow } from "~/http/http.server";
import { hitOrRefuse, type Limit } from "~/http/rate-limit.server";
import { wakeSender } from "~/messages/sender.server";
import { refuseBots } from "~/models/donation-create.server";
import type { OutboxRow } from "~/models/outbox.server";
import { holdBack, keyOf, recipientKey } from "~/models/outbox-limits.server";
import { MonthlyRelinkSchema } from "~/schemas/monthly-relink";

/**
 * "Send me a fresh link" (issue 43, decision 062): a donor who lost their monthly gift's link
 * types the address or phone they gave, and every gift of theirs gets a new link version (the
 * older links stop working at once), sent to that address or phone. The answer is the same
 * whether or not anything matched, and is given before the gifts are even looked up, so neither
 * its words nor its time tell who gives.
 */

const MINUTE = 60_000;

export type RelinkChannel = "email" | "sms";

/**
 * Per client address, against someone trying many contacts; per contact, so no one can flood a
 * donor with messages or keep killing their links (each request ends the links before it).
 */
export function relinkLimits(request: Request, channel: RelinkChannel, key: string): Limit[] {
  const ip = clientIp(request);
  return [
    ip
      ? { key: `monthly-link:ip:${ip}`, max: 5, windowMs: 10 * MINUTE }
      : { key: "monthly-link:all", max: 200, windowMs: 10 * MINUTE },
    { key: `monthly-link:${channel}:${key}`, max: 3, windowMs: 60 * MINUTE },
  ];
}

/** Takes the request (the bot trap, the contact, the limits); the links go out after the answer. */
export async function requestMonthlyLinks(input: unknown, request: Request): Promise<void> {
  refuseBots(input);
  const { contact } = parseOrThrow(MonthlyRelinkSchema, input);
  const key = keyOf({ channel: contact.channel, recipient: contact.value });
  for (const limit of relinkLimits(request, contact.channel, key)) await hitOrRefuse(limit);
  afterResponse("monthly.relink", () => sendFreshLinks(contact.channel, key));
}

/**
 * Raises the link version of every monthly gift (stopped ones too: a donor may look at a stopped
 * gift) whose address or phone is `key`, and queues one message per language listing them all,
 * in the same batch. Answers how many gifts it changed.
 *
 * Nothing changes when the outbox would hold the message back (decision 049: 3 a day to a
 * contact that confirmed nothing): the old links would die and the new ones never arrive, and
 * anyone could do that to a donor for a day.
 */
export async function sendFreshLinks(
  channel: RelinkChannel,
  key: string,
  now = new Date(),
): Promise<number> {
  // As the sender will judge it: a message after every one queued so far, to this contact.
  const next = { id: Number.MAX_SAFE_INTEGER, channel, recipient: key, kind: "monthly.link" };
  if (await holdBack(next as OutboxRow, now.getTime())) return 0;
  const column =
    channel === "email" ? sql`${monthlyGifts.email}` : sql`${monthlyGifts.phone_number}`;
  const match = sql`${column} IS NOT NULL AND ${recipientKey(channel, column)} = ${key}`;
  const nonce = randomBytes(9).toString("base64url");
  const [raised] = await db.batch([
    db
      .update(monthlyGifts)
      .set({ link_version: sql`${monthlyGifts.link_version} + 1`, updated_at: now.toISOString() })
      .where(match),
    // The message names the gifts; their links are made when it is sent, so they are current.
    db.run(sql`
      INSERT OR IGNORE INTO outbox (dedupe_key, channel, recipient, kind, language, params)
      SELECT ${`monthly_links:${nonce}:${channel}:`} || language, ${channel}, min(${column}),
             'monthly.link', language, json_object('ids', json_group_array(id))
        FROM monthly_gifts
       WHERE ${match} AND changes() > 0
       GROUP BY language`),
  ]);
  if (raised.rowsAffected > 0) wakeSender();
  return raised.rowsAffected;
}
