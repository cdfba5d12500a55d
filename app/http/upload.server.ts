import { type UploadHandler, unstable_parseMultipartFormData } from "@remix-run/node";
import { NotAForm } from "~/http/body-limit.server";
import { HttpError } from "~/http/http.server";

const TEXT_FIELD_LIMIT = 200 * 1024;

/** A multipart form read within limits: its text, its files by field. */
export interface Upload {
  form: FormData;
  /** The files that were sent and fitted their field's limit, by field name. */
  files: Record<string, { bytes: Buffer; name: string }>;
  /** The file fields whose file was over its limit: read to its end, not kept. */
  tooLarge: string[];
  /** Every file kept, by field, in the order sent (a field may carry several: `multiple`). */
  lists: Record<string, { bytes: Buffer; name: string }[]>;
  /** The fields that carried more files than `maxFiles` allows: the extra ones are not kept. */
  tooMany: string[];
}

/**
 * Reads a multipart form whose file fields (`limits`: name → most bytes) may each carry a file.
 * A file over its limit is read to its end but not kept (never more than the limit is held in
 * memory), so every other field still arrives and nothing the person typed is lost; the caller
 * turns `tooLarge` into the field's message. A file in a field not named is dropped. Other
 * requests are read as usual. The whole body is bounded by the action wrapper
 * (body-limit.server.ts).
 */
export async function readUpload(
  request: Request,
  limits: Record<string, number>,
  /** How many files a field may carry (one when not named; the first is `files[field]`). */
  maxFiles: Record<string, number> = {},
): Promise<Upload> {
  const type = request.headers.get("content-type") ?? "";
  if (!type.startsWith("multipart/form-data")) {
    return { form: await request.formData(), files: {}, tooLarge: [], lists: {}, tooMany: [] };
  }
  const files: Upload["files"] = {};
  const lists: Upload["lists"] = {};
  const tooLarge: string[] = [];
  const tooMany: string[] = [];
  const handler: UploadHandler = async ({ name, filename, data }) => {
    lists[name] ??= [];
    const list = lists[name];
    const full = filename !== undefined && list.length >= (maxFiles[name] ?? 1);
    // A file past the field's count is read to its end but not held in memory.
    const limit = filename === undefined ? TEXT_FIELD_LIMIT : full ? 0 : (limits[name] ?? 0);
    const chunks: Uint8Array[] = [];
    let size = 0;
    for await (const chunk of data) {
      size += chunk.byteLength;
      if (size <= limit) chunks.push(chunk);
    }
    if (filename === undefined) {
      if (size > limit) throw new HttpError(413, "errors.tooLarge");
      return Buffer.concat(chunks).toString("utf8");
    }
    if (!(name in limits) || size === 0) return undefined;
    if (full) {
      if (!tooMany.includes(name)) tooMany.push(name);
    } else if (size > limit) {
      if (!tooLarge.includes(name)) tooLarge.push(name);
    } else {
      const file = { bytes: Buffer.concat(chunks), name: filename };
      files[name] ??= file;
      list.push(file);
    }
    return undefined;
  };
  const form = await unstable_parseMultipartFormData(request, handler).catch((error: unknown) => {
    // The parser's own complaint (a body cut short, no closing boundary) is the client's fault:
    // a 400, as request.formData() answers it (body-limit.server.ts). Over the limit stays 413.
    if (error instanceof HttpError) throw error;
    throw new NotAForm(400);
  });
  for (const name of Object.keys(lists)) if (lists[name]!.length === 0) delete lists[name];
  return { form, files, tooLarge, lists, tooMany };
}

export interface ParsedUpload {
  form: FormData;
  /** The uploaded file of `fileField`, when one was sent and fitted the limit. */
  file: Buffer | null;
  /** The file's name as the browser sent it (only for showing; never a path to use). */
  fileName: string | null;
  /** Why the file was not taken ("too large"), as a translation key. */
  fileError: string | null;
}

/** A form with one file field (a story's image, a bank statement): readUpload for that field. */
export async function readFormWithFile(
  request: Request,
  fileField: string,
  maxFileBytes: number,
): Promise<ParsedUpload> {
  const { form, files, tooLarge } = await readUpload(request, { [fileField]: maxFileBytes });
  const file = files[fileField];
  return {
    form,
    file: file?.bytes ?? null,
    fileName: file?.name ?? null,
    fileError: tooLarge.length ? "post:validation.fileTooLarge" : null,
  };
}

const DATA_URL = /^data:([\w/+.-]+)?(;[\w-]+=[\w-]+)*;base64,/;

/**
 * The bytes of a `data:…;base64,` value sent in JSON (spec 02 §5: "other files are sent as base64
 * data"), at most `maxBytes` once decoded, measured before decoding. The declared type is ignored:
 * what the bytes are is read from them later. A refusal names `field`: `messages.type` when the
 * value is not a data URL, `messages.tooLarge` when it is over the limit.
 */
export function decodeDataUrl(
  value: unknown,
  field: string,
  maxBytes: number,
  messages: { type: string; tooLarge: string },
): Buffer | null {
  if (value === null || value === undefined || value === "") return null;
  if (typeof value !== "string")
    throw new HttpError(400, messages.type, { [field]: [messages.type] });
  const match = DATA_URL.exec(value.slice(0, 200));
  if (!match) throw new HttpError(415, messages.type, { [field]: [messages.type] });
  const base64 = value.slice(match[0].length);
  if (Math.floor((base64.length * 3) / 4) > maxBytes + 3) {
    throw new HttpError(413, messages.tooLarge, { [field]: [messages.tooLarge] });
  }
  return Buffer.from(base64, "base64");
}
