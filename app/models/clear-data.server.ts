import { writeFileSync } from "node:fs";
import { eq, sql } from "drizzle-orm";
import { db } from "#db/client";
import {
  comments,
  donationPools,
  donations,
  media,
  outbox,
  poolDonations,
  qpayInvoices,
  receipts,
  reports,
  statementImports,
  statementLines,
  stories,
  storyDrafts,
  storyEdits,
  storyHearts,
} from "#db/schema";
import { HttpError } from "~/http/http.server";
import { errorFields, logger } from "~/lib/logger.server";
import { type Actor, auditStatement } from "~/models/audit.server";
import { snapshotDatabase } from "~/models/backup.server";
import { forgetGivingTotals } from "~/models/giving-totals.server";
import { forgetAnchors } from "~/models/list-anchors.server";
import { thumbnailOf, usedOutsideStories } from "~/models/media-uses.server";
import { qpayClient } from "~/models/qpay-invoices.server";
import { z } from "~/schemas/zod";

/**
 * "Clear all data" (spec 02 §2 settings tab, DESIGN §4; docs/decisions/011): removes the test
 * content — stories with their comments and hearts, waiting edits and authors' drafts, pool
 * donations, general donations with their receipts and QPay invoices, imported bank statements
 * and the media only stories, edits and drafts used — after a backup of the database, in one
 * transaction. Users, settings,
 * the FAQ, the audit log and the pools themselves stay; every pool's total is recomputed from
 * its verified donations, which leaves 0.
 */

/** The words an administrator types to confirm, one per interface language; either is accepted. */
export const CLEAR_CONFIRMATION_WORDS = { mn: "УСТГАХ", en: "DELETE" } as const;

export function isClearConfirmation(value: unknown): boolean {
  if (typeof value !== "string") return false;
  const typed = value.trim().toUpperCase();
  return Object.values(CLEAR_CONFIRMATION_WORDS).some((word) => word === typed);
}

const CONFIRMATION_REFUSED = "admin:clearData.errors.confirmation";

/** POST /api/clear-all-data: refused with the field error clearAllData gives. */
export const ClearConfirmationInput = z.object({
  confirmation: z
    .string({ required_error: CONFIRMATION_REFUSED, invalid_type_error: CONFIRMATION_REFUSED })
    .refine(isClearConfirmation, CONFIRMATION_REFUSED),
});

export interface ClearDataResult {
  backup: string | null;
  removed: {
    stories: number;
    comments: number;
    hearts: number;
    poolDonations: number;
    donations: number;
    media: number;
  };
  poolsReset: number;
}

/** The pictures of stories, of edits waiting for review and of authors' drafts. */
const storyPictures = sql`
  SELECT ${stories.story_image} FROM ${stories} WHERE ${stories.story_image} IS NOT NULL
  UNION SELECT ${storyEdits.story_image} FROM ${storyEdits} WHERE ${storyEdits.story_image} IS NOT NULL
  UNION SELECT ${storyDrafts.image_id} FROM ${storyDrafts} WHERE ${storyDrafts.image_id} IS NOT NULL`;

/**
 * Media used by stories (their edits and drafts) and by nothing that stays (pool photos and
 * video, avatars, thumbnails of those).
 */
const storyOnlyMedia = sql`
  ${media.id} IN (
    SELECT * FROM (${storyPictures})
    UNION
    SELECT m.thumbnail_id FROM ${media} m
      WHERE m.id IN (${storyPictures}) AND m.thumbnail_id IS NOT NULL
  )
  AND NOT ${usedOutsideStories(sql`${media.id}`)}
  AND NOT ${thumbnailOf(usedOutsideStories(sql`parent.id`))}`;

/**
 * Backs up, then removes the test data in one transaction with its audit row. The media rows go;
 * their bytes stay in MEDIA_DIR because the backup still points at them (restoring it restores
 * the pictures): their ids are listed next to the backup for whoever cleans the store later.
 */
export async function clearAllData(
  actor: Actor,
  confirmation: unknown,
  now = new Date(),
): Promise<ClearDataResult> {
  if (!isClearConfirmation(confirmation))
    throw new HttpError(400, CONFIRMATION_REFUSED, { confirmation: [CONFIRMATION_REFUSED] });
  const backup = await snapshotDatabase(now);
  const mediaIds = (await db.select({ id: media.id }).from(media).where(storyOnlyMedia)).map(
    (r) => r.id,
  );
  // Invoices a donor or an author could still pay: cancelled with QPay once their rows are gone.
  const open = await db
    .select({ invoice_id: qpayInvoices.invoice_id })
    .from(qpayInvoices)
    .where(eq(qpayInvoices.status, "open"));

  const count = (
    table:
      | typeof stories
      | typeof comments
      | typeof storyHearts
      | typeof poolDonations
      | typeof donations,
  ) => sql`(SELECT count(*) FROM ${table})`;
  const results = await db.batch([
    // The audit row first, in the same transaction: its counts are read from the very rows removed.
    auditStatement({
      actor,
      action: "data.clear_all",
      entityType: "data",
      entityId: null,
      details: sql`json_object(
        'backup', ${backup ?? "none (libSQL server: its own backups apply)"},
        'stories', ${count(stories)}, 'comments', ${count(comments)},
        'hearts', ${count(storyHearts)}, 'poolDonations', ${count(poolDonations)},
        'donations', ${count(donations)}, 'media', ${mediaIds.length},
        'statementLines', (SELECT count(*) FROM ${statementLines}))`,
    }),
    db.delete(media).where(storyOnlyMedia),
    db.delete(comments),
    db.delete(storyHearts),
    db.delete(stories),
    db.delete(poolDonations),
    db.delete(donations),
    // Totals are the sum of verified donations (DESIGN §4); with none left, that is 0.
    db.update(donationPools).set({
      current_amount: sql`(SELECT coalesce(sum(${poolDonations.amount}), 0) FROM ${poolDonations}
        WHERE ${poolDonations.pool_id} = ${donationPools.id} AND ${poolDonations.status} = 'verified')`,
    }),
    // Bank statements say what paid for the donations just removed: they go with them.
    db.delete(statementLines),
    db.delete(statementImports),
    // The notifications to those donors carry their addresses and numbers: they go too.
    db.delete(outbox),
    // Readers' reports are about the stories and comments just removed (issue 18).
    db.delete(reports),
    // Receipts certify the donations just removed: a number that still verified would lie.
    db.delete(receipts),
    // What authors were writing (its code and picture) and what pays for the gifts and stories
    // removed (issue 39, decision 059): every invoice is for one of them.
    db.delete(storyEdits),
    db.delete(storyDrafts),
    db.delete(qpayInvoices),
  ]);
  cancelWithQpay(open.map((r) => r.invoice_id));
  forgetGivingTotals();
  forgetAnchors();
  const affected = (i: number) => (results[i] as { rowsAffected?: number }).rowsAffected ?? 0;
  const result: ClearDataResult = {
    backup,
    removed: {
      media: affected(1),
      comments: affected(2),
      hearts: affected(3),
      stories: affected(4),
      poolDonations: affected(5),
      donations: affected(6),
    },
    poolsReset: affected(7),
  };
  if (backup && mediaIds.length > 0) {
    try {
      writeFileSync(`${backup}.media.txt`, `${mediaIds.join("\n")}\n`);
    } catch (error) {
      logger.warn("clear-data.media-list-failed", { error: String(error) });
    }
  }
  logger.info("clear-data.done", { actor: actor.username, ...result.removed, backup });
  return result;
}

/** Best effort: an invoice QPay still offers would take money for a gift no longer recorded. */
function cancelWithQpay(invoiceIds: (string | null)[]) {
  const qpay = qpayClient();
  if (!qpay) return;
  for (const id of invoiceIds) {
    if (!id) continue;
    void qpay
      .cancelInvoice(id)
      .catch((error) => logger.warn("clear-data.qpay_cancel_failed", { ...errorFields(error) }));
  }
}
