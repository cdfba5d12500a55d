import { sameSignature, signFor } from "~/http/signature.server";

/**
 * A monthly gift's own link (issue 43), the donor's key to it without an account:
 * `/monthly/{id}.{version}.{signature}`, the signature an HMAC of the id and the gift's
 * `link_version`. Raising the version refuses every older link at once; a stop does not raise
 * it, so the donor can still see what became of their gift.
 */

const PURPOSE = "monthly-gift";

export function monthlyToken(id: number, version: number): string {
  return `${id}.${version}.${signFor(PURPOSE, id, version)}`;
}

export const monthlyPath = (token: string) => `/monthly/${token}`;

/** The id and version a token names, when its signature is genuine; null for anything else. */
export function readMonthlyToken(token: string): { id: number; version: number } | null {
  const match = /^([1-9]\d{0,15})\.([1-9]\d{0,8})\.([\w-]{43})$/.exec(token);
  if (!match) return null;
  const id = Number(match[1]);
  const version = Number(match[2]);
  if (!Number.isSafeInteger(id)) return null;
  return sameSignature(match[3]!, signFor(PURPOSE, id, version)) ? { id, version } : null;
}
