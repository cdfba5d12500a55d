import { createHmac, timingSafeEqual } from "node:crypto";
import { config } from "~/config.server";

/**
 * Links that work without signing in (unsubscribe, a monthly gift's page) carry an HMAC-SHA256
 * of what they name, keyed with SESSION_SECRET. Each kind of link signs under its own purpose, so
 * a signature made for one can never be passed off as another's.
 */
export function signFor(purpose: string, ...parts: (string | number)[]): string {
  return createHmac("sha256", config.SESSION_SECRET)
    .update([purpose, ...parts].join(":"))
    .digest("base64url");
}

/** Compared in constant time, so a forger learns nothing from how long a refusal takes. */
export function sameSignature(given: string, expected: string): boolean {
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}
