import { createHash } from "node:crypto";
import { eq } from "drizzle-orm";
import sharp from "sharp";
import { db } from "#db/client";
import { media } from "#db/schema";
import { mediaStore } from "~/models/media-store.server";
import { HttpError } from "~/utils/http.server";

/** Larger images are scaled down to fit; cards use the thumbnail. */
const MAX_EDGE = 1600;
const THUMB_WIDTH = 640;
/** Refuse decompression bombs before decoding: 40 megapixels is far above any photo we show. */
const MAX_PIXELS = 40_000_000;
const ACCEPTED_FORMATS = new Set(["jpeg", "png", "gif", "webp"]);

export type MediaRow = typeof media.$inferSelect;

const sha256 = (bytes: Buffer) => createHash("sha256").update(bytes).digest("hex");

async function saveBytes(
  bytes: Buffer,
  row: Omit<typeof media.$inferInsert, "id" | "size">,
): Promise<string> {
  const id = sha256(bytes);
  if (!(await mediaStore.exists(id))) await mediaStore.put(id, bytes);
  await db
    .insert(media)
    .values({ ...row, id, size: bytes.length })
    .onConflictDoNothing();
  return id;
}

/**
 * Stores an uploaded image. The format is read from the bytes, not the name or the declared
 * type; the image is decoded and re-encoded as WebP (which drops EXIF, GPS and any payload
 * hidden in the file) at most 1600 px on its longer side, with a 640 px wide thumbnail.
 * Returns the media id. Throws HttpError 415 for anything that is not a PNG, JPEG, GIF or WebP.
 */
export async function storeImage(input: Buffer, createdBy: string | null = null): Promise<string> {
  let meta: Awaited<ReturnType<ReturnType<typeof sharp>["metadata"]>>;
  try {
    meta = await sharp(input, { limitInputPixels: MAX_PIXELS }).metadata();
  } catch {
    throw new HttpError(415, "errors.onlyImages");
  }
  if (!meta.format || !ACCEPTED_FORMATS.has(meta.format) || !meta.width || !meta.height) {
    throw new HttpError(415, "errors.onlyImages");
  }
  if (meta.width * meta.height > MAX_PIXELS) throw new HttpError(413, "errors.imageTooManyPixels");

  const animated = meta.format === "gif" || meta.format === "webp";
  const pipeline = () =>
    sharp(input, { limitInputPixels: MAX_PIXELS, animated, failOn: "error" }).rotate();
  try {
    const full = await pipeline()
      .resize({ width: MAX_EDGE, height: MAX_EDGE, fit: "inside", withoutEnlargement: true })
      .webp({ quality: 82 })
      .toBuffer({ resolveWithObject: true });
    const thumb = await pipeline()
      .resize({ width: THUMB_WIDTH, withoutEnlargement: true })
      .webp({ quality: 75 })
      .toBuffer({ resolveWithObject: true });
    const thumbnailId = await saveBytes(thumb.data, {
      kind: "image",
      mime_type: "image/webp",
      width: thumb.info.width,
      height: thumb.info.pageHeight ?? thumb.info.height,
      created_by: createdBy,
    });
    return await saveBytes(full.data, {
      kind: "image",
      mime_type: "image/webp",
      width: full.info.width,
      height: full.info.pageHeight ?? full.info.height,
      thumbnail_id: thumbnailId,
      created_by: createdBy,
    });
  } catch (error) {
    if (error instanceof HttpError) throw error;
    // Truncated or corrupt data that passed the header check.
    throw new HttpError(415, "errors.onlyImages");
  }
}

export async function getMedia(id: string): Promise<MediaRow | null> {
  if (!/^[a-f0-9]{64}$/.test(id)) return null;
  return (await db.query.media.findFirst({ where: eq(media.id, id) })) ?? null;
}

/** URL of a stored medium (or its thumbnail); the id is the content hash, so it never changes. */
export function mediaUrl(id: string | null | undefined): string | null {
  return id ? `/media/${id}` : null;
}
