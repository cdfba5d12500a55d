import { HttpError } from "~/http/http.server";

/**
 * How many bytes an action may read from a request body, by kind. A route that takes more
 * (a story's image as base64, a pool's video) says so when it calls its action wrapper.
 */
export interface BodyLimits {
  /** application/x-www-form-urlencoded, and anything that is not JSON or multipart. */
  form: number;
  json: number;
  multipart: number;
}

export const DEFAULT_BODY_LIMITS: BodyLimits = {
  // A story of 50,000 characters, percent-encoded Cyrillic (6 bytes a letter), with room to spare.
  form: 512 * 1024,
  json: 64 * 1024,
  // One image and the text of its form: the file's own limit (20 MB) is checked as it streams,
  // so a file a little over it still comes back as the field's message.
  multipart: 64 * 1024 * 1024,
};

/** The refusal of a body over its limit (DESIGN §5: 413, the usual translated message). */
export class BodyTooLarge extends HttpError {
  constructor() {
    super(413, "errors.tooLarge", undefined, { Connection: "close" });
  }
}

/**
 * A form's body read as something it is not: the wrong type (a script posting JSON or text to a
 * screen, 415), or a form that does not parse (a multipart body cut short or without its
 * boundary, 400). An answer to the client, like /api's refusals, not a fault to log with a stack.
 */
export class NotAForm extends HttpError {
  constructor(status: 400 | 415) {
    super(status, status === 415 ? "errors.formOnly" : "errors.formBroken");
  }
}

/** The body types a browser sends a form in. */
const FORM_TYPES = new Set(["application/x-www-form-urlencoded", "multipart/form-data"]);

export function isFormType(request: Request): boolean {
  const type = request.headers.get("content-type") ?? "";
  return FORM_TYPES.has(type.split(";")[0]!.trim().toLowerCase());
}

/**
 * The request's `formData()` made to refuse with NotAForm instead of the runtime's TypeError,
 * which would reach the route as a 500. Every screen action and the multipart reader
 * (upload.server.ts) read the form through it.
 */
function refuseNonForms(request: Request, exceeded: () => boolean): Request {
  const read = request.formData.bind(request);
  Object.defineProperty(request, "formData", {
    value: async () => {
      if (!isFormType(request)) throw new NotAForm(415);
      try {
        return await read();
      } catch (error) {
        if (error instanceof HttpError) throw error;
        throw exceeded() ? new BodyTooLarge() : new NotAForm(400);
      }
    },
  });
  return request;
}

function limitFor(request: Request, limits: BodyLimits): number {
  const type = (request.headers.get("content-type") ?? "").toLowerCase();
  if (type.startsWith("multipart/form-data")) return limits.multipart;
  if (type.startsWith("application/json")) return limits.json;
  return limits.form;
}

/**
 * The request with its body counted as it streams: whoever reads it (formData, the multipart
 * parser, readJson) gets a BodyTooLarge error at the first byte over the limit, and no more is
 * read, whether or not a Content-Length was sent (a chunked body sends none). A declared length
 * over the limit is refused before reading anything. The 413 closes the connection, so the
 * rest of an oversized upload is not read either. Its `formData()` refuses a body that is not a
 * form with 415 or 400 (NotAForm).
 */
export function limitBody(
  request: Request,
  overrides: Partial<BodyLimits> = {},
): { request: Request; exceeded: () => boolean } {
  let seen = 0;
  const limit = limitFor(request, { ...DEFAULT_BODY_LIMITS, ...overrides });
  // Whatever a reader makes of the error (a parser may wrap it), the wrapper asks this.
  const exceeded = () => seen > limit;
  if (!request.body) return { request: refuseNonForms(request, exceeded), exceeded };
  const declared = Number(request.headers.get("content-length"));
  if (declared > limit) throw new BodyTooLarge();
  const reader = request.body.getReader();
  const counted = new ReadableStream<Uint8Array>({
    async pull(controller) {
      const { done, value } = await reader.read();
      if (done) return controller.close();
      seen += value.byteLength;
      if (seen > limit) {
        controller.error(new BodyTooLarge());
        return;
      }
      controller.enqueue(value);
    },
    cancel(reason) {
      return reader.cancel(reason);
    },
  });
  const bounded = new Request(request.url, {
    method: request.method,
    headers: request.headers,
    body: counted,
    signal: request.signal,
    duplex: "half",
  } as RequestInit);
  return { request: refuseNonForms(bounded, exceeded), exceeded };
}
