import { randomBytes } from "node:crypto";
import { and, desc, eq, ne, type SQL, sql } from "drizzle-orm";
import { db } from "#db/client";
import { donationPools, monthlyGifts } from "#db/schema";
import { payee } from "~/config.server";
import { clientIp, HttpError, parseOrThrow } from "~/http/http.server";
import { hitLimit } from "~/http/rate-limit.server";
import { requestLanguage } from "~/i18next.server";
import { newPaymentCode } from "~/lib/payment-code.server";
import { addMonths, nextDueMonth } from "~/lib/ub-months";
import { wakeSender } from "~/messages/sender.server";
import { isCodeTaken, refuseBots, requireOpenPool } from "~/models/donation-create.server";
import { monthlyPath, monthlyToken, readMonthlyToken } from "~/models/monthly-links.server";
import { type MonthlyKind, monthlyChangeSchema, monthlyGiftSchema } from "~/schemas/monthly";

/**
 * Monthly gifts (issue 43): a donor gives the same amount each month, by a standing order in their
 * bank carrying their own M code, or paying when reminded. No account needed: the signed link
 * (monthly-links.server.ts) is the key. Every change takes effect at once and is confirmed by
 * message, queued in the change's own batch. The code is shown only once the gift exists (the
 * donor sets up the standing order after), so no code is held while the form is open.
 */

export type MonthlyGiftRow = typeof monthlyGifts.$inferSelect;
export type MonthlyEvent = "created" | "changed" | "paused" | "resumed" | "stopped";

const MINUTE = 60_000;

/**
 * The donor's confirmation of an event, as one statement for the event's batch: by e-mail and/or
 * SMS as they chose. Rows are added only when the statement before it changed the gift
 * (`changes() = 1`), so a change that did not happen (a stop of a stopped gift, two clicks at
 * once) is not confirmed; `nonce` makes each real change its own message.
 */
function monthlyMessages(event: MonthlyEvent, match: SQL) {
  const nonce = randomBytes(9).toString("base64url");
  return db.run(sql`
    INSERT OR IGNORE INTO outbox (dedupe_key, channel, recipient, kind, language, params)
    SELECT 'monthly_gifts:' || g.id || ${`:${event}:${nonce}:`} || c.channel, c.channel,
           CASE c.channel WHEN 'email' THEN g.email ELSE g.phone_number END,
           ${`monthly.${event}`}, g.language, json_object('id', g.id)
      FROM monthly_gifts g, (SELECT 'email' AS channel UNION ALL SELECT 'sms') c
     WHERE ${match} AND changes() = 1
       AND ((c.channel = 'email' AND g.remind_by_email = 1 AND g.email IS NOT NULL)
         OR (c.channel = 'sms' AND g.remind_by_sms = 1 AND g.phone_number IS NOT NULL))`);
}

async function limitCreation(request: Request) {
  const ip = clientIp(request);
  const state = await hitLimit(
    ip
      ? { key: `monthly:ip:${ip}`, max: 10, windowMs: 10 * MINUTE }
      : { key: "monthly:all", max: 300, windowMs: 10 * MINUTE },
  );
  if (!state.allowed) {
    throw new HttpError(429, "errors.tooManyAttempts", undefined, {
      "Retry-After": String(state.retryAfterSeconds),
    });
  }
}

/**
 * A new monthly gift to an open campaign (`poolId`) or to the site (null), under a fresh M code
 * (a clash with the unique index draws another).
 */
export async function createMonthlyGift(
  poolId: number | null,
  input: unknown,
  request: Request,
  user?: { id: string } | null,
): Promise<MonthlyGiftView> {
  refuseBots(input);
  const value = parseOrThrow(monthlyGiftSchema(poolId === null ? "site" : "pool"), input);
  if (poolId !== null) await requireOpenPool(poolId);
  await limitCreation(request);
  const language = await requestLanguage(request);
  for (let attempt = 0; ; attempt++) {
    const code = newPaymentCode("monthly");
    try {
      const [[row]] = await db.batch([
        db
          .insert(monthlyGifts)
          .values({
            pool_id: poolId,
            user_id: user?.id ?? null,
            donor_name: value.donor_name,
            email: value.email ?? null,
            phone_number: value.phone_number ?? null,
            remind_by_email: value.remind_by_email,
            remind_by_sms: value.remind_by_sms,
            method: value.method,
            amount: value.amount,
            day_of_month: value.day_of_month,
            display_in_leaderboard: value.display_in_leaderboard,
            payment_code: code,
            language,
          })
          .returning({ id: monthlyGifts.id }),
        monthlyMessages("created", sql`g.payment_code = ${code}`),
      ]);
      wakeSender();
      const view = await monthlyGiftById(row!.id);
      return view!;
    } catch (error) {
      if (!isCodeTaken(error) || attempt >= 5) throw error;
    }
  }
}

/** What the donor's page and /api show of a gift, with where the money goes. */
export interface MonthlyGiftView {
  id: number;
  kind: MonthlyKind;
  pool: { id: number; name: string } | null;
  donor_name: string;
  email: string | null;
  phone_number: string | null;
  remind_by_email: boolean;
  remind_by_sms: boolean;
  method: MonthlyGiftRow["method"];
  amount: number;
  day_of_month: number;
  /** Whether each month's gift shows the donor's name (ledger, top donors). */
  display_in_leaderboard: boolean;
  payment_code: string;
  language: string;
  status: MonthlyGiftRow["status"];
  paused_until: string | null;
  stop_reason: string | null;
  stopped_at: string | null;
  created_at: string;
  account: { bank_name: string; bank_account: string; account_name: string };
  token: string;
  path: string;
}

function viewOf(
  row: MonthlyGiftRow,
  pool: {
    name: string;
    bank_name: string;
    bank_account: string;
    account_name: string | null;
  } | null,
): MonthlyGiftView {
  const token = monthlyToken(row.id, row.link_version);
  return {
    id: row.id,
    kind: row.pool_id === null ? "site" : "pool",
    pool: row.pool_id !== null && pool ? { id: row.pool_id, name: pool.name } : null,
    donor_name: row.donor_name,
    email: row.email,
    phone_number: row.phone_number,
    remind_by_email: row.remind_by_email,
    remind_by_sms: row.remind_by_sms,
    method: row.method,
    amount: row.amount,
    day_of_month: row.day_of_month,
    display_in_leaderboard: row.display_in_leaderboard,
    payment_code: row.payment_code,
    language: row.language,
    status: row.status,
    paused_until: row.paused_until,
    stop_reason: row.stop_reason,
    stopped_at: row.stopped_at,
    created_at: row.created_at,
    account: pool
      ? {
          bank_name: pool.bank_name,
          bank_account: pool.bank_account,
          account_name: pool.account_name ?? "",
        }
      : { ...payee, account_name: payee.account_name ?? "" },
    token,
    path: monthlyPath(token),
  };
}

const POOL_COLUMNS = {
  name: donationPools.name,
  bank_name: donationPools.bank_name,
  bank_account: donationPools.bank_account,
  account_name: donationPools.account_name,
};

/** A gift by its id, for its owner's link and its messages. */
export async function monthlyGiftById(id: number): Promise<MonthlyGiftView | null> {
  const [found] = await db
    .select({ gift: monthlyGifts, pool: POOL_COLUMNS })
    .from(monthlyGifts)
    .leftJoin(donationPools, eq(donationPools.id, monthlyGifts.pool_id))
    .where(eq(monthlyGifts.id, id));
  if (!found) return null;
  return viewOf(found.gift, found.pool?.name != null ? found.pool : null);
}

/**
 * The gift a link opens: null when the signature is forged, the gift is gone, or the link is of
 * an older version (a newer link was made since).
 */
export async function monthlyGiftByToken(token: string): Promise<MonthlyGiftView | null> {
  const named = readMonthlyToken(token);
  if (!named) return null;
  const gift = await monthlyGiftById(named.id);
  // The gift's own token carries its current version: an older link's differs.
  return gift?.token === token ? gift : null;
}

/** A signed-in donor's monthly gifts, newest first, for /profile. */
export async function monthlyGiftsOfUser(userId: string): Promise<MonthlyGiftView[]> {
  const rows = await db
    .select({ gift: monthlyGifts, pool: POOL_COLUMNS })
    .from(monthlyGifts)
    .leftJoin(donationPools, eq(donationPools.id, monthlyGifts.pool_id))
    .where(eq(monthlyGifts.user_id, userId))
    .orderBy(desc(monthlyGifts.created_at), desc(monthlyGifts.id));
  return rows.map((r) => viewOf(r.gift, r.pool?.name != null ? r.pool : null));
}

const GONE = "donate:monthly.errors.notFound";

/**
 * A change by the donor through their link, effective at once and confirmed by message: the
 * amount, the day or whether the months show their name (from the next month's gift), a pause
 * of 1–3 months (the gift gives again from the month after the last paused one), a resume, a
 * stop. A stopped gift changes no more (409). Each is one conditional update, so two clicks at
 * once change it, and tell the donor, once.
 */
export async function changeMonthlyGift(
  token: string,
  input: unknown,
  now = new Date(),
): Promise<{ gift: MonthlyGiftView; event: MonthlyEvent }> {
  const gift = await monthlyGiftByToken(token);
  if (!gift) throw new HttpError(404, GONE);
  const change = parseOrThrow(monthlyChangeSchema(gift.kind), input);
  if (gift.status === "stopped") throw new HttpError(409, "donate:monthly.errors.stopped");
  const stamp = now.toISOString();
  const open = and(eq(monthlyGifts.id, gift.id), ne(monthlyGifts.status, "stopped"));
  let event: MonthlyEvent;
  let set: Partial<typeof monthlyGifts.$inferInsert>;
  let where = open;
  switch (change.intent) {
    case "change":
      event = "changed";
      set = {
        ...(change.amount !== undefined ? { amount: change.amount } : {}),
        ...(change.day_of_month !== undefined ? { day_of_month: change.day_of_month } : {}),
        ...(change.display_in_leaderboard !== undefined
          ? { display_in_leaderboard: change.display_in_leaderboard }
          : {}),
      };
      break;
    case "pause":
      event = "paused";
      set = {
        status: "paused",
        paused_until: addMonths(nextDueMonth(gift.day_of_month, now), change.months),
      };
      break;
    case "resume":
      if (gift.status !== "paused") throw new HttpError(409, "donate:monthly.errors.notPaused");
      event = "resumed";
      // A gift paused after three missed months starts its count again.
      set = { status: "active", paused_until: null, missed_in_row: 0 };
      where = and(eq(monthlyGifts.id, gift.id), eq(monthlyGifts.status, "paused"));
      break;
    case "stop":
      event = "stopped";
      set = { status: "stopped", stop_reason: "donor", stopped_at: stamp };
      break;
  }
  await db.batch([
    db
      .update(monthlyGifts)
      .set({ ...set, updated_at: stamp })
      .where(where),
    monthlyMessages(event, sql`g.id = ${gift.id}`),
    ...pausedMonths(gift.id, event, gift.day_of_month, now),
  ]);
  wakeSender();
  const after = await monthlyGiftById(gift.id);
  return { gift: after!, event };
}

/**
 * The months a pause covers are written down when it starts, so the monthly run marks them
 * paused, not missed, even when it closes them after the pause is over; resuming early gives the
 * coming months back. Last in the batch: the messages before read the update's `changes()`.
 */
function pausedMonths(giftId: number, event: MonthlyEvent, day: number, now: Date) {
  const from = nextDueMonth(day, now);
  if (event === "resumed") {
    return [
      db.run(sql`DELETE FROM monthly_gift_months
        WHERE gift_id = ${giftId} AND state = 'paused' AND month >= ${from}`),
    ];
  }
  if (event !== "paused") return [];
  return [
    db.run(sql`INSERT INTO monthly_gift_months (gift_id, month, state)
      SELECT ${giftId}, value, 'paused' FROM json_each(${JSON.stringify(
        Array.from({ length: 3 }, (_, i) => addMonths(from, i)),
      )})
       WHERE value < (SELECT paused_until FROM monthly_gifts WHERE id = ${giftId})
      ON CONFLICT (gift_id, month) DO UPDATE SET state = 'paused' WHERE state IS NULL`),
  ];
}
