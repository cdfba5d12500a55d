import { eq, sql } from "drizzle-orm";
import { db } from "#db/client";
import { donationPools, donations, poolDonations } from "#db/schema";
import { HttpError } from "~/http/http.server";
import { canonicalCode } from "~/lib/payment-code.server";
import { auditEntry } from "~/models/audit.server";
import {
  type DonationKind,
  decideDonation,
  donationKey,
  parseDonationKey,
} from "~/models/donation-decide.server";
import { listPendingForReview } from "~/models/donation-lists.server";
import type { User } from "~/models/users.server";

/**
 * Verifying many donations at once: by the references pasted from a bank statement, or the ones
 * ticked in the review queue. Each through the same exactly-once decision as the single button.
 */

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
  await auditEntry(admin, "donation.batch_verify", "donation", null, {
    mode: summary.mode,
    verified: summary.verified.map(donationKey),
    already_decided: summary.alreadyDecided.length,
    ambiguous: summary.ambiguous.map((a) => a.reference),
    unmatched: summary.unmatched.length,
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
