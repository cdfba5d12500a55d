import { createHash, randomBytes } from "node:crypto";
import {
  createCookie,
  createCookieSessionStorage,
  createSessionStorage,
  redirect,
} from "@remix-run/node";
import { and, eq, gt, lt, ne } from "drizzle-orm";
import { db } from "#db/client";
import { sessions } from "#db/schema";
import { config } from "~/config.server";
import { safeRedirect } from "~/utils/redirect.server";
import type { ToastMessage } from "~/utils/toast";

const SESSION_DAYS = 30;
const SESSION_MAX_AGE = 60 * 60 * 24 * SESSION_DAYS;

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

const hashId = (id: string) => createHash("sha256").update(id).digest("hex");

const sessionCookie = createCookie("storyshare_session", {
  httpOnly: true,
  sameSite: "lax",
  path: "/",
  maxAge: SESSION_MAX_AGE,
  secrets: [config.SESSION_SECRET],
});

/**
 * Sessions live in the database (revocable, shared by every server process). The cookie holds a
 * random id; the table holds only its SHA-256, so a copy of the database cannot be replayed as
 * cookies.
 */
export const sessionStorage = createSessionStorage<{ userId: string }>({
  cookie: sessionCookie,
  async createData(data, expires) {
    const id = randomBytes(32).toString("base64url");
    await db.insert(sessions).values({
      id_hash: hashId(id),
      user_id: data.userId ?? null,
      data: JSON.stringify(data),
      expires_at: (expires ?? new Date(Date.now() + SESSION_MAX_AGE * 1000)).toISOString(),
    });
    return id;
  },
  async readData(id) {
    const row = await db.query.sessions.findFirst({
      where: and(
        eq(sessions.id_hash, hashId(id)),
        gt(sessions.expires_at, new Date().toISOString()),
      ),
    });
    return row ? JSON.parse(row.data) : null;
  },
  async updateData(id, data, expires) {
    await db
      .update(sessions)
      .set({
        data: JSON.stringify(data),
        user_id: data.userId ?? null,
        ...(expires ? { expires_at: expires.toISOString() } : {}),
      })
      .where(eq(sessions.id_hash, hashId(id)));
  },
  async deleteData(id) {
    await db.delete(sessions).where(eq(sessions.id_hash, hashId(id)));
  },
});

export async function getSessionUserId(request: Request): Promise<string | null> {
  const session = await sessionStorage.getSession(request.headers.get("Cookie"));
  return session.get("userId") ?? null;
}

/**
 * Signs the user in with a brand-new session id (the old session, if any, is deleted: no
 * fixation) and returns the Set-Cookie header value.
 */
export async function startUserSession(request: Request, userId: string): Promise<string> {
  const old = await sessionStorage.getSession(request.headers.get("Cookie"));
  if (old.id) await sessionStorage.destroySession(old);
  // Expired rows are swept whenever someone signs in: cheap, and the table stays small.
  await db.delete(sessions).where(lt(sessions.expires_at, new Date().toISOString()));
  const session = await sessionStorage.getSession();
  session.set("userId", userId);
  return sessionStorage.commitSession(session, { secure: cookieSecure(request) });
}

/**
 * Ends the user's sessions on every other device (after a password change), keeping this one;
 * with no request, every session of the user (after a password reset).
 */
export async function endOtherSessions(userId: string, request?: Request) {
  const current = request
    ? (await sessionStorage.getSession(request.headers.get("Cookie"))).id
    : "";
  await db
    .delete(sessions)
    .where(
      and(
        eq(sessions.user_id, userId),
        current ? ne(sessions.id_hash, hashId(current)) : undefined,
      ),
    );
}

/** Deletes the session row and returns the Set-Cookie header that clears the cookie. */
export async function endUserSession(request: Request): Promise<string> {
  const session = await sessionStorage.getSession(request.headers.get("Cookie"));
  return sessionStorage.destroySession(session, { secure: cookieSecure(request) });
}

// Toasts travel in a signed flash cookie so they survive the redirect after a form post and
// show with or without JavaScript (read once by the root loader).
const toastStorage = createCookieSessionStorage<Record<string, never>, { toast: ToastMessage }>({
  cookie: {
    name: "storyshare_toast",
    httpOnly: true,
    sameSite: "lax",
    path: "/",
    secrets: [config.SESSION_SECRET],
  },
});

export async function toastHeader(request: Request, toast: ToastMessage): Promise<string> {
  const session = await toastStorage.getSession();
  session.flash("toast", toast);
  return toastStorage.commitSession(session, { secure: cookieSecure(request) });
}

export async function readToast(request: Request) {
  const session = await toastStorage.getSession(request.headers.get("Cookie"));
  const toast = session.get("toast") ?? null;
  const setCookie = toast ? await toastStorage.destroySession(session) : null;
  return { toast, setCookie };
}

export async function redirectWithToast(
  request: Request,
  url: string,
  toast: ToastMessage,
  init: ResponseInit = {},
) {
  const headers = new Headers(init.headers);
  headers.append("Set-Cookie", await toastHeader(request, toast));
  return redirect(safeRedirect(url), { ...init, headers });
}
