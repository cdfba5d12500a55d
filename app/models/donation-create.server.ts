import { randomBytes } from "node:crypto";
import { eq } from "drizzle-orm";
import { db } from "#db/client";
import { donationPools, donations, poolDonations } from "#db/schema";
import { clientIp, HttpError, parseOrThrow } from "~/http/http.server";
import { hitLimit, type Limit } from "~/http/rate-limit.server";
import { requestLanguage } from "~/i18next.server";
import { newPaymentCode } from "~/lib/payment-code.server";
import { poolEnded } from "~/lib/pool-end";
import { wakeSender } from "~/messages/sender.server";
import { donorMessages } from "~/models/outbox.server";
import { acceptedCode, type CodeTarget, releaseCode } from "~/models/payment-code-holds.server";
import { GeneralDonationSchema, HONEYPOT_FIELD, PledgeSchema } from "~/schemas/donation";

/**
 * Pledges to campaigns and donations to the site, by anyone (no account needed): checked, limited
 * per phone and address, stored pending under the payment code the donor was shown.
 */

const newToken = () => randomBytes(18).toString("base64url");
const MINUTE = 60_000;

/** Bots fill every field; people never see this one. */
export function refuseBots(input: unknown) {
  const trap = (input as Record<string, unknown> | null)?.[HONEYPOT_FIELD];
  if (typeof trap === "string" && trap.trim() !== "")
    throw new HttpError(400, "donate:errors.rejected");
}

async function limitDonations(request: Request, phone: string) {
  const ip = clientIp(request);
  const limits: Limit[] = [
    { key: `donation:phone:${phone}`, max: 10, windowMs: 10 * MINUTE },
    ip
      ? { key: `donation:ip:${ip}`, max: 20, windowMs: 10 * MINUTE }
      : { key: "donation:all", max: 600, windowMs: 10 * MINUTE },
  ];
  for (const limit of limits) {
    const state = await hitLimit(limit);
    if (!state.allowed) {
      throw new HttpError(429, "errors.tooManyAttempts", undefined, {
        "Retry-After": String(state.retryAfterSeconds),
      });
    }
  }
}

export interface PledgeReceipt {
  id: number;
  pool_id: number | null;
  amount: number;
  transaction_reference: string;
  payment_code: string;
  status: "pending";
  status_token: string;
}

export const isCodeTaken = (error: unknown) =>
  /UNIQUE constraint failed: \w+\.payment_code/.test(String((error as Error)?.message ?? error)) ||
  /UNIQUE constraint failed: \w+\.payment_code/.test(String((error as { cause?: Error })?.cause));

/**
 * Inserts a pledge or donation under a payment code: the one its form showed the donor (held for
 * them, payment-code-holds.server.ts, so a transfer made before submitting carries it), else a
 * fresh one; the hold ends with the insert.
 */
async function insertWithCode<T>(
  request: Request,
  target: CodeTarget,
  proposed: unknown,
  insert: (code: string) => Promise<T>,
): Promise<{ row: T; code: string }> {
  let code = (await acceptedCode(request, target, proposed)) ?? newPaymentCode(target.kind);
  for (let attempt = 0; ; attempt++) {
    try {
      const row = await insert(code);
      await releaseCode(code);
      return { row, code };
    } catch (error) {
      if (!isCodeTaken(error) || attempt >= 5) throw error;
      code = newPaymentCode(target.kind);
    }
  }
}

const proposedCode = (input: unknown) => (input as Record<string, unknown> | null)?.payment_code;

/**
 * A campaign that takes gifts: it exists (404), is active (not completed or archived) and its
 * last day is not behind us (409). Pledges and monthly gifts share it.
 */
export async function requireOpenPool(poolId: number) {
  const pool = await db.query.donationPools.findFirst({
    where: eq(donationPools.id, poolId),
    columns: { id: true, status: true, ends_on: true },
  });
  if (!pool) throw new HttpError(404, "donate:errors.poolNotFound");
  if (pool.status !== "active") throw new HttpError(409, "donate:errors.poolClosed");
  if (poolEnded(pool.ends_on)) throw new HttpError(409, "donate:errors.poolEnded");
  return pool;
}

/** A pledge to an active pool, by anyone (no account needed). */
export async function createPledge(
  poolId: number,
  input: unknown,
  request: Request,
): Promise<PledgeReceipt> {
  refuseBots(input);
  const value = parseOrThrow(PledgeSchema, input);
  await requireOpenPool(poolId);
  await limitDonations(request, value.phone_number);
  const language = await requestLanguage(request);
  const token = newToken();
  const { row, code } = await insertWithCode(
    request,
    { kind: "pool", poolId },
    proposedCode(input),
    async (code) => {
      const [[inserted]] = await db.batch([
        db
          .insert(poolDonations)
          .values({
            pool_id: poolId,
            donor_name: value.donor_name,
            phone_number: value.phone_number,
            email: value.email ?? null,
            language,
            amount: value.amount,
            transaction_reference: value.transaction_reference,
            payment_code: code,
            message: value.message ?? null,
            display_in_leaderboard: value.display_in_leaderboard,
            status_token: token,
          })
          .returning({ id: poolDonations.id }),
        // The donor is told in the same transaction: the pledge and its messages, or neither.
        donorMessages("pool_donations", "received", { token }),
      ]);
      return inserted!;
    },
  );
  wakeSender();
  return {
    id: row.id,
    pool_id: poolId,
    amount: value.amount,
    transaction_reference: value.transaction_reference,
    payment_code: code,
    status: "pending",
    status_token: token,
  };
}

/** A donation to the site itself (spec 02 §5: 1,000 ₮ minimum, bank and reference required). */
export async function createGeneralDonation(
  input: unknown,
  request: Request,
): Promise<PledgeReceipt> {
  refuseBots(input);
  const value = parseOrThrow(GeneralDonationSchema, input);
  await limitDonations(request, value.phone_number);
  const language = await requestLanguage(request);
  const token = newToken();
  const { row, code } = await insertWithCode(
    request,
    { kind: "general" },
    proposedCode(input),
    async (code) => {
      const [[inserted]] = await db.batch([
        db
          .insert(donations)
          .values({
            donor_name: value.donor_name,
            phone_number: value.phone_number,
            email: value.email ?? null,
            language,
            amount: value.amount,
            bank_name: value.bank_name,
            bank_account: value.bank_account ?? null,
            transaction_reference: value.transaction_reference,
            payment_code: code,
            message: value.message ?? null,
            display_in_leaderboard: value.display_in_leaderboard,
            status_token: token,
          })
          .returning({ id: donations.id }),
        donorMessages("donations", "received", { token }),
      ]);
      return inserted!;
    },
  );
  wakeSender();
  return {
    id: row.id,
    pool_id: null,
    amount: value.amount,
    transaction_reference: value.transaction_reference,
    payment_code: code,
    status: "pending",
    status_token: token,
  };
}
