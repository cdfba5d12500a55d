/**
 * A read as the front notes it, or the story's loader without a front (decision 061), and the
 * rules both share. No imports: `npm start`'s front loads this file outside the app.
 */

/** One answered story page. */
export interface ReadEvent {
  storyId: number;
  /** The client's address as the front names it to workers; "" when nobody can know it. */
  address: string;
  userAgent: string;
  referer: string;
  /** The host the page was asked of, to tell this site's own pages from other sites. */
  host: string;
  /** When it was answered (epoch ms). */
  at: number;
}

/** The longest text a worker takes in each field (app/schemas/read-event.ts). */
export const READ_LIMITS = { address: 100, userAgent: 2_000, referer: 4_000, host: 300 } as const;

/**
 * A read whose texts are cut to what a worker takes: they come from the client's headers, and
 * one oversized event must not cost its batch (a cut user agent still tells a browser from a bot).
 */
export function readEvent(event: ReadEvent): ReadEvent {
  return {
    storyId: event.storyId,
    address: event.address.slice(0, READ_LIMITS.address),
    userAgent: event.userAgent.slice(0, READ_LIMITS.userAgent),
    referer: event.referer.slice(0, READ_LIMITS.referer),
    host: event.host.slice(0, READ_LIMITS.host),
    at: event.at,
  };
}

/**
 * Whether the client asks for a page ahead of a click (a link's prefetch), not to see it now:
 * `Sec-Purpose`, or `Purpose` and `X-Moz` of older browsers. `header` reads one request header.
 */
/**
 * Sent by the offline worker with its own fetches (Purpose: prefetch, so no read is counted): it
 * asks for a story's data to keep it, so the front must answer with the data, not the 204 a
 * browser's speculative prefetch gets (decisions 061, 066).
 */
export const OFFLINE_COPY_HEADER = "x-storyshare-offline-copy";

export function isPrefetch(header: (name: string) => string | null | undefined): boolean {
  const purpose = header("sec-purpose") ?? header("purpose") ?? header("x-moz");
  return typeof purpose === "string" && purpose.toLowerCase().includes("prefetch");
}
