import { configuredOrigin, forwardedTrusted, requestHost } from "~/http/origin.server";
import { logger } from "~/lib/logger.server";

/** Headers every response of ours carries; documents add a CSP in entry.server. */
export const BASE_SECURITY_HEADERS: Record<string, string> = {
  "X-Content-Type-Options": "nosniff",
  "Referrer-Policy": "strict-origin-when-cross-origin",
  "X-Frame-Options": "DENY",
  "Cross-Origin-Opener-Policy": "same-origin",
  "Permissions-Policy": "camera=(), microphone=(), geolocation=(), payment=()",
  // The old XSS auditors are gone or harmful; OWASP's advice is to switch them off explicitly.
  "X-XSS-Protection": "0",
};

export class HttpError extends Error {
  constructor(
    public status: number,
    message: string,
    public fieldErrors?: Record<string, string[]>,
    public headers?: HeadersInit,
  ) {
    super(message);
  }
}

/**
 * Refuses state-changing requests made by a page of another site (CSRF). Browsers send Origin
 * on cross-origin POSTs and Sec-Fetch-Site on all modern requests; a request with neither comes
 * from a script or curl, which carries no victim's cookies. The site is SITE_URL, or the host
 * the request names (a proxy's X-Forwarded-Host only with TRUST_PROXY: without a proxy, anyone
 * can send that header).
 */
export function isSameOrigin(request: Request): boolean {
  const origin = request.headers.get("origin");
  if (origin && origin !== "null") {
    try {
      const sender = new URL(origin);
      return sender.origin === configuredOrigin() || sender.host === requestHost(request);
    } catch {
      return false;
    }
  }
  if (origin === "null") return false;
  const site = request.headers.get("sec-fetch-site");
  return site === null || site === "same-origin" || site === "none";
}

export function requireSameOrigin(request: Request) {
  if (isSameOrigin(request)) return;
  logger.warn("request.cross_origin_refused", {
    method: request.method,
    path: new URL(request.url).pathname,
    origin: request.headers.get("origin"),
    site: request.headers.get("sec-fetch-site"),
  });
  throw new HttpError(403, "errors.crossOrigin");
}

/**
 * The client's address, when it can be known: remix-serve hands the app no socket, so only a
 * trusted proxy's X-Forwarded-For (TRUST_PROXY=true, and the front's secret behind npm start)
 * tells it. Otherwise null.
 */
export function clientIp(request: Request): string | null {
  if (!forwardedTrusted(request)) return null;
  const forwarded = request.headers.get("x-forwarded-for");
  return forwarded?.split(",")[0]?.trim() || null;
}

export interface ApiErrorBody {
  error: string;
  fieldErrors?: Record<string, string[]>;
}

/** JSON answer of the /api contract (DESIGN §5): never cached, never sniffed. */
export function apiJson<T>(body: T, init: ResponseInit = {}) {
  const headers = new Headers(init.headers);
  headers.set("Cache-Control", "no-store");
  for (const [k, v] of Object.entries(BASE_SECURITY_HEADERS)) headers.set(k, v);
  return Response.json(body, { ...init, headers });
}

export function apiError(
  status: number,
  error: string,
  fieldErrors?: Record<string, string[]>,
  headers?: HeadersInit,
) {
  const body: ApiErrorBody = fieldErrors ? { error, fieldErrors } : { error };
  return apiJson(body, { status, headers });
}

/**
 * Reads a JSON request body. Its size is bounded by the action wrapper, which counts the bytes
 * as they stream (body-limit.server.ts): an oversized body is refused (413) unread.
 */
export async function readJson(request: Request): Promise<unknown> {
  const type = request.headers.get("content-type") ?? "";
  if (!type.toLowerCase().startsWith("application/json")) {
    throw new HttpError(415, "errors.jsonRequired");
  }
  if (!request.body) return {};
  const text = await request.text();
  if (text.trim() === "") return {};
  try {
    return JSON.parse(text);
  } catch {
    throw new HttpError(400, "errors.invalidJson");
  }
}

/**
 * A JSON client's `null` means "none": a field sent as null is treated as left out, so an
 * optional one is simply absent and a required one gets its "required" message.
 */
function withoutNulls(value: unknown): unknown {
  if (!value || typeof value !== "object" || Array.isArray(value)) return value;
  return Object.fromEntries(Object.entries(value).filter(([, v]) => v !== null));
}

/** Parses with a zod schema; failures become a 400 with the schema's (translation-key) messages. */
export function parseOrThrow<T>(
  schema: {
    safeParse(v: unknown):
      | { success: true; data: T }
      | {
          success: false;
          error: {
            flatten(): { fieldErrors: Record<string, string[] | undefined>; formErrors: string[] };
          };
        };
  },
  value: unknown,
): T {
  const result = schema.safeParse(withoutNulls(value));
  if (result.success) return result.data;
  const flat = result.error.flatten();
  const fieldErrors = Object.fromEntries(
    Object.entries(flat.fieldErrors).filter((e): e is [string, string[]] => Boolean(e[1]?.length)),
  );
  throw new HttpError(400, flat.formErrors[0] ?? "errors.validation", fieldErrors);
}
