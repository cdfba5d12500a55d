import { HttpError, readJson } from "~/http/http.server";
import { readUpload } from "~/http/upload.server";
import { decodePoolPhotoDataUrl, PHOTO_TOO_LARGE } from "~/models/pool-create.server";
import type { UpdateSubmission } from "~/models/pool-updates.server";
import { POOL_LIMITS } from "~/schemas/pool";
import { UPDATE_LIMITS, UPDATE_TEXT_FIELDS } from "~/schemas/pool-update";
import { withParams } from "~/schemas/zod";

/**
 * Reading a campaign update (or final report) from a request: the admin screen's multipart form
 * (`<input type=file multiple>` named `photos` and `receipts`) and the /api's JSON (pictures as
 * `data:…;base64,` strings, like POST /api/donation-pools) or multipart.
 */

const PICTURE_FIELDS = { photos: UPDATE_LIMITS.photos, receipts: UPDATE_LIMITS.receipts };
type PictureField = keyof typeof PICTURE_FIELDS;

/** Twelve pictures at the photo limit and the text: the multipart body limit. */
export const UPDATE_BODY_LIMIT =
  (UPDATE_LIMITS.photos + UPDATE_LIMITS.receipts) * POOL_LIMITS.photoMaxBytes + 1024 * 1024;
/** The same in JSON, the pictures in base64. */
export const UPDATE_JSON_LIMIT = Math.ceil((UPDATE_BODY_LIMIT * 4) / 3);

const tooMany = (field: PictureField) =>
  withParams(`admin:poolUpdates.validation.${field}Max`, { max: PICTURE_FIELDS[field] });

export interface UpdateUpload {
  /** The text as typed, for the form to show again. */
  values: Record<string, string>;
  submission: UpdateSubmission;
  /** Pictures that could not be taken (too large, too many), by field: translation keys. */
  fileErrors: Record<string, string[]>;
}

/**
 * A multipart update: each picture within the photo limit (a larger one is read to its end, not
 * kept, and named in `fileErrors`), at most six per field (a seventh is not kept either).
 */
export async function readUpdateForm(request: Request): Promise<UpdateUpload> {
  const limits = { photos: POOL_LIMITS.photoMaxBytes, receipts: POOL_LIMITS.photoMaxBytes };
  // One more than allowed is counted, so «too many» can be told from «just enough».
  const counts = { photos: UPDATE_LIMITS.photos + 1, receipts: UPDATE_LIMITS.receipts + 1 };
  const upload = await readUpload(request, limits, counts);
  const values: Record<string, string> = {};
  for (const name of [...UPDATE_TEXT_FIELDS, "intent", "id"]) {
    const value = upload.form.get(name);
    if (typeof value === "string") values[name] = value;
  }
  const fileErrors: Record<string, string[]> = {};
  for (const field of upload.tooLarge) fileErrors[field] = [PHOTO_TOO_LARGE];
  for (const field of upload.tooMany) fileErrors[field] = [tooMany(field as PictureField)];
  const pictures = (field: PictureField) => (upload.lists[field] ?? []).map((file) => file.bytes);
  return {
    values,
    submission: { ...values, photos: pictures("photos"), receipts: pictures("receipts") },
    fileErrors,
  };
}

/** A JSON update: the pictures are lists of data URLs. */
async function readUpdateJson(request: Request): Promise<UpdateSubmission> {
  const body = await readJson(request);
  if (!body || typeof body !== "object" || Array.isArray(body))
    throw new HttpError(400, "errors.validation");
  const fields = body as Record<string, unknown>;
  const submission: UpdateSubmission = { ...fields, photos: [], receipts: [] };
  for (const field of Object.keys(PICTURE_FIELDS) as PictureField[]) {
    const list = fields[field] ?? [];
    if (!Array.isArray(list)) {
      throw new HttpError(400, "errors.input.list", { [field]: ["errors.input.list"] });
    }
    if (list.length > PICTURE_FIELDS[field]) {
      throw new HttpError(400, tooMany(field), { [field]: [tooMany(field)] });
    }
    for (const item of list) {
      const bytes = decodePoolPhotoDataUrl(item, field);
      if (bytes) submission[field]!.push(bytes);
    }
  }
  return submission;
}

/** The /api's update: JSON or multipart; a picture not taken is the request's refusal. */
export async function readUpdateRequest(request: Request): Promise<UpdateSubmission> {
  const type = request.headers.get("content-type") ?? "";
  if (!type.startsWith("multipart/form-data")) return readUpdateJson(request);
  const { submission, fileErrors } = await readUpdateForm(request);
  const [field, messages] = Object.entries(fileErrors)[0] ?? [];
  if (field && messages) {
    const status = messages[0] === PHOTO_TOO_LARGE ? 413 : 400;
    throw new HttpError(status, messages[0]!, fileErrors);
  }
  return submission;
}
