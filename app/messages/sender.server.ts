import { errorFields, logger } from "~/lib/logger.server";
import { noteFailingMessages, queueAdminDigests } from "~/models/admin-notices.server";
import { queueFollowDigests } from "~/models/digest.server";
import { noteFeaturedEnding } from "~/models/inbox.server";
import { runMonthly } from "~/models/monthly-run.server";
import { claimDue, recordOutcome } from "~/models/outbox.server";
import { holdBack } from "~/models/outbox-limits.server";
import { forgetPastReadDays } from "~/models/read-count.server";
import { mergeSearchIndex } from "~/models/search-index.server";
import { sendEmail, sendSms } from "./channels.server";
import { renderMessage } from "./render.server";

/**
 * The sender in every server process (decision 027): every few seconds, and at once when a
 * change queues a message, it claims due messages from the outbox, makes their text, sends them
 * and records what happened. Claims are conditional updates, so several processes and servers
 * share the work without sending a message twice.
 */

/** Sends what is due now; answers how many messages it handled. */
export async function sendDue(now = Date.now()): Promise<number> {
  const rows = await claimDue(now);
  for (const row of rows) {
    try {
      // Limits per recipient (decision 049): held back is recorded with why, and never sent.
      const held = await holdBack(row, now);
      if (held) {
        await recordOutcome(row, { status: "skipped", body: "", note: held });
        continue;
      }
      const message = await renderMessage(row);
      if (!message) {
        await recordOutcome(row, { status: "skipped", body: "", note: "gone" });
        continue;
      }
      if (row.channel === "sms") {
        const skipped = await sendSms(row, message.text);
        await recordOutcome(
          row,
          skipped
            ? { status: "skipped", body: message.text, note: skipped }
            : { status: "sent", body: message.text },
        );
      } else {
        const where = await sendEmail(row, message);
        await recordOutcome(row, {
          status: "sent",
          subject: message.subject,
          body: message.text,
          note: where,
        });
      }
    } catch (error) {
      logger.warn("message.failed", { id: row.id, kind: row.kind, ...errorFields(error) });
      await recordOutcome(row, {
        status: "failed",
        error: String((error as Error)?.message ?? error),
      });
    }
  }
  return rows.length;
}

const INTERVAL_MS = 5_000;
let timer: NodeJS.Timeout | null = null;
let running: Promise<void> | null = null;
let again = false;

const SCAN_MS = 60_000;
let lastScan = 0;

/**
 * What no request causes, looked for once a minute: a featured period about to end, the
 * administrators' digest, messages that could not be sent, the digests of what people follow,
 * the monthly gifts' run (decision 062); the day's secret for counting reads, deleted when
 * the day is over (decision 061); and a step of merging the search index when it has grown into
 * too many pieces (decision 033).
 */
async function scan(now = Date.now()) {
  if (now - lastScan < SCAN_MS) return;
  lastScan = now;
  await forgetPastReadDays(now);
  await noteFeaturedEnding(now);
  await queueAdminDigests(now);
  await noteFailingMessages(now);
  await queueFollowDigests(now);
  await runMonthly(new Date(now));
  await mergeSearchIndex();
}

async function drain() {
  do {
    again = false;
    try {
      await scan();
      while ((await sendDue()) > 0);
    } catch (error) {
      logger.error("message.sender", errorFields(error));
    }
  } while (again);
}

function tick() {
  if (running) {
    again = true;
    return;
  }
  running = drain().finally(() => {
    running = null;
  });
}

/** Starts this process's sender (once). */
export function startSender() {
  if (timer) return;
  timer = setInterval(tick, INTERVAL_MS);
  timer.unref();
  setImmediate(tick);
}

/** A change has just queued messages: send them now rather than at the next tick. */
export function wakeSender() {
  if (timer) setImmediate(tick);
}
