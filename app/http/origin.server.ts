import { timingSafeEqual } from "node:crypto";
import { config } from "~/config.server";

/**
 * Whether this request's X-Forwarded-* headers are a trusted proxy's word: with TRUST_PROXY, and,
 * behind `npm start`'s front, only when the front's per-boot secret comes with them (decision 046).
 * Anyone who reaches a worker's port directly is believed about nothing.
 */
export function forwardedTrusted(request: Request): boolean {
  if (!config.TRUST_PROXY) return false;
  if (!config.FRONT_SECRET) return true;
  return cameThroughFront(request);
}

/** Whether `header` carries this process's front secret (compared in constant time). */
function carriesFrontSecret(request: Request, header: string): boolean {
  const secret = config.FRONT_SECRET;
  if (!secret) return false;
  const sent = Buffer.from(request.headers.get(header) ?? "");
  const expected = Buffer.from(secret);
  return sent.length === expected.length && timingSafeEqual(sent, expected);
}

/** The request was passed on by `npm start`'s front, which counts its reads (decision 061). */
export function cameThroughFront(request: Request): boolean {
  return carriesFrontSecret(request, "x-storyshare-front");
}

/**
 * A batch of reads from the front itself (server/front/reads.ts). Its own header: the front adds
 * x-storyshare-front to every client request it passes on, this one to its batches only.
 */
export function sentByFrontReads(request: Request): boolean {
  return carriesFrontSecret(request, "x-storyshare-reads");
}

/** SITE_URL as an origin (no trailing slash), or null when it is not set. */
export function configuredOrigin(): string | null {
  return config.SITE_URL ? new URL(config.SITE_URL).origin : null;
}

/**
 * The origin for links in messages sent later, with no request to read a host from: SITE_URL,
 * else this server on localhost (right for a developer's `npm start`; production sets SITE_URL).
 */
export function publicOrigin(): string {
  return configuredOrigin() ?? `http://localhost:${config.PORT}`;
}

/**
 * The site's public origin for absolute links (feeds, sitemap, robots, canonical and Open Graph
 * URLs). SITE_URL when set. Otherwise the request's, taken from a proxy's X-Forwarded-* headers
 * only with TRUST_PROXY: anyone can send those headers straight to the app.
 */
export function siteOrigin(request: Request): string {
  const configured = configuredOrigin();
  if (configured) return configured;
  const url = new URL(request.url);
  if (forwardedTrusted(request)) {
    const proto = request.headers.get("x-forwarded-proto")?.split(",")[0]?.trim();
    const host = request.headers.get("x-forwarded-host")?.split(",")[0]?.trim();
    if (proto && host) return `${proto}://${host}`;
  }
  return url.origin;
}

/**
 * The host this request was sent to, as its browser sees it (for the same-origin check): the
 * proxy's X-Forwarded-Host with TRUST_PROXY, else Host.
 */
export function requestHost(request: Request): string | null {
  const forwarded = forwardedTrusted(request)
    ? request.headers.get("x-forwarded-host")?.split(",")[0]?.trim()
    : undefined;
  return forwarded || request.headers.get("host");
}

/**
 * Cache-Control for a public answer that embeds absolute links. Built from the request's Host,
 * such an answer is not the same for every visitor (one request with a forged Host would be kept
 * and served to all), so a shared cache may keep it only when SITE_URL fixes the origin.
 */
export function absoluteLinksCacheControl(shared: string): string {
  return configuredOrigin() ? shared : "private, no-cache";
}

/**
 * The Secure flag follows the connection: set whenever the request came over HTTPS (directly or
 * through a proxy that says so), and left off on plain HTTP, where browsers would drop a Secure
 * cookie and sign-in would silently fail (local `npm start`, tests).
 */
export function cookieSecure(request: Request) {
  if (config.NODE_ENV !== "production") return false;
  return (
    new URL(request.url).protocol === "https:" ||
    request.headers.get("x-forwarded-proto")?.split(",")[0]?.trim() === "https"
  );
}
