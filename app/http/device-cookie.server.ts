import { randomBytes } from "node:crypto";
import { createCookie } from "@remix-run/node";
import { config } from "~/config.server";
import { cookieSecure } from "~/http/origin.server";
import { hitLimit, peekLimit } from "~/http/rate-limit.server";

/**
 * Device cookies (OWASP, "Slow down online guessing attacks with device cookies"): a browser
 * that has signed in to an account carries a signed cookie naming that account and a random
 * nonce. Its sign-in attempts for that account are counted on their own (per nonce), apart from
 * every unknown browser's. So failures from unknown browsers lock out only unknown browsers: a
 * stranger who knows a username cannot lock its owner out of the browser they use.
 */
const LIFETIME_SECONDS = 60 * 60 * 24 * 365;
const deviceCookie = createCookie("storyshare_device", {
  httpOnly: true,
  sameSite: "lax",
  path: "/",
  maxAge: LIFETIME_SECONDS,
  secrets: [config.SESSION_SECRET],
});

/** account → nonce; a few accounts per browser (a family computer, the premium key). */
type Devices = Record<string, string>;
const MAX_ACCOUNTS = 5;

async function devicesOf(request: Request): Promise<Devices> {
  // A cookie whose signature does not check out parses as null.
  const value: unknown = await deviceCookie.parse(request.headers.get("Cookie"));
  if (!value || typeof value !== "object" || Array.isArray(value)) return {};
  return Object.fromEntries(
    Object.entries(value).filter((e): e is [string, string] => typeof e[1] === "string"),
  );
}

/**
 * The nonce of this browser's device cookie for `account` (a folded username, or a name of our
 * own such as "premium-secret"), or null when this browser has not proved itself for it or its
 * cookie was revoked.
 */
export async function trustedDevice(request: Request, account: string): Promise<string | null> {
  const nonce = (await devicesOf(request))[account] ?? null;
  return nonce && !(await isRevoked(nonce)) ? nonce : null;
}

// Revocations live in the rate-limit table (shared by every process, DESIGN §8) for as long as
// the cookie itself could, so the sweep of expired rows removes them when they no longer matter.
const revoked = (nonce: string) => ({
  key: `device:revoked:${nonce}`,
  max: 1,
  windowMs: LIFETIME_SECONDS * 1000,
});

/**
 * A device cookie that has used up its own failures is put on the lock-out list (OWASP): from
 * then on its browser is an unknown one for that account, until it signs in again.
 */
export async function revokeDevice(nonce: string) {
  await hitLimit(revoked(nonce));
}

async function isRevoked(nonce: string) {
  return !(await peekLimit(revoked(nonce))).allowed;
}

/**
 * This browser's nonce for `account`, and the cookie to set when it had none yet. For counting
 * an anonymous browser's attempts on their own (the premium key): it proves nothing, a caller who
 * drops cookies simply gets a new one, so such buckets always sit under a shared ceiling.
 */
export async function browserNonce(
  request: Request,
  account: string,
): Promise<{ nonce: string; cookie: string | null }> {
  const nonce = (await devicesOf(request))[account];
  return nonce ? { nonce, cookie: null } : withNewNonce(request, account);
}

/** The device cookie with a fresh nonce for `account`, given after each success. */
export async function newDeviceCookie(request: Request, account: string): Promise<string> {
  return (await withNewNonce(request, account)).cookie;
}

/**
 * The entry naming the browser itself rather than an account ("#" is in no username): reports
 * from two accounts in one browser count once (decision 048). Kept when accounts come and go.
 */
const BROWSER = "#browser";

/** This browser's own nonce, and the cookie to set when it had none yet; proves nothing either. */
export const browserId = (request: Request) => browserNonce(request, BROWSER);

async function withNewNonce(request: Request, account: string) {
  const { [BROWSER]: browser, ...devices } = await devicesOf(request);
  delete devices[account];
  const kept = Object.entries(devices).slice(-(MAX_ACCOUNTS - 1));
  const nonce = randomBytes(16).toString("base64url");
  const own = browser && account !== BROWSER ? [[BROWSER, browser]] : [];
  const next = Object.fromEntries([...own, ...kept, [account, nonce]]);
  return { nonce, cookie: await deviceCookie.serialize(next, { secure: cookieSecure(request) }) };
}
