import { createHash } from "node:crypto";
import { eq } from "drizzle-orm";
import sharp, { type OutputInfo } from "sharp";
import { db } from "#db/client";
import { media } from "#db/schema";
import { HttpError } from "~/http/http.server";
import { mediaStore } from "~/models/media-store.server";
import { withParams } from "~/schemas/zod";

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
  /**
   * Translation keys of the refusals: not an image (415), too many pixels (413), and where
   * animations are kept, too many pixels over all their frames (413).
   */
  errors: { type: string; pixels: string; frames?: string };
}

/** Story images: at most 1600 px on the longer side, animations kept. */
const STORY_IMAGE: ImageOptions = {
  maxWidth: MAX_EDGE,
  maxHeight: MAX_EDGE,
  quality: 82,
  animated: true,
  errors: {
    type: "post:validation.onlyImages",
    pixels: "errors.imageTooManyPixels",
    frames: "errors.animationTooManyPixels",
  },
};

type Encoded = { data: Buffer; info: OutputInfo };

/** An image checked and re-encoded in memory, not yet stored (see saveImage). */
export interface PreparedImage {
  full: Encoded;
  thumb: Encoded;
}

/**
 * Checks an uploaded image and re-encodes it, in memory: nothing is written, so a caller can
 * still refuse the request (a rate limit, another file) and leave no file behind. The format is
 * read from the bytes, not the name or the declared type; the image is decoded and re-encoded
 * as WebP (which drops EXIF, GPS and any payload hidden in the file), scaled down to fit the
 * options' box, with a 640 px wide thumbnail. Throws HttpError 415 for anything that is not a
 * PNG, JPEG, GIF or WebP, 413 for a picture too large in pixels.
 */
export async function prepareImage(
  input: Buffer,
  options: ImageOptions = STORY_IMAGE,
): Promise<PreparedImage> {
  let meta: Awaited<ReturnType<ReturnType<typeof sharp>["metadata"]>>;
  try {
    // The header only: the size is read before any pixel is decoded, so a picture too large
    // in pixels gets its own message rather than "only images".
    meta = await sharp(input, { limitInputPixels: false }).metadata();
  } catch {
    throw new HttpError(415, options.errors.type);
  }
  if (!meta.format || !ACCEPTED_FORMATS.has(meta.format) || !meta.width || !meta.height) {
    throw new HttpError(415, options.errors.type);
  }
  const animated = options.animated && (meta.format === "gif" || meta.format === "webp");
  // The header gives one frame's size; an animation is decoded whole, every frame at that size,
  // and the decoder holds all of them to its pixel limit.
  const frames = animated ? (meta.pages ?? 1) : 1;
  const tooManyPixels = () => {
    const size = { width: meta.width!, height: meta.height!, megapixels: MAX_PIXELS / 1e6 };
    return frames > 1 && options.errors.frames
      ? new HttpError(413, withParams(options.errors.frames, { ...size, frames }))
      : new HttpError(413, withParams(options.errors.pixels, size));
  };
  if (meta.width * meta.height * frames > MAX_PIXELS) throw tooManyPixels();

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
    return { full, thumb };
  } catch (error) {
    // Should the header have undercounted (a format that hides frames), the decoder's own
    // limit still answers with the size message, never "only images".
    if (/pixel limit/i.test(String(error))) throw tooManyPixels();
    // Otherwise truncated or corrupt data that passed the header check.
    throw new HttpError(415, options.errors.type);
  }
}

/** Writes a prepared image and its thumbnail to the media store; returns the image's id. */
export async function saveImage(
  { full, thumb }: PreparedImage,
  createdBy: string | null = null,
): Promise<string> {
  const thumbnailId = await saveMedia(thumb.data, {
    kind: "image",
    mime_type: "image/webp",
    width: thumb.info.width,
    height: thumb.info.pageHeight ?? thumb.info.height,
    created_by: createdBy,
  });
  return saveMedia(full.data, {
    kind: "image",
    mime_type: "image/webp",
    width: full.info.width,
    height: full.info.pageHeight ?? full.info.height,
    thumbnail_id: thumbnailId,
    created_by: createdBy,
  });
}

/** Checks, re-encodes and stores an image at once (prepareImage, then saveImage). */
export async function storeImage(
  input: Buffer,
  createdBy: string | null = null,
  options: ImageOptions = STORY_IMAGE,
): Promise<string> {
  return saveImage(await prepareImage(input, options), createdBy);
}

export async function getMedia(id: string): Promise<MediaRow | null> {
  if (!/^[a-f0-9]{64}$/.test(id)) return null;
  return (await db.query.media.findFirst({ where: eq(media.id, id) })) ?? null;
}

/** URL of a stored medium (or its thumbnail); the id is the content hash, so it never changes. */
export function mediaUrl(id: string | null | undefined): string | null {
  return id ? `/media/${id}` : null;
}
