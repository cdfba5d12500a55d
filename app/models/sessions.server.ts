import { createHash, randomBytes } from "node:crypto";
import {
  createCookie,
  createCookieSessionStorage,
  createSessionStorage,
  redirect,
} from "@remix-run/node";
import { and, desc, eq, gt, lt, ne, sql } from "drizzle-orm";
import { db } from "#db/client";
import { sessions, userRoles, users } from "#db/schema";
import { config } from "~/config.server";
import { cookieSecure } from "~/http/origin.server";
import { safeRedirect } from "~/http/redirect.server";
import type { ToastMessage } from "~/lib/toast";
import { unreadColumn } from "~/models/inbox.server";
import { preparedOnce } from "~/models/prepared.server";
import { adminRole, toUser, type User, userColumns } from "~/models/users.server";

const SESSION_DAYS = 30;
const SESSION_MAX_AGE = 60 * 60 * 24 * SESSION_DAYS;

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
const SEEN_EVERY_MS = 5 * 60 * 1000;

const live = (idHash: string) =>
  and(eq(sessions.id_hash, idHash), gt(sessions.expires_at, new Date().toISOString()));

/** "Last seen" for the list on /profile, written at most every few minutes per session. */
async function markSeen(row: { id_hash: string; last_seen_at: string | null }) {
  const now = Date.now();
  if (row.last_seen_at && Date.parse(row.last_seen_at) >= now - SEEN_EVERY_MS) return;
  await db
    .update(sessions)
    .set({ last_seen_at: new Date(now).toISOString() })
    .where(eq(sessions.id_hash, row.id_hash));
}

export const sessionStorage = createSessionStorage<{ userId: string; device?: string }>({
  cookie: sessionCookie,
  async createData(data, expires) {
    const id = randomBytes(32).toString("base64url");
    await db.insert(sessions).values({
      id_hash: hashId(id),
      user_id: data.userId ?? null,
      device: data.device ?? null,
      last_seen_at: new Date().toISOString(),
      data: JSON.stringify(data),
      expires_at: (expires ?? new Date(Date.now() + SESSION_MAX_AGE * 1000)).toISOString(),
    });
    return id;
  },
  async readData(id) {
    const row = await db.query.sessions.findFirst({ where: live(hashId(id)) });
    if (!row) return null;
    await markSeen(row);
    return JSON.parse(row.data);
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

export type SignedIn = User & { unread: number };

/** Built once: it runs for every signed-in request. */
const sessionUserQuery = preparedOnce(prepareSessionUser);

function prepareSessionUser() {
  return db
    .select({
      ...userColumns,
      unread: unreadColumn(users.id),
      id_hash: sessions.id_hash,
      last_seen_at: sessions.last_seen_at,
    })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.user_id))
    .leftJoin(userRoles, adminRole)
    .where(
      and(
        eq(sessions.id_hash, sql.placeholder("idHash")),
        gt(sessions.expires_at, sql.placeholder("now")),
      ),
    )
    .limit(1)
    .prepare();
}

/**
 * The user signed in on this request, with their unread inbox count, found with the session in
 * one query: every signed-in page runs it, and its header shows both.
 */
export async function sessionUser(request: Request): Promise<SignedIn | null> {
  const id = await sessionCookie.parse(request.headers.get("Cookie"));
  if (typeof id !== "string" || !id) return null;
  const [row] = await sessionUserQuery().all({
    idHash: hashId(id),
    now: new Date().toISOString(),
  });
  if (!row) return null;
  const { id_hash, last_seen_at, ...user } = row;
  await markSeen({ id_hash, last_seen_at });
  return toUser(user);
}

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
  session.set("device", (request.headers.get("user-agent") ?? "").slice(0, 300));
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

/** The signed-in person's sessions, newest use first, with the one of this request marked. */
export async function listSessions(userId: string, request: Request) {
  const current = (await sessionStorage.getSession(request.headers.get("Cookie"))).id;
  const rows = await db
    .select({
      id: sessions.id_hash,
      device: sessions.device,
      created_at: sessions.created_at,
      last_seen_at: sessions.last_seen_at,
    })
    .from(sessions)
    .where(and(eq(sessions.user_id, userId), gt(sessions.expires_at, new Date().toISOString())))
    .orderBy(desc(sessions.last_seen_at));
  return rows.map((row) => ({ ...row, current: current ? row.id === hashId(current) : false }));
}

/** Ends one of the person's own sessions (by the id the list gave); not this one. */
export async function endSession(userId: string, id: string, request: Request) {
  const current = (await sessionStorage.getSession(request.headers.get("Cookie"))).id;
  if (current && id === hashId(current)) return false;
  const result = await db
    .delete(sessions)
    .where(and(eq(sessions.user_id, userId), eq(sessions.id_hash, id)));
  return result.rowsAffected === 1;
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
