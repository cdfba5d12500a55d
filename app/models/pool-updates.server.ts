import { and, desc, eq, inArray, type SQL, sql } from "drizzle-orm";
import { db } from "#db/client";
import { donationPools, media, poolUpdateMedia, poolUpdates } from "#db/schema";
import { HttpError, parseOrThrow } from "~/http/http.server";
import { wakeSender } from "~/messages/sender.server";
import { auditEntry, auditStatement } from "~/models/audit.server";
import { followedUpdateNote } from "~/models/inbox.server";
import { saveImage } from "~/models/media.server";
import { preparePoolPhotos } from "~/models/pool-create.server";
import type { User } from "~/models/users.server";
import { type PoolUpdateInput, PoolUpdateSchema, UPDATE_LIMITS } from "~/schemas/pool-update";
import { withParams } from "~/schemas/zod";

/**
 * Campaign updates and the final report (issue 20 item 2, decision 035): the one place for their
 * rules, called by the admin screen and the /api. An update's row, its pictures' rows, its audit
 * row and the mails to the campaign's donors are one batch: all of it or none.
 */

type Admin = Pick<User, "id" | "username">;

/** What an update is made of: its text (PoolUpdateSchema) and its pictures' bytes. */
export type UpdateSubmission = Record<string, unknown> & {
  photos?: Buffer[];
  receipts?: Buffer[];
};

/** The mail kind of an update in the outbox, and the opt-out that stops it (mail_optouts). */
export const UPDATE_MAIL_KIND = "pool.update";
export const UPDATE_OPTOUT = "updates";

const v = (key: string) => `admin:poolUpdates.validation.${key}`;
const e = (key: string) => `admin:poolUpdates.errors.${key}`;

/** The text, the counts of pictures; every refusal before anything is stored. */
function checkSubmission(input: UpdateSubmission) {
  const value: PoolUpdateInput = parseOrThrow(PoolUpdateSchema, input);
  const photos = input.photos ?? [];
  const receipts = input.receipts ?? [];
  const tooMany: Record<string, string[]> = {};
  if (photos.length > UPDATE_LIMITS.photos)
    tooMany.photos = [withParams(v("photosMax"), { max: UPDATE_LIMITS.photos })];
  if (receipts.length > UPDATE_LIMITS.receipts)
    tooMany.receipts = [withParams(v("receiptsMax"), { max: UPDATE_LIMITS.receipts })];
  const [first] = Object.values(tooMany);
  if (first) throw new HttpError(400, first[0]!, tooMany);
  return { value, photos, receipts };
}

/** The pool an update is for: it must exist and not be archived (hidden from the public). */
async function openPool(poolId: number) {
  const pool = await db.query.donationPools.findFirst({
    where: eq(donationPools.id, poolId),
    columns: { id: true, name: true, status: true, current_amount: true },
  });
  if (!pool) throw new HttpError(404, "pools:errors.notFound");
  if (pool.status === "archived") throw new HttpError(409, e("archived"));
  return pool;
}

/** Checks every picture (as a pool photo), then stores them; their media ids, in order. */
async function storePictures(photos: Buffer[], receipts: Buffer[], admin: Admin) {
  const preparedPhotos = await preparePoolPhotos(photos, "photos");
  const preparedReceipts = await preparePoolPhotos(receipts, "receipts");
  const ids = { photo: [] as string[], receipt: [] as string[] };
  for (const item of preparedPhotos) ids.photo.push(await saveImage(item, admin.id));
  for (const item of preparedReceipts) ids.receipt.push(await saveImage(item, admin.id));
  return ids;
}

/**
 * The update just inserted in this batch. A batch is one write transaction, so no other
 * update of the pool can come between its insert and the statements after it, and ids only grow.
 */
const newestOf = (poolId: number) =>
  sql`(SELECT max(id) FROM ${poolUpdates} WHERE pool_id = ${poolId})`;

function mediaRows(poolId: number, ids: { photo: string[]; receipt: string[] }) {
  const rows = (["photo", "receipt"] as const).flatMap((kind) =>
    ids[kind].map((media_id, position) => ({ kind, position, media_id })),
  );
  if (rows.length === 0) return null;
  return db.run(sql`
    INSERT INTO pool_update_media (update_id, kind, position, media_id)
    SELECT ${newestOf(poolId)}, json_extract(j.value, '$.kind'),
           json_extract(j.value, '$.position'), json_extract(j.value, '$.media_id')
      FROM json_each(${JSON.stringify(rows)}) j`);
}

/**
 * The mails of an update (issue 17's outbox, decision 027), for the update's own batch: one per
 * distinct address among the pool's pledges that are not rejected, in the language of that
 * address's latest pledge, except addresses that turned campaign updates off. One statement
 * however many donors; `dedupe_key` keeps it to one mail per update and address.
 */
export function donorUpdateMails(poolId: number): SQL {
  return sql`
    INSERT OR IGNORE INTO outbox (dedupe_key, channel, recipient, kind, language, params)
    SELECT 'pool_update:' || u.id || ':' || d.address, 'email', trim(d.email), ${UPDATE_MAIL_KIND},
           d.language, json_object('update_id', u.id, 'address', d.address)
      FROM (SELECT lower(trim(email)) AS address, email, language, max(id) AS latest
              FROM pool_donations
             WHERE pool_id = ${poolId} AND status IN ('pending', 'verified')
               AND email IS NOT NULL AND trim(email) <> ''
             GROUP BY lower(trim(email))) d,
           (SELECT ${newestOf(poolId)} AS id) u
     WHERE u.id IS NOT NULL
       AND NOT EXISTS (SELECT 1 FROM mail_optouts o
                        WHERE o.email = d.address AND o.kind = ${UPDATE_OPTOUT})`;
}

/** The audit row of a new update or final report, naming the update the batch inserted. */
function auditNew(admin: Admin, action: string, poolId: number, details: Record<string, unknown>) {
  // Right after the mails: changes() is how many were queued.
  return auditStatement({
    actor: admin,
    action,
    entityType: "donation_pool",
    entityId: poolId,
    details: sql`json_patch(${JSON.stringify(details)},
                   json_object('update_id', ${newestOf(poolId)}, 'mails', changes()))`,
  });
}

/** The update's columns from its checked text. */
const textColumns = (value: PoolUpdateInput) => ({
  body_mn: value.body_mn,
  body_en: value.body_en ?? null,
  spent_amount: value.spent_amount ?? null,
  spent_on_mn: value.spent_amount === undefined ? null : (value.spent_on_mn ?? null),
  spent_on_en: value.spent_amount === undefined ? null : (value.spent_on_en ?? null),
});

const isFinalTaken = (error: unknown) =>
  /UNIQUE constraint failed: pool_updates\.pool_id/.test(
    `${(error as Error)?.message} ${(error as { cause?: Error })?.cause?.message}`,
  );

/** The newest update of a pool, as listed: what posting and closing answer. */
async function newestUpdate(poolId: number) {
  const [row] = await db
    .select({ id: poolUpdates.id })
    .from(poolUpdates)
    .where(eq(poolUpdates.pool_id, poolId))
    .orderBy(desc(poolUpdates.id))
    .limit(1);
  return row ? getUpdate(poolId, row.id) : null;
}

/**
 * Posts an update to a campaign: text (mn required, en optional), optionally an amount spent and
 * what on, up to six photos and six receipt pictures (checked as pool photos). Refused: an
 * unknown pool (404), an archived one (409), bad text or a refused picture (400/413/415).
 */
export async function postUpdate(poolId: number, input: UpdateSubmission, admin: Admin) {
  const { value, photos, receipts } = checkSubmission(input);
  await openPool(poolId);
  const ids = await storePictures(photos, receipts, admin);
  const pictures = mediaRows(poolId, ids);
  await db.batch([
    db.insert(poolUpdates).values({ pool_id: poolId, ...textColumns(value), created_by: admin.id }),
    ...(pictures ? [pictures] : []),
    db.run(donorUpdateMails(poolId)),
    auditNew(admin, "pool.update_post", poolId, {
      spent_amount: value.spent_amount ?? null,
      photos: ids.photo.length,
      receipts: ids.receipt.length,
    }),
    // After the audit row, which counts the mails by changes(): the followers' inbox (issue 42).
    followedUpdateNote(poolId, newestOf(poolId)),
  ]);
  wakeSender();
  return (await newestUpdate(poolId))!;
}

/**
 * Closes a campaign with its final report: the text says what happens to the money left; it
 * may carry a last amount spent and pictures like an update. In one batch: the report (with
 * what was raised at that moment), the pool's status «completed», the donors' mails and the
 * audit row. A pool has one final report: a second is a 409.
 */
export async function closePool(poolId: number, input: UpdateSubmission, admin: Admin) {
  const { value, photos, receipts } = checkSubmission(input);
  const pool = await openPool(poolId);
  const closed = await db.query.poolUpdates.findFirst({
    where: and(eq(poolUpdates.pool_id, poolId), eq(poolUpdates.is_final, true)),
    columns: { id: true },
  });
  if (closed) throw new HttpError(409, e("alreadyClosed"));
  const ids = await storePictures(photos, receipts, admin);
  const pictures = mediaRows(poolId, ids);
  try {
    await db.batch([
      db.insert(poolUpdates).values({
        pool_id: poolId,
        ...textColumns(value),
        is_final: true,
        // What the pool had raised when the report was written, read in the same transaction.
        raised_at_close: sql`(SELECT current_amount FROM donation_pools WHERE id = ${poolId})`,
        created_by: admin.id,
      }),
      ...(pictures ? [pictures] : []),
      db.update(donationPools).set({ status: "completed" }).where(eq(donationPools.id, poolId)),
      db.run(donorUpdateMails(poolId)),
      auditNew(admin, "pool.close", poolId, {
        name: pool.name,
        from: pool.status,
        spent_amount: value.spent_amount ?? null,
      }),
      followedUpdateNote(poolId, newestOf(poolId)),
    ]);
  } catch (error) {
    // Two administrators closing at once: the unique index keeps one report.
    if (isFinalTaken(error)) throw new HttpError(409, e("alreadyClosed"));
    throw error;
  }
  wakeSender();
  return (await newestUpdate(poolId))!;
}

/**
 * Removes an update posted by mistake (with its picture rows; the files go to the media
 * collector). A spending that changed is corrected by a new update, not by deleting this one.
 * Removing the final report leaves the pool's status as it is.
 */
export async function deleteUpdate(poolId: number, updateId: number, admin: Admin) {
  const update = await db.query.poolUpdates.findFirst({
    where: and(eq(poolUpdates.id, updateId), eq(poolUpdates.pool_id, poolId)),
    columns: { id: true, is_final: true, spent_amount: true, body_mn: true },
  });
  if (!update) throw new HttpError(404, e("notFound"));
  const [removed] = await db.batch([
    db
      .delete(poolUpdates)
      .where(and(eq(poolUpdates.id, updateId), eq(poolUpdates.pool_id, poolId))),
    auditEntry(admin, "pool.update_delete", "donation_pool", poolId, {
      update_id: updateId,
      is_final: update.is_final,
      spent_amount: update.spent_amount,
      text: update.body_mn.slice(0, 200),
    }),
  ]);
  if (removed.rowsAffected !== 1) throw new HttpError(404, e("notFound"));
  return { id: updateId, deleted: true as const };
}

// ---------------------------------------------------------------------------------------------
// Reading

export interface UpdatePicture {
  url: string;
  thumbnail_url: string;
  width: number;
  height: number;
}

export interface PoolUpdate {
  id: number;
  pool_id: number;
  body_mn: string;
  body_en: string | null;
  spent_amount: number | null;
  spent_on_mn: string | null;
  spent_on_en: string | null;
  is_final: boolean;
  raised_at_close: number | null;
  created_at: string;
  photos: UpdatePicture[];
  receipts: UpdatePicture[];
}

const mediaPath = (id: string) => `/media/${id}`;

/** The updates of a pool (all, or the ones named), newest first, with their pictures. */
async function readUpdates(poolId: number, only?: number): Promise<PoolUpdate[]> {
  const rows = await db
    .select()
    .from(poolUpdates)
    .where(
      only === undefined
        ? eq(poolUpdates.pool_id, poolId)
        : and(eq(poolUpdates.pool_id, poolId), eq(poolUpdates.id, only)),
    )
    .orderBy(desc(poolUpdates.created_at), desc(poolUpdates.id));
  if (rows.length === 0) return [];
  const pictures = await db
    .select({
      update_id: poolUpdateMedia.update_id,
      kind: poolUpdateMedia.kind,
      id: media.id,
      thumbnail_id: media.thumbnail_id,
      width: media.width,
      height: media.height,
    })
    .from(poolUpdateMedia)
    .innerJoin(media, eq(media.id, poolUpdateMedia.media_id))
    .where(
      inArray(
        poolUpdateMedia.update_id,
        rows.map((r) => r.id),
      ),
    )
    .orderBy(poolUpdateMedia.update_id, poolUpdateMedia.kind, poolUpdateMedia.position);
  return rows.map(({ created_by: _by, ...row }) => {
    const own = pictures.filter((p) => p.update_id === row.id);
    const shape = (kind: "photo" | "receipt") =>
      own
        .filter((p) => p.kind === kind)
        .map((p) => ({
          url: mediaPath(p.id),
          thumbnail_url: mediaPath(p.thumbnail_id ?? p.id),
          width: p.width ?? 1200,
          height: p.height ?? 800,
        }));
    return { ...row, photos: shape("photo"), receipts: shape("receipt") };
  });
}

/** A pool's updates, newest first (the final report among them), with their pictures. */
export function listUpdates(poolId: number): Promise<PoolUpdate[]> {
  return readUpdates(poolId);
}

/** One update of a pool, or null. */
export async function getUpdate(poolId: number, updateId: number): Promise<PoolUpdate | null> {
  const [update] = await readUpdates(poolId, updateId);
  return update ?? null;
}

/** What a pool's updates say was spent, in all. */
export async function spentTotal(poolId: number): Promise<number> {
  const [row] = await db
    .select({ total: sql<number>`coalesce(sum(${poolUpdates.spent_amount}), 0)` })
    .from(poolUpdates)
    .where(eq(poolUpdates.pool_id, poolId));
  return row?.total ?? 0;
}
