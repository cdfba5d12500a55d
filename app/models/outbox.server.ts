import { and, count, desc, eq, inArray, type SQL, sql } from "drizzle-orm";
import { db } from "#db/client";
import { type MESSAGE_STATUSES, outbox } from "#db/schema";
import type { MessageFilter } from "~/constants";
import { HttpError } from "~/http/http.server";
import { auditIfChanged } from "~/models/audit.server";
import type { User } from "~/models/users.server";

/**
 * The outbox (issue 17, decision 027): the messages an event causes are rows written in the same
 * batch as the change itself, so the two commit together or not at all; a sender claims due rows
 * (app/messages/sender.server.ts), sends them and records the outcome here.
 */

export type MessageStatus = (typeof MESSAGE_STATUSES)[number];
export type OutboxRow = typeof outbox.$inferSelect;

/** The donor's tables and what each event is called in the messages' kinds. */
const DONOR_TABLES = { pool_donations: "pledge", donations: "donation" } as const;
export type DonorTable = keyof typeof DONOR_TABLES;
export type DonorEvent = "received" | "verified" | "rejected";

/**
 * The donor's messages for an event on a pledge or a site donation, as one statement for the
 * event's own batch: an e-mail when they gave an address, and a text message to their phone. It
 * adds rows only when the statement before it changed a row (`changes() = 1`: the pledge was
 * inserted, or its status changed just now), and at most once per event and channel
 * (`dedupe_key`), so a decision taken twice at once is told once. No SMS without a number: a
 * monthly gift's month (issue 43) may know only the donor's e-mail. `which` picks the row: its id,
 * or its status token for a row inserted in the same batch (its id is not known yet).
 */
export function donorMessages(
  table: DonorTable,
  event: DonorEvent,
  which: { id: number } | { token: string },
) {
  const rows = sql.raw(table);
  const match = "id" in which ? sql`d.id = ${which.id}` : sql`d.status_token = ${which.token}`;
  const kind = `${DONOR_TABLES[table]}.${event}`;
  return db.run(sql`
    INSERT OR IGNORE INTO outbox (dedupe_key, channel, recipient, kind, language, params)
    SELECT ${`${table}:`} || d.id || ${`:${event}:`} || c.channel, c.channel,
           CASE c.channel WHEN 'email' THEN d.email ELSE d.phone_number END,
           ${kind}, d.language, json_object('id', d.id)
      FROM ${rows} d, (SELECT 'email' AS channel UNION ALL SELECT 'sms') c
     WHERE ${match} AND changes() = 1
       AND (c.channel = 'sms' OR d.email IS NOT NULL) AND (c.channel = 'email' OR d.phone_number <> '')`);
}

/**
 * How long a claim lasts: a sender that died mid-send gives its messages back after this. Longer
 * than one try can take (the SMS call gives up after 10 s; the SMTP connection and its greeting
 * after 10 s each, a silent socket after 20 s: app/messages/channels.server.ts).
 */
const CLAIM_MS = 45_000;
/** Tries before a message is dead, and the wait before each retry. */
export const MAX_ATTEMPTS = 6;
const BACKOFF_MS = [60_000, 5 * 60_000, 15 * 60_000, 60 * 60_000, 3 * 60 * 60_000];

const iso = (ms: number) => new Date(ms).toISOString();

/**
 * Claims up to `limit` due messages for this sender: pending ones whose time has come, and ones
 * whose sender's claim has lapsed. One conditional update, so two senders (processes or servers)
 * never take the same message.
 */
export async function claimDue(now = Date.now(), limit = 10): Promise<OutboxRow[]> {
  return db.all<OutboxRow>(sql`
    UPDATE outbox
       SET status = 'sending', claimed_until = ${iso(now + CLAIM_MS)}, attempts = attempts + 1
     WHERE id IN (
       SELECT id FROM outbox
        WHERE (status IN ('pending', 'failed') AND next_attempt_at <= ${iso(now)})
           OR (status = 'sending' AND claimed_until < ${iso(now)})
        ORDER BY id LIMIT ${limit})
    RETURNING *`);
}

/** The outcome of one try, recorded only while this sender still holds the message. */
export async function recordOutcome(
  row: OutboxRow,
  outcome:
    | { status: "sent" | "skipped"; subject?: string | null; body: string; note?: string }
    | { status: "failed"; error: string },
  now = Date.now(),
) {
  const held = and(eq(outbox.id, row.id), eq(outbox.status, "sending"));
  if (outcome.status !== "failed") {
    await db
      .update(outbox)
      .set({
        status: outcome.status,
        subject: outcome.subject ?? null,
        body: outcome.body,
        sent_at: iso(now),
        claimed_until: null,
        last_error: outcome.status === "skipped" ? (outcome.note ?? null) : null,
      })
      .where(held);
    return;
  }
  const dead = row.attempts >= MAX_ATTEMPTS;
  await db
    .update(outbox)
    .set({
      status: dead ? "dead" : "failed",
      last_error: outcome.error.slice(0, 500),
      claimed_until: null,
      // A dead message keeps when it died, which the administrators' warning looks for.
      next_attempt_at: iso(dead ? now : now + (BACKOFF_MS[row.attempts - 1] ?? BACKOFF_MS.at(-1)!)),
    })
    .where(held);
}

const FILTER_STATUSES: Record<MessageFilter, MessageStatus[] | null> = {
  all: null,
  waiting: ["pending", "sending"],
  sent: ["sent"],
  failed: ["failed", "dead"],
  skipped: ["skipped"],
};

export const MESSAGES_PAGE_SIZE = 25;

/** The administrators' view of the outbox: newest first, by what happened to each message. */
export async function listMessages(filter: MessageFilter, page: number) {
  const statuses = FILTER_STATUSES[filter];
  const where: SQL | undefined = statuses ? inArray(outbox.status, statuses) : undefined;
  const [[{ total } = { total: 0 }], counts] = await Promise.all([
    db.select({ total: count() }).from(outbox).where(where),
    db.select({ status: outbox.status, n: count() }).from(outbox).groupBy(outbox.status),
  ]);
  const pageCount = Math.max(1, Math.ceil(total / MESSAGES_PAGE_SIZE));
  const current = Math.min(Math.max(1, page), pageCount);
  const items = await db
    .select()
    .from(outbox)
    .where(where)
    .orderBy(desc(outbox.id))
    .limit(MESSAGES_PAGE_SIZE)
    .offset((current - 1) * MESSAGES_PAGE_SIZE);
  const byStatus = Object.fromEntries(counts.map((c) => [c.status, c.n])) as Partial<
    Record<MessageStatus, number>
  >;
  return { items, total, page: current, pageCount, byStatus };
}

export function getMessage(id: number) {
  return db.query.outbox.findFirst({ where: eq(outbox.id, id) });
}

/** Sends a failed or dead message again, at once, with a fresh count of tries; audited. */
export async function retryMessage(id: number, admin: Pick<User, "id" | "username">) {
  const [changed] = await db.batch([
    db
      .update(outbox)
      .set({ status: "pending", attempts: 0, next_attempt_at: iso(Date.now()), last_error: null })
      .where(and(eq(outbox.id, id), inArray(outbox.status, ["failed", "dead"]))),
    auditIfChanged(admin, "message.retry", "message", id),
  ]);
  if (changed.rowsAffected !== 1) {
    if (!(await getMessage(id))) throw new HttpError(404, "admin:messages.errors.notFound");
    throw new HttpError(409, "admin:messages.errors.notFailed");
  }
  return { id, status: "pending" as const };
}
