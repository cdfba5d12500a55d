import { redirect } from "@remix-run/node";
import { Authenticator } from "remix-auth";
import { FormStrategy } from "remix-auth-form";
import { newDeviceCookie, revokeDevice, trustedDevice } from "~/http/device-cookie.server";
import { clientIp, HttpError } from "~/http/http.server";
import { forgiveHit, hitLimit, type Limit, peekLimit, resetLimit } from "~/http/rate-limit.server";
import { requestLanguage } from "~/i18next.server";
import { logger } from "~/lib/logger.server";
import type { ToastMessage } from "~/lib/toast";
import { setAccountEmail } from "~/models/account-email.server";
import { refuseCommonPassword } from "~/models/passwords.server";
import {
  redirectWithToast,
  type SignedIn,
  sessionUser,
  startUserSession,
} from "~/models/sessions.server";
import {
  createUser,
  type User,
  UsernameTakenError,
  usernameKey,
  verifyLogin,
} from "~/models/users.server";
import { LoginSchema, RegisterSchema } from "~/schemas/auth";
import { recordAccountLanguage } from "~/web/account-language.server";

/** Thrown by the strategies; `message` is a translation key for the screen and the API. */
export class AuthFailure extends Error {}

/**
 * remix-auth 4 only runs the strategy and returns the user; the session is ours
 * (startUserSession). Input was validated with the same schemas before this runs.
 */
export const authenticator = new Authenticator<User>();

authenticator.use(
  new FormStrategy(async ({ form }) => {
    const input = LoginSchema.parse(Object.fromEntries(form));
    const user = await verifyLogin(input.username, input.password);
    if (!user) throw new AuthFailure("auth.invalidCredentials");
    return user;
  }),
  "login",
);

authenticator.use(
  new FormStrategy(async ({ form }) => {
    const input = RegisterSchema.parse(Object.fromEntries(form));
    try {
      return await createUser(input.username, input.password);
    } catch (error) {
      if (error instanceof UsernameTakenError) throw new AuthFailure(error.message);
      throw error;
    }
  }),
  "register",
);

const MINUTE = 60_000;
const LOGIN_WINDOW = 15 * MINUTE;
export const LOGIN_FAILURES = 10;

/**
 * The buckets a sign-in attempt is counted in. An account's attempts from a browser holding its
 * device cookie are counted per device; all others together per account, so a guesser without
 * the cookie can lock out only browsers without it (device-cookie.server.ts). Per address too,
 * when a trusted proxy names it.
 */
async function loginLimits(request: Request, username: string) {
  const ip = clientIp(request);
  const account = usernameKey(username);
  const device = await trustedDevice(request, account);
  const own: Limit = device
    ? { key: `login:device:${device}`, max: LOGIN_FAILURES, windowMs: LOGIN_WINDOW }
    : { key: `login:untrusted:${account}`, max: LOGIN_FAILURES, windowMs: LOGIN_WINDOW };
  const address: Limit[] = ip
    ? [{ key: `login:ip:${ip}`, max: 5 * LOGIN_FAILURES, windowMs: LOGIN_WINDOW }]
    : [];
  return { device, own, address };
}

function registerLimits(request: Request): Limit[] {
  const ip = clientIp(request);
  return [
    ip
      ? { key: `register:ip:${ip}`, max: 10, windowMs: 60 * MINUTE }
      : { key: "register:all", max: 200, windowMs: 60 * MINUTE },
  ];
}

export type AuthResult =
  | { ok: true; user: User; cookies: string[] }
  | {
      ok: false;
      status: 400 | 401 | 409 | 429;
      error: string;
      /** The field the refusal is about, when it is one field's. */
      field?: "username" | "password";
      retryAfterSeconds?: number;
    };

/**
 * Signing in and registering, for the /login screen and /api alike: rate limits, the
 * remix-auth strategy, then a fresh session. `input` has passed LoginSchema/RegisterSchema.
 */
export async function authenticate(
  kind: "login" | "register",
  request: Request,
  input: Record<string, string | undefined>,
): Promise<AuthResult> {
  if (kind === "register") {
    // Before the attempt is counted: choosing a better password is not another try.
    try {
      refuseCommonPassword(input.password ?? "");
    } catch (error) {
      if (!(error instanceof HttpError)) throw error;
      return { ok: false, status: 400, error: error.message, field: "password" };
    }
  }
  const login = kind === "login" ? await loginLimits(request, input.username ?? "") : null;
  const limits = login ? [login.own, ...login.address] : registerLimits(request);
  // Every attempt is counted before the password is checked, so attempts sent in parallel cannot
  // all pass one look at the counter; a sign-in that succeeds takes its count back below (a
  // person who types their password right is never locked out by their own sign-ins).
  for (const limit of limits) {
    const state = await hitLimit(limit);
    if (!state.allowed) {
      logger.warn("auth.rate_limited", { kind, username: input.username, ip: clientIp(request) });
      return {
        ok: false,
        status: 429,
        error: "errors.tooManyAttempts",
        retryAfterSeconds: state.retryAfterSeconds,
      };
    }
  }
  const form = new FormData();
  for (const [key, value] of Object.entries(input)) if (value !== undefined) form.set(key, value);
  const formRequest = new Request(request.url, { method: "POST", body: form });
  try {
    const user = await authenticator.authenticate(kind, formRequest);
    if (login) await forgiveLogin(login);
    // An address given at registration gets its confirmation link (issue 17).
    if (kind === "register" && input.email) await setAccountEmail(user, input, request);
    // The person's mail follows the language they sign in with (decision 027, amended).
    else await recordAccountLanguage(user.id, await requestLanguage(request));
    const cookies = [
      await startUserSession(request, user.id),
      await newDeviceCookie(request, usernameKey(user.username)),
    ];
    return { ok: true, user, cookies };
  } catch (error) {
    if (!(error instanceof AuthFailure)) throw error;
    if (login) {
      // A device cookie that has used up its failures is revoked: its browser is then counted
      // with the unknown ones (OWASP), so it cannot go on guessing at its own pace.
      if (login.device && !(await peekLimit(login.own)).allowed) await revokeDevice(login.device);
      // The name tried and where from; never the password.
      logger.warn("auth.login_failed", { username: input.username, ip: clientIp(request) });
    }
    return kind === "login"
      ? { ok: false, status: 401, error: error.message }
      : { ok: false, status: 409, error: error.message, field: "username" };
  }
}

/**
 * After a sign-in: a device starts afresh (only its holder can count there), while the shared
 * buckets lose just this attempt. Clearing them would let a guesser who signs in to an account of
 * their own wipe the count of their guesses at others, from the same address.
 */
async function forgiveLogin({ device, own, address }: Awaited<ReturnType<typeof loginLimits>>) {
  await (device ? resetLimit(own.key) : forgiveHit(own.key));
  await Promise.all(address.map((l) => forgiveHit(l.key)));
}

export function getUser(request: Request): Promise<SignedIn | null> {
  return sessionUser(request);
}

/** Set-Cookie headers for the cookies of a sign-in (the session and the device cookie). */
export function cookieHeaders(cookies: string[]): Headers {
  const headers = new Headers();
  for (const cookie of cookies) headers.append("Set-Cookie", cookie);
  return headers;
}

/** The signed-in user, or a redirect to /login that comes back here afterwards. */
export async function requireUser(
  request: Request,
  { redirectTo, toast }: { redirectTo?: string; toast?: ToastMessage } = {},
): Promise<User> {
  const user = await getUser(request);
  if (user) return user;
  const url = new URL(request.url);
  const back = redirectTo ?? `${url.pathname}${url.search}`;
  const to = `/login?${new URLSearchParams({ redirect: back })}`;
  throw toast ? await redirectWithToast(request, to, toast) : redirect(to);
}

/**
 * For screens: a signed-in user who is not an administrator is sent to / (spec 01 §6); someone
 * not signed in is asked to sign in first, and comes back here afterwards.
 */
export async function requireAdmin(request: Request): Promise<User> {
  const user = await getUser(request);
  if (user?.role === "admin") return logAdminAction(request, user);
  logDenied(request, user);
  if (user) throw redirect("/");
  const url = new URL(request.url);
  throw redirect(`/login?${new URLSearchParams({ redirect: `${url.pathname}${url.search}` })}`);
}

/** What an administrator changes is in the audit log; the request itself (no body) goes to the log. */
function logAdminAction(request: Request, user: User) {
  if (request.method !== "GET" && request.method !== "HEAD") {
    logger.info("admin.request", {
      user: user.username,
      method: request.method,
      path: new URL(request.url).pathname,
    });
  }
  return user;
}

function logDenied(request: Request, user: User | null) {
  logger.warn("auth.denied", {
    user: user?.username ?? null,
    method: request.method,
    path: new URL(request.url).pathname,
    ip: clientIp(request),
  });
}

/** For /api: the signed-in user, or 401. */
export async function requireApiUser(request: Request): Promise<User> {
  const user = await getUser(request);
  if (!user) throw new HttpError(401, "errors.notSignedIn");
  return user;
}

/** For /api: an administrator, or 401 (anonymous) / 403 (signed in, not an administrator). */
export async function requireApiAdmin(request: Request): Promise<User> {
  const user = await getUser(request);
  if (user?.role === "admin") return logAdminAction(request, user);
  logDenied(request, user);
  if (!user) throw new HttpError(401, "errors.notSignedIn");
  throw new HttpError(403, "errors.adminOnly");
}
