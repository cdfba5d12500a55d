import { type UploadHandler, unstable_parseMultipartFormData } from "@remix-run/node";
import { HttpError } from "~/utils/http.server";

const TEXT_FIELD_LIMIT = 200 * 1024;

export interface ParsedUpload {
  form: FormData;
  /** The uploaded file of `fileField`, when one was sent and fitted the limit. */
  file: Buffer | null;
  /** The file's name as the browser sent it (only for showing; never a path to use). */
  fileName: string | null;
  /** Why the file was not taken ("too large"), as a translation key. */
  fileError: string | null;
}

/**
 * Reads a multipart form whose `fileField` may carry one file of at most `maxFileBytes`. A file
 * over the limit is read to its end but not kept (never more than the limit is held in memory),
 * so every other field of the form still arrives and nothing the person typed is lost; the
 * caller turns `fileError` into the field's message. Other requests are read as usual. The
 * whole body is bounded by the action wrapper (body-limit.server.ts).
 */
export async function readFormWithFile(
  request: Request,
  fileField: string,
  maxFileBytes: number,
): Promise<ParsedUpload> {
  const type = request.headers.get("content-type") ?? "";
  if (!type.startsWith("multipart/form-data")) {
    return { form: await request.formData(), file: null, fileName: null, fileError: null };
  }

  let file: Buffer | null = null;
  let fileName: string | null = null;
  let fileError: string | null = null;
  const handler: UploadHandler = async ({ name, filename, data }) => {
    const chunks: Uint8Array[] = [];
    let size = 0;
    let over = false;
    const limit = filename === undefined ? TEXT_FIELD_LIMIT : maxFileBytes;
    for await (const chunk of data) {
      size += chunk.byteLength;
      if (size > limit) over = true;
      if (!over) chunks.push(chunk);
    }
    if (filename === undefined) {
      if (over) throw new HttpError(413, "errors.tooLarge");
      return Buffer.concat(chunks).toString("utf8");
    }
    if (name !== fileField || size === 0) return undefined;
    if (over) fileError = "post:validation.fileTooLarge";
    else {
      file = Buffer.concat(chunks);
      fileName = filename;
    }
    return undefined;
  };

  const form = await unstable_parseMultipartFormData(request, handler);
  return { form, file, fileName, fileError };
}
