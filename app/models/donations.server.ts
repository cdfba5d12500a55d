import { randomBytes } from "node:crypto";
import { and, desc, eq, sql } from "drizzle-orm";
import { db } from "#db/client";
import { auditLog, donationPools, donations, poolDonations } from "#db/schema";
import { acceptedCode, type CodeTarget, releaseCode } from "~/models/payment-code-holds.server";
import {
  claimLine,
  type LineClaim,
  lineDetails,
  lineIsOpen,
} from "~/models/statement-lines.server";
import type { User } from "~/models/users.server";
import { GeneralDonationSchema, HONEYPOT_FIELD, PledgeSchema } from "~/schemas/donation";
import { clientIp, HttpError, parseOrThrow } from "~/utils/http.server";
import { canonicalCode, newPaymentCode } from "~/utils/payment-code.server";
import { poolEnded } from "~/utils/pool-end";
import { hitLimit, type Limit } from "~/utils/rate-limit.server";

/**
 * Pledges to pools and donations to the site: anonymous visitors submit them (pending), an
 * administrator verifies or rejects them. Verifying a pool pledge adds its amount to the pool's
 * total exactly once, in the same transaction as the status change (DESIGN §4).
 */

export type Decision = "verified" | "rejected";
const newToken = () => randomBytes(18).toString("base64url");
const MINUTE = 60_000;

/** Bots fill every field; people never see this one. */
function refuseBots(input: unknown) {
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

const isCodeTaken = (error: unknown) =>
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

/** A pledge to an active pool, by anyone (no account needed). */
export async function createPledge(
  poolId: number,
  input: unknown,
  request: Request,
): Promise<PledgeReceipt> {
  refuseBots(input);
  const value = parseOrThrow(PledgeSchema, input);
  const pool = await db.query.donationPools.findFirst({
    where: eq(donationPools.id, poolId),
    columns: { id: true, status: true, ends_on: true },
  });
  if (!pool) throw new HttpError(404, "donate:errors.poolNotFound");
  if (pool.status !== "active") throw new HttpError(409, "donate:errors.poolClosed");
  if (poolEnded(pool.ends_on)) throw new HttpError(409, "donate:errors.poolEnded");
  await limitDonations(request, value.phone_number);
  const token = newToken();
  const { row, code } = await insertWithCode(
    request,
    { kind: "pool", poolId },
    proposedCode(input),
    async (code) => {
      const [inserted] = await db
        .insert(poolDonations)
        .values({
          pool_id: poolId,
          donor_name: value.donor_name,
          phone_number: value.phone_number,
          amount: value.amount,
          transaction_reference: value.transaction_reference,
          payment_code: code,
          message: value.message ?? null,
          display_in_leaderboard: value.display_in_leaderboard,
          status_token: token,
        })
        .returning({ id: poolDonations.id });
      return inserted!;
    },
  );
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
  const token = newToken();
  const { row, code } = await insertWithCode(
    request,
    { kind: "general" },
    proposedCode(input),
    async (code) => {
      const [inserted] = await db
        .insert(donations)
        .values({
          donor_name: value.donor_name,
          phone_number: value.phone_number,
          amount: value.amount,
          bank_name: value.bank_name,
          bank_account: value.bank_account ?? null,
          transaction_reference: value.transaction_reference,
          payment_code: code,
          message: value.message ?? null,
          display_in_leaderboard: value.display_in_leaderboard,
          status_token: token,
        })
        .returning({ id: donations.id });
      return inserted!;
    },
  );
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

/**
 * Verifies or rejects a pending pool pledge. One batch (one transaction): the status changes
 * only if it is still pending, the pool total grows only if that change happened (`changes()`
 * is the row count of the statement just before it), and the audit row is written only then.
 * Two administrators, two tabs or two servers verifying at once credit the pool once; the
 * others get 409.
 */
export async function decidePoolDonation(
  poolId: number,
  donationId: number,
  decision: Decision,
  admin: Pick<User, "id" | "username">,
  line?: LineClaim,
) {
  if (line && decision !== "verified") throw new HttpError(400, "errors.validation");
  const donation = await db.query.poolDonations.findFirst({
    where: and(eq(poolDonations.id, donationId), eq(poolDonations.pool_id, poolId)),
    columns: { id: true, amount: true, status: true },
  });
  if (!donation) throw new HttpError(404, "donate:errors.donationNotFound");
  const now = new Date().toISOString();
  // From a bank statement, the pool gets the money that arrived; the pledge records it.
  const amount = line ? line.amount : donation.amount;
  const [changed] = await db.batch([
    db
      .update(poolDonations)
      .set({ status: decision, decided_at: now, decided_by: admin.id, amount })
      .where(
        and(
          eq(poolDonations.id, donationId),
          eq(poolDonations.status, "pending"),
          line ? lineIsOpen(line) : undefined,
        ),
      ),
    db
      .update(donationPools)
      .set({
        current_amount: sql`${donationPools.current_amount} + ${decision === "verified" ? amount : 0}`,
      })
      .where(and(eq(donationPools.id, poolId), sql`changes() = 1`)),
    ...(line ? [claimLine(line, { kind: "pool", id: donationId }, admin)] : []),
    db.run(sql`
      INSERT INTO audit_log (actor_id, actor_username, action, entity_type, entity_id, details)
      SELECT ${admin.id}, ${admin.username}, ${`donation.${decision === "verified" ? "verify" : "reject"}`},
             'pool_donation', ${String(donationId)},
             ${JSON.stringify({
               pool_id: poolId,
               amount,
               ...(amount !== donation.amount ? { pledged: donation.amount } : {}),
               ...(line ? lineDetails(line) : {}),
             })}
      WHERE changes() = 1`),
  ]);
  if (changed.rowsAffected !== 1) throw new HttpError(409, "donate:errors.alreadyDecided");
  return { id: donationId, pool_id: poolId, status: decision, amount };
}

/** Verifies or rejects a pending general donation (no pool total to change). */
export async function decideGeneralDonation(
  donationId: number,
  decision: Decision,
  admin: Pick<User, "id" | "username">,
  line?: LineClaim,
) {
  if (line && decision !== "verified") throw new HttpError(400, "errors.validation");
  const now = new Date().toISOString();
  const [changed] = await db.batch([
    db
      .update(donations)
      .set({
        status: decision,
        decided_at: now,
        decided_by: admin.id,
        ...(line ? { amount: line.amount } : {}),
      })
      .where(
        and(
          eq(donations.id, donationId),
          eq(donations.status, "pending"),
          line ? lineIsOpen(line) : undefined,
        ),
      ),
    ...(line ? [claimLine(line, { kind: "general", id: donationId }, admin)] : []),
    db.run(sql`
      INSERT INTO audit_log (actor_id, actor_username, action, entity_type, entity_id, details)
      SELECT ${admin.id}, ${admin.username}, ${`donation.${decision === "verified" ? "verify" : "reject"}`}, 'donation', ${String(donationId)},
             ${line ? JSON.stringify(lineDetails(line)) : null}
      WHERE changes() = 1`),
  ]);
  if (changed.rowsAffected !== 1) {
    const exists = await db.query.donations.findFirst({
      where: eq(donations.id, donationId),
      columns: { id: true },
    });
    throw new HttpError(
      exists ? 409 : 404,
      exists ? "donate:errors.alreadyDecided" : "donate:errors.donationNotFound",
    );
  }
  return { id: donationId, status: decision };
}

/** What the donor's status page shows; looked up by the unguessable token only. */
export async function getDonationByToken(token: string) {
  if (!/^[A-Za-z0-9_-]{20,40}$/.test(token)) return null;
  const [pledge] = await db
    .select({
      kind: sql<"pool">`'pool'`,
      id: poolDonations.id,
      pool_id: poolDonations.pool_id,
      pool_name: donationPools.name,
      donor_name: poolDonations.donor_name,
      amount: poolDonations.amount,
      transaction_reference: poolDonations.transaction_reference,
      payment_code: poolDonations.payment_code,
      status: poolDonations.status,
      donation_date: poolDonations.donation_date,
      decided_at: poolDonations.decided_at,
    })
    .from(poolDonations)
    .innerJoin(donationPools, eq(donationPools.id, poolDonations.pool_id))
    .where(eq(poolDonations.status_token, token));
  if (pledge) return pledge;
  const [general] = await db
    .select({
      kind: sql<"general">`'general'`,
      id: donations.id,
      pool_id: sql<null>`null`,
      pool_name: sql<null>`null`,
      donor_name: donations.donor_name,
      amount: donations.amount,
      transaction_reference: donations.transaction_reference,
      payment_code: donations.payment_code,
      status: donations.status,
      donation_date: donations.donation_date,
      decided_at: donations.decided_at,
    })
    .from(donations)
    .where(eq(donations.status_token, token));
  return general ?? null;
}

/** Pending pool pledges for administrators (spec 02 §3 "Pending donation"), oldest first. */
export async function listPendingPledges() {
  return db
    .select({
      id: poolDonations.id,
      pool_id: poolDonations.pool_id,
      pool_name: donationPools.name,
      donor_name: poolDonations.donor_name,
      phone_number: poolDonations.phone_number,
      amount: poolDonations.amount,
      transaction_reference: poolDonations.transaction_reference,
      donation_date: poolDonations.donation_date,
      message: poolDonations.message,
    })
    .from(poolDonations)
    .innerJoin(donationPools, eq(donationPools.id, poolDonations.pool_id))
    .where(eq(poolDonations.status, "pending"))
    .orderBy(poolDonations.donation_date, poolDonations.id);
}

/**
 * Top donors who chose to be shown: verified pool pledges and site donations, not hidden, summed
 * per phone number (one person, however many gifts), under the name of their latest gift.
 */
export async function topDonors(limit = 10) {
  const rows = await db.all<{ donor_name: string; total: number; gifts: number }>(sql`
    SELECT substr(max(donation_date || '|' || donor_name), instr(max(donation_date || '|' || donor_name), '|') + 1) AS donor_name,
           sum(amount) AS total, count(*) AS gifts
    FROM (
      SELECT phone_number, donor_name, amount, donation_date FROM pool_donations
       WHERE status = 'verified' AND display_in_leaderboard = 1 AND is_hidden = 0
      UNION ALL
      SELECT phone_number, donor_name, amount, donation_date FROM donations
       WHERE status = 'verified' AND display_in_leaderboard = 1 AND is_hidden = 0
    )
    GROUP BY phone_number
    ORDER BY total DESC, donor_name
    LIMIT ${limit}`);
  return rows.map((r, i) => ({
    rank: i + 1,
    donor_name: r.donor_name,
    total: Number(r.total),
    gifts: Number(r.gifts),
  }));
}

/** The newest general donations, for the admin screens. */
export function listGeneralDonations(status: "pending" | "verified" | "rejected") {
  return db
    .select()
    .from(donations)
    .where(eq(donations.status, status))
    .orderBy(desc(donations.donation_date))
    .limit(200);
}

// ---------------------------------------------------------------------------------------------
// The admin review queue: pool pledges and site donations together (issue 6 item 5)

export type DonationKind = "pool" | "general";

export interface PendingDonation {
  kind: DonationKind;
  id: number;
  pool_id: number | null;
  pool_name: string | null;
  donor_name: string;
  phone_number: string;
  amount: number;
  transaction_reference: string | null;
  payment_code: string | null;
  bank_name: string | null;
  donation_date: string;
  message: string | null;
}

/** The review queue's key for a donation ("pool:12", "general:5"): ids of the two tables overlap. */
export const donationKey = (d: { kind: DonationKind; id: number }) => `${d.kind}:${d.id}`;

export function parseDonationKey(value: unknown): { kind: DonationKind; id: number } | null {
  const match = /^(pool|general):(\d{1,15})$/.exec(String(value ?? ""));
  return match ? { kind: match[1] as DonationKind, id: Number(match[2]) } : null;
}

export const PENDING_REVIEW_LIMIT = 200;

/**
 * Every donation waiting for an administrator, pool pledges and site donations alike, oldest
 * first: the one that has waited longest is checked against the bank statement first (a queue).
 * At most `limit` rows, with the full count.
 */
export async function listPendingForReview(limit = PENDING_REVIEW_LIMIT) {
  const [items, [counted]] = await Promise.all([
    db.all<PendingDonation>(sql`
      SELECT 'pool' AS kind, d.id, d.pool_id, p.name AS pool_name, d.donor_name, d.phone_number,
             d.amount, d.transaction_reference, d.payment_code, NULL AS bank_name, d.donation_date,
             d.message
        FROM pool_donations d JOIN donation_pools p ON p.id = d.pool_id
       WHERE d.status = 'pending'
      UNION ALL
      SELECT 'general', id, NULL, NULL, donor_name, phone_number, amount, transaction_reference,
             payment_code, bank_name, donation_date, message
        FROM donations WHERE status = 'pending'
      ORDER BY donation_date, kind DESC, id
      LIMIT ${limit}`),
    db.all<{ total: number }>(sql`
      SELECT (SELECT count(*) FROM pool_donations WHERE status = 'pending')
           + (SELECT count(*) FROM donations WHERE status = 'pending') AS total`),
  ]);
  return {
    items: items.map((d) => ({ ...d, amount: Number(d.amount), id: Number(d.id) })),
    total: Number(counted?.total ?? 0),
  };
}

/** Verifies or rejects one donation of either kind, through the exactly-once calls above. */
export async function decideDonation(
  key: { kind: DonationKind; id: number },
  decision: Decision,
  admin: Pick<User, "id" | "username">,
  line?: LineClaim,
) {
  if (key.kind === "general") return decideGeneralDonation(key.id, decision, admin, line);
  const pledge = await db.query.poolDonations.findFirst({
    where: eq(poolDonations.id, key.id),
    columns: { pool_id: true },
  });
  if (!pledge) throw new HttpError(404, "donate:errors.donationNotFound");
  return decidePoolDonation(pledge.pool_id, key.id, decision, admin, line);
}

/** At most this many references or ticked donations in one batch. */
export const BATCH_LIMIT = 200;

/** "ABC-1\nabc-1, XYZ 2; q" → ["ABC-1", "XYZ 2", "q"]: one per line, or comma/semicolon separated. */
export function parseReferenceList(text: string): string[] {
  const seen = new Set<string>();
  const out: string[] = [];
  for (const raw of text.split(/[\r\n,;]+/)) {
    const ref = raw.trim();
    if (!ref || seen.has(normalizeReference(ref))) continue;
    seen.add(normalizeReference(ref));
    out.push(ref);
  }
  return out;
}

/** A LIKE pattern that finds `ref` (and more): wildcards escaped, non-ASCII letters as `_`. */
function likePattern(ref: string) {
  return [...ref.trim()]
    .map((c) => (c === "%" || c === "_" || c === "\\" ? `\\${c}` : c.charCodeAt(0) > 127 ? "_" : c))
    .join("");
}

/** How references are compared: trimmed, case-insensitive (Cyrillic too). */
export const normalizeReference = (ref: string) => ref.trim().toLowerCase();

export interface BatchItem {
  reference?: string;
  kind: DonationKind;
  id: number;
  donor_name: string;
  amount: number;
  pool_name: string | null;
}

export interface BatchSummary {
  mode: "references" | "selection";
  verified: BatchItem[];
  /** Matched only donations that were already verified or rejected (or were decided meanwhile). */
  alreadyDecided: { reference?: string; key?: string; status: string }[];
  /** Matched several pending donations, or one pending and one already verified: left alone. */
  ambiguous: { reference: string; pending: number; verified: number }[];
  unmatched: string[];
  /** More references or ticks than one batch takes; the rest were not looked at. */
  skipped: number;
}

async function verifyEach(
  targets: { item: BatchItem; reference?: string }[],
  admin: Pick<User, "id" | "username">,
  summary: BatchSummary,
) {
  for (const { item, reference } of targets) {
    try {
      await decideDonation(item, "verified", admin);
      summary.verified.push(item);
    } catch (error) {
      if (!(error instanceof HttpError) || (error.status !== 409 && error.status !== 404))
        throw error;
      // Another administrator (or tab) decided it between our read and our write.
      summary.alreadyDecided.push({
        reference,
        key: donationKey(item),
        status: error.status === 404 ? "missing" : "decided",
      });
    }
  }
}

async function auditBatch(admin: Pick<User, "id" | "username">, summary: BatchSummary) {
  await db.insert(auditLog).values({
    actor_id: admin.id,
    actor_username: admin.username,
    action: "donation.batch_verify",
    entity_type: "donation",
    entity_id: null,
    details: JSON.stringify({
      mode: summary.mode,
      verified: summary.verified.map(donationKey),
      already_decided: summary.alreadyDecided.length,
      ambiguous: summary.ambiguous.map((a) => a.reference),
      unmatched: summary.unmatched.length,
    }),
  });
}

const emptySummary = (mode: BatchSummary["mode"]): BatchSummary => ({
  mode,
  verified: [],
  alreadyDecided: [],
  ambiguous: [],
  unmatched: [],
  skipped: 0,
});

/**
 * Batch verification by pasted bank references: each reference that matches exactly one pending
 * donation (trimmed, case-insensitive) verifies it through the same exactly-once call as the
 * single button (each audited), unless that reference was already credited once (a second
 * pledge quoting the same transfer would count it twice). A reference matching several pending
 * donations is reported, never guessed. One extra audit entry records the batch.
 */
export async function verifyByReferences(
  text: string,
  admin: Pick<User, "id" | "username">,
): Promise<BatchSummary> {
  const summary = emptySummary("references");
  const all = parseReferenceList(text);
  const refs = all.slice(0, BATCH_LIMIT);
  summary.skipped = all.length - refs.length;
  if (refs.length === 0) throw new HttpError(400, "admin:donations.batch.noReferences");

  const wanted = new Set(refs.map(normalizeReference));

  // The pending queue is read whole (it is short), so matching is exact Unicode case folding.
  // A payment code ("X240117", typed in any case or on a Cyrillic keyboard) names one donation.
  const codeOf = (ref: string) => canonicalCode(ref, "pool") ?? canonicalCode(ref, "general");
  const codes = refs.map(codeOf).filter((c): c is string => c !== null);
  const pending = (await listPendingForReview(Number.MAX_SAFE_INTEGER)).items.filter(
    (d) =>
      (d.transaction_reference && wanted.has(normalizeReference(d.transaction_reference))) ||
      (d.payment_code && codes.includes(d.payment_code)),
  );
  const decidedByCode = codes.length
    ? await db.all<{ code: string; status: string }>(sql`
        SELECT payment_code AS code, status FROM pool_donations
         WHERE status <> 'pending' AND payment_code IN (${sql.join(codes, sql`, `)})
        UNION ALL
        SELECT payment_code, status FROM donations
         WHERE status <> 'pending' AND payment_code IN (${sql.join(codes, sql`, `)})`)
    : [];
  // Decided donations: SQLite's LIKE ignores case for ASCII letters only, so every other
  // character becomes the one-character wildcard; the exact (Unicode) comparison is made below.
  const patterns = refs.map(likePattern);
  const matchAny = (column: string) =>
    sql.join(
      patterns.map((p) => sql`trim(${sql.raw(column)}) LIKE ${p} ESCAPE '\\'`),
      sql` OR `,
    );
  const decided = await db.all<{ ref: string; status: string }>(sql`
    SELECT transaction_reference AS ref, status FROM pool_donations
     WHERE status <> 'pending' AND (${matchAny("transaction_reference")})
    UNION ALL
    SELECT transaction_reference, status FROM donations
     WHERE status <> 'pending' AND (${matchAny("transaction_reference")})`);

  const targets: { item: BatchItem; reference: string }[] = [];
  for (const reference of refs) {
    const key = normalizeReference(reference);
    const code = codeOf(reference);
    const matches = code
      ? pending.filter((d) => d.payment_code === code)
      : pending.filter((d) => normalizeReference(d.transaction_reference ?? "") === key);
    const history = code
      ? decidedByCode.filter((d) => d.code === code).map((d) => ({ ref: d.code, status: d.status }))
      : decided.filter((d) => normalizeReference(d.ref) === key);
    const verifiedBefore = history.filter((d) => d.status === "verified").length;
    if (matches.length === 0) {
      if (history.length) {
        summary.alreadyDecided.push({
          reference,
          status: verifiedBefore ? "verified" : "rejected",
        });
      } else summary.unmatched.push(reference);
    } else if (matches.length > 1 || verifiedBefore > 0) {
      summary.ambiguous.push({ reference, pending: matches.length, verified: verifiedBefore });
    } else {
      const d = matches[0]!;
      targets.push({
        reference,
        item: {
          reference,
          kind: d.kind,
          id: d.id,
          donor_name: d.donor_name,
          amount: d.amount,
          pool_name: d.pool_name,
        },
      });
    }
  }
  await verifyEach(targets, admin, summary);
  await auditBatch(admin, summary);
  return summary;
}

/** Batch verification of the ticked donations ("pool:12", "general:5"), each exactly once. */
export async function verifySelected(
  keys: unknown[],
  admin: Pick<User, "id" | "username">,
): Promise<BatchSummary> {
  const summary = emptySummary("selection");
  const parsed = [
    ...new Map(
      keys
        .map(parseDonationKey)
        .filter((key): key is NonNullable<typeof key> => key !== null)
        .map((key) => [donationKey(key), key]),
    ).values(),
  ];
  if (parsed.length === 0) throw new HttpError(400, "admin:donations.batch.noneSelected");
  const chosen = parsed.slice(0, BATCH_LIMIT);
  summary.skipped = parsed.length - chosen.length;
  const pools = new Map(
    (await db.select({ id: donationPools.id, name: donationPools.name }).from(donationPools)).map(
      (p) => [p.id, p.name],
    ),
  );
  const targets: { item: BatchItem }[] = [];
  for (const key of chosen) {
    const row =
      key.kind === "pool"
        ? await db.query.poolDonations.findFirst({ where: eq(poolDonations.id, key.id) })
        : await db.query.donations.findFirst({ where: eq(donations.id, key.id) });
    if (!row) {
      summary.alreadyDecided.push({ key: donationKey(key), status: "missing" });
    } else if (row.status !== "pending") {
      summary.alreadyDecided.push({
        key: donationKey(key),
        reference: row.transaction_reference ?? undefined,
        status: row.status,
      });
    } else {
      targets.push({
        item: {
          ...key,
          reference: row.transaction_reference ?? undefined,
          donor_name: row.donor_name,
          amount: row.amount,
          pool_name: "pool_id" in row ? (pools.get(row.pool_id) ?? null) : null,
        },
      });
    }
  }
  await verifyEach(targets, admin, summary);
  await auditBatch(admin, summary);
  return summary;
}
