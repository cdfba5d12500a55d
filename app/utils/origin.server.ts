import { config } from "~/config.server";

/** The site's public origin for absolute links (feeds, canonical and Open Graph URLs). */
export function siteOrigin(request: Request): string {
  const url = new URL(request.url);
  if (config.TRUST_PROXY) {
    const proto = request.headers.get("x-forwarded-proto")?.split(",")[0]?.trim();
    const host = request.headers.get("x-forwarded-host")?.split(",")[0]?.trim();
    if (proto && host) return `${proto}://${host}`;
  }
  return url.origin;
}
