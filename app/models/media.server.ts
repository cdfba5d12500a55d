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

/** Writes bytes to the media store under their hash and records them (once, whoever asks). */
export async function saveMedia(
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

export interface ImageOptions {
  /** The box the image is scaled down to fit. */
  maxWidth: number;
  maxHeight: number;
  quality: number;
  /** Keep a GIF's or WebP's animation; off, the first frame is kept. */
  animated: boolean;
  /** Translation keys of the refusals: not an image (415), too many pixels (413). */
  errors: { type: string; pixels: string };
}

/** Story images: at most 1600 px on the longer side, animations kept. */
const STORY_IMAGE: ImageOptions = {
  maxWidth: MAX_EDGE,
  maxHeight: MAX_EDGE,
  quality: 82,
  animated: true,
  errors: { type: "errors.onlyImages", pixels: "errors.imageTooManyPixels" },
};

/**
 * Stores an uploaded image. The format is read from the bytes, not the name or the declared
 * type; the image is decoded and re-encoded as WebP (which drops EXIF, GPS and any payload
 * hidden in the file), scaled down to fit the options' box, with a 640 px wide thumbnail.
 * Returns the media id. Throws HttpError 415 for anything that is not a PNG, JPEG, GIF or WebP.
 */
export async function storeImage(
  input: Buffer,
  createdBy: string | null = null,
  options: ImageOptions = STORY_IMAGE,
): Promise<string> {
  let meta: Awaited<ReturnType<ReturnType<typeof sharp>["metadata"]>>;
  try {
    meta = await sharp(input, { limitInputPixels: MAX_PIXELS }).metadata();
  } catch {
    throw new HttpError(415, options.errors.type);
  }
  if (!meta.format || !ACCEPTED_FORMATS.has(meta.format) || !meta.width || !meta.height) {
    throw new HttpError(415, options.errors.type);
  }
  if (meta.width * meta.height > MAX_PIXELS) throw new HttpError(413, options.errors.pixels);

  const animated = options.animated && (meta.format === "gif" || meta.format === "webp");
  const pipeline = () =>
    sharp(input, { limitInputPixels: MAX_PIXELS, animated, failOn: "error" }).rotate();
  try {
    const full = await pipeline()
      .resize({
        width: options.maxWidth,
        height: options.maxHeight,
        fit: "inside",
        withoutEnlargement: true,
      })
      .webp({ quality: options.quality })
      .toBuffer({ resolveWithObject: true });
    const thumb = await pipeline()
      .resize({ width: THUMB_WIDTH, withoutEnlargement: true })
      .webp({ quality: 75 })
      .toBuffer({ resolveWithObject: true });
    const thumbnailId = await saveMedia(thumb.data, {
      kind: "image",
      mime_type: "image/webp",
      width: thumb.info.width,
      height: thumb.info.pageHeight ?? thumb.info.height,
      created_by: createdBy,
    });
    return await saveMedia(full.data, {
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
    throw new HttpError(415, options.errors.type);
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
