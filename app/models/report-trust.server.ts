import { createHmac } from "node:crypto";
import { isIP } from "node:net";
import { sql } from "drizzle-orm";
import { db } from "#db/client";
import { config } from "~/config.server";
import { REPORT_TRUST } from "~/constants";
import { browserId } from "~/http/device-cookie.server";
import { clientIp } from "~/http/http.server";

/**
 * How much a reader's report counts toward hiding an item without an administrator, and where it
 * came from (issue 38 item 4, decision 048). Accounts cost nothing to make, so a report counts
 * only as far as its account has shown it is a reader: its age, a confirmed address, something of
 * its own published. Every report still reaches the administrators' Reports tab.
 */

export type ReportWeight = 0 | 1 | 2;

/** The reporter's trust now, in halves of a report (REPORT_TRUST). */
export async function reporterWeight(userId: string, now = new Date()): Promise<ReportWeight> {
  const [row] = await db.all<{ created_at: string; confirmed: number; published: number }>(sql`
    SELECT u.created_at,
           (u.email IS NOT NULL AND u.email_confirmed_at IS NOT NULL) AS confirmed,
           (EXISTS (SELECT 1 FROM stories s WHERE s.user_id = u.id AND s.status = 'approved')
            OR EXISTS (SELECT 1 FROM comments c JOIN stories s ON s.id = c.story_id
                        WHERE c.user_id = u.id AND c.held_at IS NULL AND c.hidden_at IS NULL
                          AND s.status = 'approved')) AS published
      FROM users u WHERE u.id = ${userId}`);
  if (!row) return 0;
  const age = now.getTime() - new Date(row.created_at).getTime();
  const confirmed = Boolean(row.confirmed);
  const published = Boolean(row.published);
  if (!(age >= REPORT_TRUST.NEW_MS) || (!confirmed && !published)) return 0;
  return age >= REPORT_TRUST.ESTABLISHED_MS && confirmed && published ? 2 : 1;
}

/**
 * Where a report came from, as keyed hashes (never the address itself): the browser's own nonce
 * in the device cookie, and the client's network. Null when unknown (no trusted proxy tells the
 * address); an unknown value never makes two reports "the same".
 */
export interface ReportOrigin {
  device: string | null;
  address: string | null;
}

const keyed = (kind: string, value: string) =>
  createHmac("sha256", config.SESSION_SECRET)
    .update(`report-origin:${kind}:${value}`)
    .digest("base64url")
    .slice(0, 22);

/** The origin of a report sent with this request, and the device cookie to set if it had none. */
export async function reportOrigin(
  request: Request,
): Promise<{ origin: ReportOrigin; cookie: string | null }> {
  const { nonce, cookie } = await browserId(request);
  return { origin: originOf(nonce, clientIp(request)), cookie };
}

export function originOf(nonce: string | null, ip: string | null): ReportOrigin {
  const network = ip ? networkOf(ip) : null;
  return {
    device: nonce ? keyed("device", nonce) : null,
    address: network ? keyed("address", network) : null,
  };
}

/**
 * The network an address stands for: an IPv4 address itself, an IPv6 address's /64 (one
 * household or phone is handed a whole /64 and may use any address in it).
 */
export function networkOf(ip: string): string {
  const bare = ip
    .trim()
    .replace(/^\[|\]$/g, "")
    .split("%")[0]!
    .toLowerCase();
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/.exec(bare);
  if (mapped) return mapped[1]!;
  const kind = isIP(bare);
  if (kind === 4) return bare;
  if (kind === 6) return `${ipv6Groups(bare).slice(0, 4).join(":")}::/64`;
  return bare;
}

/** The eight groups of a valid IPv6 address, without leading zeros. */
function ipv6Groups(address: string): string[] {
  let text = address;
  const v4 = /(\d+)\.(\d+)\.(\d+)\.(\d+)$/.exec(text);
  if (v4) {
    const [a, b, c, d] = v4.slice(1).map(Number) as [number, number, number, number];
    text = `${text.slice(0, v4.index)}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  const [head = "", tail] = text.split("::");
  const start = head ? head.split(":") : [];
  const end = tail ? tail.split(":") : [];
  const gap = tail === undefined ? [] : Array(8 - start.length - end.length).fill("0");
  return [...start, ...gap, ...end].map((g) => Number.parseInt(g, 16).toString(16));
}
