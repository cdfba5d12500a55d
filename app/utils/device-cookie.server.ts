import { randomBytes } from "node:crypto";
import { createCookie } from "@remix-run/node";
import { config } from "~/config.server";
import { cookieSecure } from "~/sessions.server";

/**
 * Device cookies (OWASP, "Slow down online guessing attacks with device cookies"): a browser
 * that has signed in to an account carries a signed cookie naming that account and a random
 * nonce. Its sign-in attempts for that account are counted on their own (per nonce), apart from
 * every unknown browser's. So failures from unknown browsers lock out only unknown browsers: a
 * stranger who knows a username cannot lock its owner out of the browser they use.
 */
const deviceCookie = createCookie("storyshare_device", {
  httpOnly: true,
  sameSite: "lax",
  path: "/",
  maxAge: 60 * 60 * 24 * 365,
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
 * own such as "premium-secret"), or null when this browser has not proved itself for it.
 */
export async function trustedDevice(request: Request, account: string): Promise<string | null> {
  return (await devicesOf(request))[account] ?? null;
}

/** The device cookie with a fresh nonce for `account`, given after each success. */
export async function newDeviceCookie(request: Request, account: string): Promise<string> {
  const devices = await devicesOf(request);
  delete devices[account];
  const kept = Object.entries(devices).slice(-(MAX_ACCOUNTS - 1));
  const next = Object.fromEntries([...kept, [account, randomBytes(16).toString("base64url")]]);
  return deviceCookie.serialize(next, { secure: cookieSecure(request) });
}
