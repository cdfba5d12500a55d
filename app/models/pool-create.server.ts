import { and, eq, sql } from "drizzle-orm";
import { createFile, Log, type Movie } from "mp4box";
import { parseBuffer } from "music-metadata";
import { db } from "#db/client";
import { donationPools, media } from "#db/schema";
import { HttpError, parseOrThrow, readJson } from "~/http/http.server";
import { decodeDataUrl, readUpload } from "~/http/upload.server";
import { poolEnded } from "~/lib/pool-end";
import { auditEntry, auditStatement } from "~/models/audit.server";
import {
  type ImageOptions,
  type PreparedImage,
  prepareImage,
  saveImage,
  saveMedia,
} from "~/models/media.server";
import { poolJson } from "~/models/pools.server";
import { indexPool } from "~/models/search-index.server";
import type { User } from "~/models/users.server";
import {
  type MediaSlot,
  PHOTO_SLOTS,
  POOL_LIMITS,
  type PoolInput,
  PoolSchema,
} from "~/schemas/pool";

/**
 * Creating a donation pool (spec 02 §2 Donations tab, §5 New pool, §7 POST /api/donation-pools):
 * the photos and the video are checked by their content and stored in the media store, then the
 * pool row and its audit entry are written in one batch. The admin screen and the /api route
 * both come here.
 */

Log.setLogLevel(Log.error);

type Admin = Pick<User, "id" | "username">;
const k = (key: string) => `admin:newPool.validation.${key}`;

/**
 * Pool photos: recognised from their bytes (PNG, JPEG, GIF or WebP, whatever the name says),
 * scaled down to fit 1200×800 and re-encoded as WebP at quality 85 (spec 02 §9; this also drops
 * EXIF and GPS), with a 640 px thumbnail for cards. A still: an animation keeps its first frame.
 */
const POOL_PHOTO: ImageOptions = {
  maxWidth: POOL_LIMITS.photoMaxWidth,
  maxHeight: POOL_LIMITS.photoMaxHeight,
  quality: POOL_LIMITS.photoQuality,
  animated: false,
  errors: { type: k("photoType"), pixels: k("photoPixels") },
};

/** Stores a pool photo (see POOL_PHOTO). Returns the media id. */
export async function storePoolPhoto(input: Buffer, createdBy: string | null): Promise<string> {
  return saveImage(await prepareImage(input, POOL_PHOTO), createdBy);
}

/**
 * Pictures treated as pool photos (POOL_PHOTO): a campaign update's photos and receipt pictures
 * (decision 035). Checked and re-encoded in memory, in order; nothing is written, so one refused
 * picture leaves nothing behind. A refusal answers under `field`.
 */
export async function preparePoolPhotos(files: Buffer[], field: string): Promise<PreparedImage[]> {
  const prepared: PreparedImage[] = [];
  for (const bytes of files) {
    try {
      prepared.push(await prepareImage(bytes, POOL_PHOTO));
    } catch (error) {
      if (!(error instanceof HttpError)) throw error;
      throw new HttpError(error.status, error.message, { [field]: [error.message] });
    }
  }
  return prepared;
}

/** A pool photo sent in JSON as a `data:…;base64,` string: its bytes, within the photo limit. */
export function decodePoolPhotoDataUrl(value: unknown, field: string): Buffer | null {
  return decodeDataUrl(value, field, POOL_LIMITS.photoMaxBytes, {
    type: k("photoType"),
    tooLarge: k("photoTooLarge"),
  });
}

/** What a photo over the size limit is told. */
export const PHOTO_TOO_LARGE = k("photoTooLarge");

export interface VideoProbe {
  mime: "video/mp4" | "video/webm";
  seconds: number;
  width: number | null;
  height: number | null;
}

/** MP4: an ISO base media file whose first box is `ftyp` (QuickTime `qt  ` files are not MP4). */
function looksLikeMp4(bytes: Buffer) {
  return (
    bytes.length > 12 &&
    bytes.toString("latin1", 4, 8) === "ftyp" &&
    bytes.toString("latin1", 8, 12) !== "qt  "
  );
}

/** WebM: an EBML file (Matroska's container) whose DocType says webm. */
function looksLikeEbml(bytes: Buffer) {
  return bytes.length > 4 && bytes.readUInt32BE(0) === 0x1a45dfa3;
}

/**
 * What a video is and how long it runs, read from its bytes: MP4 through mp4box (GPAC's parser;
 * the movie header gives the length, silent videos included), WebM through music-metadata (the
 * Segment Info gives the length). Anything else, or a file whose length cannot be read, is
 * refused: a video we cannot measure cannot be held to the 2-minute limit.
 */
export async function probeVideo(bytes: Buffer): Promise<VideoProbe> {
  if (looksLikeMp4(bytes)) {
    let info: Movie | null = null;
    try {
      const file = createFile();
      file.onReady = (ready) => {
        info = ready;
      };
      const buffer = bytes.buffer.slice(
        bytes.byteOffset,
        bytes.byteOffset + bytes.byteLength,
      ) as ArrayBuffer & { fileStart: number };
      buffer.fileStart = 0;
      file.appendBuffer(buffer as never);
      file.flush();
    } catch {
      throw new HttpError(415, k("videoType"));
    }
    const found = info as Movie | null;
    if (!found || found.videoTracks.length === 0) throw new HttpError(415, k("videoType"));
    // A fragmented MP4 may leave the movie header's duration at 0 and give it in `mehd`.
    const seconds = found.duration
      ? found.duration / (found.timescale || 1)
      : found.fragment_duration?.den
        ? found.fragment_duration.num / found.fragment_duration.den
        : 0;
    if (!found.timescale || !seconds) throw new HttpError(415, k("videoLength"));
    const track = found.videoTracks[0]?.video;
    return {
      mime: "video/mp4",
      seconds,
      width: track?.width || null,
      height: track?.height || null,
    };
  }
  if (looksLikeEbml(bytes)) {
    let format: Awaited<ReturnType<typeof parseBuffer>>["format"];
    try {
      ({ format } = await parseBuffer(bytes, { mimeType: "video/webm", size: bytes.length }));
    } catch {
      throw new HttpError(415, k("videoType"));
    }
    if (format.container !== "EBML/webm" || !format.hasVideo) {
      throw new HttpError(415, k("videoType"));
    }
    if (!format.duration) throw new HttpError(415, k("videoLength"));
    const track = format.trackInfo?.find((t) => t.video)?.video;
    return {
      mime: "video/webm",
      seconds: format.duration,
      width: track?.pixelWidth ?? null,
      height: track?.pixelHeight ?? null,
    };
  }
  throw new HttpError(415, k("videoType"));
}

/** A video checked (container, length, size) but not yet written. */
interface PreparedVideo {
  video: Buffer;
  probe: VideoProbe;
}

/**
 * Checks a pool video: at most 100 MB and 2 minutes (spec 02 §5, §9). The bytes are kept as
 * uploaded: re-encoding video needs ffmpeg, which the server does not have. They are served
 * from this site only, with nosniff and a sandboxing CSP (app/routes/media.$id.ts).
 */
async function preparePoolVideo(input: Buffer): Promise<PreparedVideo> {
  if (input.length > POOL_LIMITS.videoMaxBytes) throw new HttpError(413, k("videoTooLarge"));
  const probe = await probeVideo(input);
  if (probe.seconds > POOL_LIMITS.videoMaxSeconds + 0.5) {
    throw new HttpError(422, k("videoTooLong"));
  }
  return { video: input, probe };
}

function savePoolVideo({ video, probe }: PreparedVideo, createdBy: string | null) {
  return saveMedia(video, {
    kind: "video",
    mime_type: probe.mime,
    width: probe.width,
    height: probe.height,
    duration_seconds: Math.round(probe.seconds),
    created_by: createdBy,
  });
}

/** Stores a pool video (see preparePoolVideo). Returns the media id. */
export async function storePoolVideo(input: Buffer, createdBy: string | null): Promise<string> {
  return savePoolVideo(await preparePoolVideo(input), createdBy);
}

// ---------------------------------------------------------------------------------------------
// Reading the uploads

/** Three photos, one video and the text: the body limit of the new-pool form. */
export const POOL_BODY_LIMIT =
  POOL_LIMITS.photos * POOL_LIMITS.photoMaxBytes + POOL_LIMITS.videoMaxBytes + 1024 * 1024;

const slotLimit = (slot: MediaSlot) =>
  slot === "video" ? POOL_LIMITS.videoMaxBytes : POOL_LIMITS.photoMaxBytes;
const tooLargeKey = (slot: MediaSlot) => k(slot === "video" ? "videoTooLarge" : "photoTooLarge");

/** The form's file field names, and what the /api accepts in multipart (`video_url`, per spec 02 §7). */
const FIELD_SLOTS: Record<string, MediaSlot> = {
  photo_1: "photo_1",
  photo_2: "photo_2",
  photo_3: "photo_3",
  video: "video",
  video_url: "video",
};

export interface PoolUpload {
  fields: Record<string, string>;
  files: Partial<Record<MediaSlot, Buffer>>;
  /** Per slot, why its file was not taken (a translation key). */
  fileErrors: Partial<Record<MediaSlot, string>>;
}

/**
 * Reads the new-pool form (multipart) without holding more than each file's limit in memory: a
 * file over its limit (20 MB a photo, 100 MB the video) is dropped, so every other field still
 * arrives and the person's typing is kept; its slot gets the message. The action wrapper bounds
 * the whole body at POOL_BODY_LIMIT (body-limit.server.ts).
 */
export async function readPoolUpload(request: Request): Promise<PoolUpload> {
  const upload = await readUpload(
    request,
    Object.fromEntries(
      Object.entries(FIELD_SLOTS).map(([field, slot]) => [field, slotLimit(slot)]),
    ),
  );
  const fields: Record<string, string> = {};
  for (const [name, value] of upload.form.entries()) {
    if (typeof value === "string" && !(name in fields)) fields[name] = value;
  }
  const files: PoolUpload["files"] = {};
  for (const [field, file] of Object.entries(upload.files)) files[FIELD_SLOTS[field]!] = file.bytes;
  const fileErrors: PoolUpload["fileErrors"] = {};
  for (const field of upload.tooLarge)
    fileErrors[FIELD_SLOTS[field]!] = tooLargeKey(FIELD_SLOTS[field]!);
  return { fields, files, fileErrors };
}

/** A photo or the video of POST /api/donation-pools as JSON: its data URL's bytes. */
export function decodePoolDataUrl(slot: MediaSlot, value: unknown): Buffer | null {
  if (slot !== "video") return decodePoolPhotoDataUrl(value, slot);
  return decodeDataUrl(value, "video_url", slotLimit(slot), {
    type: k("videoType"),
    tooLarge: tooLargeKey(slot),
  });
}

/** The JSON body limit of POST /api/donation-pools: every file at its limit, in base64. */
export const POOL_JSON_LIMIT = Math.ceil((POOL_BODY_LIMIT * 4) / 3);

type PreparedPoolMedia = Partial<Record<MediaSlot, PreparedImage | PreparedVideo>>;

export interface CheckedPoolMedia {
  prepared: PreparedPoolMedia;
  errors: Partial<Record<MediaSlot, { status: number; message: string }>>;
}

/**
 * Checks each given file by its content, in memory; nothing is written. A refused file says why
 * under its slot, so that the form can show the message beside the right field.
 */
export async function checkPoolMedia(
  files: Partial<Record<MediaSlot, Buffer>>,
): Promise<CheckedPoolMedia> {
  const out: CheckedPoolMedia = { prepared: {}, errors: {} };
  for (const [slot, bytes] of Object.entries(files) as [MediaSlot, Buffer][]) {
    try {
      out.prepared[slot] =
        slot === "video" ? await preparePoolVideo(bytes) : await prepareImage(bytes, POOL_PHOTO);
    } catch (error) {
      if (!(error instanceof HttpError)) throw error;
      out.errors[slot] = { status: error.status, message: error.message };
    }
  }
  return out;
}

/** Writes checked files to the media store; returns their media ids by slot. */
export async function savePoolMedia(prepared: PreparedPoolMedia, admin: Admin) {
  const ids: Partial<Record<MediaSlot, string>> = {};
  for (const [slot, item] of Object.entries(prepared) as [
    MediaSlot,
    PreparedPoolMedia[MediaSlot],
  ][]) {
    if (!item) continue;
    ids[slot] =
      "video" in item ? await savePoolVideo(item, admin.id) : await saveImage(item, admin.id);
  }
  return ids;
}

// ---------------------------------------------------------------------------------------------
// Creating the pool

/** A media id carried by the form (a file stored by an earlier attempt) must name such a file. */
async function requireStored(slot: MediaSlot, id: string | null | undefined) {
  if (!id) return null;
  const kind = slot === "video" ? "video" : "image";
  const row = /^[a-f0-9]{64}$/.test(id)
    ? await db.query.media.findFirst({
        where: and(eq(media.id, id), eq(media.kind, kind)),
        columns: { id: true },
      })
    : null;
  if (!row) {
    const key = k(slot === "video" ? "videoMissing" : "photoMissing");
    throw new HttpError(400, key, { [slot]: [key] });
  }
  return row.id;
}

/** A last day already behind us would close the campaign as it opens: refused with its message. */
function refusePastEnd(endsOn: string | undefined, unchanged?: string | null) {
  if (endsOn && endsOn !== unchanged && poolEnded(endsOn)) {
    throw new HttpError(400, k("endsOnPast"), { ends_on: [k("endsOnPast")] });
  }
}

/** The stored media of a pool, in slot order (photos packed: a photo in slot 3 alone becomes 1). */
async function storedMedia(mediaIds: Partial<Record<MediaSlot, string | null>>) {
  const photos: string[] = [];
  for (const slot of PHOTO_SLOTS) {
    const id = await requireStored(slot, mediaIds[slot]);
    if (id && !photos.includes(id)) photos.push(id);
  }
  return { photos, video: await requireStored("video", mediaIds.video) };
}

/** The columns a pool's form sets, creating or editing. */
function poolColumns(value: PoolInput, { photos, video }: Awaited<ReturnType<typeof storedMedia>>) {
  return {
    name: value.name,
    description: value.description,
    goal_amount: value.goal_amount,
    bank_name: value.bank_name,
    bank_account: value.bank_account,
    account_name: value.account_name,
    ends_on: value.ends_on ?? null,
    photo_1: photos[0] ?? null,
    photo_2: photos[1] ?? null,
    photo_3: photos[2] ?? null,
    video_url: video,
  };
}

/** A pool as stored, for its edit form. */
export function getPoolRow(id: number) {
  return db.query.donationPools.findFirst({ where: eq(donationPools.id, id) });
}

/**
 * Changes a pool (issue 16): its text, goal, bank details, last day and media, checked as at
 * creation. A last day kept as it was may be in the past (the campaign has ended); a new one may
 * not. Media no longer used are left to the media collector. The "pool.update" entry names what
 * changed, before and after.
 */
export async function updatePool(
  admin: Admin,
  id: number,
  input: unknown,
  /** The media it has now; left out (the /api's JSON), the stored ones stay. */
  mediaIds?: Partial<Record<MediaSlot, string | null>>,
) {
  const value: PoolInput = parseOrThrow(PoolSchema, input);
  const before = await db.query.donationPools.findFirst({ where: eq(donationPools.id, id) });
  if (!before) throw new HttpError(404, "pools:errors.notFound");
  refusePastEnd(value.ends_on, before.ends_on);
  const after = poolColumns(
    value,
    await storedMedia(
      mediaIds ?? {
        photo_1: before.photo_1,
        photo_2: before.photo_2,
        photo_3: before.photo_3,
        video: before.video_url,
      },
    ),
  );
  const changed = (Object.keys(after) as (keyof typeof after)[]).filter(
    (key) => before[key] !== after[key],
  );
  if (changed.length === 0) return poolJson(before);
  const [updated] = await db.batch([
    db.update(donationPools).set(after).where(eq(donationPools.id, id)).returning(),
    auditEntry(admin, "pool.update", "donation_pool", id, {
      name: after.name,
      before: Object.fromEntries(changed.map((key) => [key, before[key]])),
      after: Object.fromEntries(changed.map((key) => [key, after[key]])),
    }),
    indexPool(id, { name: after.name, description: after.description }),
  ]);
  return poolJson(updated[0]!);
}

/**
 * Creates an active pool with the given stored media (ids from storePoolPhoto/storePoolVideo).
 * Photos are packed in order (a photo in slot 3 alone becomes photo 1). The pool and its
 * "pool.create" audit entry are one batch. Returns the pool in its /api shape.
 */
export async function createPool(
  admin: Admin,
  input: unknown,
  mediaIds: Partial<Record<MediaSlot, string | null>> = {},
) {
  const value: PoolInput = parseOrThrow(PoolSchema, input);
  refusePastEnd(value.ends_on);
  const media = await storedMedia(mediaIds);
  const { photos, video } = media;
  const [inserted] = await db.batch([
    db
      .insert(donationPools)
      .values({ ...poolColumns(value, media), status: "active", created_by: admin.id })
      .returning(),
    // The same batch (one transaction), so the entry names the row just inserted.
    auditStatement({
      actor: admin,
      action: "pool.create",
      entityType: "donation_pool",
      entityId: sql`last_insert_rowid()`,
      details: {
        name: value.name,
        goal_amount: value.goal_amount,
        ends_on: value.ends_on ?? null,
        photos: photos.length,
        video: Boolean(video),
      },
    }),
    indexPool("newest", value),
  ]);
  return poolJson(inserted[0]!);
}

/**
 * POST /api/donation-pools: the text and files as JSON (`data:…;base64,` strings, spec 02 §5) or
 * as multipart. The text is checked first and every file before any is written, so a refused
 * request stores nothing; a refused file answers under its field (`video_url` for the video).
 */
export async function createPoolFromRequest(admin: Admin, request: Request) {
  const multipart = (request.headers.get("content-type") ?? "").startsWith("multipart/form-data");
  let fields: Record<string, unknown>;
  let files: Partial<Record<MediaSlot, Buffer>> = {};
  if (multipart) {
    const upload = await readPoolUpload(request);
    const [slot, message] = Object.entries(upload.fileErrors)[0] ?? [];
    if (slot && message) throw new HttpError(413, message, { [slot]: [message] });
    fields = upload.fields;
    files = upload.files;
  } else {
    const body = await readJson(request);
    if (!body || typeof body !== "object" || Array.isArray(body))
      throw new HttpError(400, "errors.validation");
    fields = body as Record<string, unknown>;
  }
  parseOrThrow(PoolSchema, fields);
  if (!multipart) {
    for (const slot of PHOTO_SLOTS) {
      const bytes = decodePoolDataUrl(slot, fields[slot]);
      if (bytes) files[slot] = bytes;
    }
    const video = decodePoolDataUrl("video", fields.video_url);
    if (video) files.video = video;
  }
  const checked = await checkPoolMedia(files);
  const [slot, failure] = Object.entries(checked.errors)[0] ?? [];
  if (slot && failure) {
    throw new HttpError(failure.status, failure.message, {
      [slot === "video" ? "video_url" : slot]: [failure.message],
    });
  }
  return createPool(admin, fields, await savePoolMedia(checked.prepared, admin));
}
