import { randomBytes } from "node:crypto";
import { mkdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import { and, eq } from "drizzle-orm";
import { db } from "#db/client";
import { type Role, userRoles, users } from "#db/schema";
import { config } from "~/config.server";
import { logger } from "~/lib/logger.server";
import { getDummyHash, hashPassword, verifyPassword } from "~/lib/password.server";

export interface User {
  id: string;
  username: string;
  role: Role;
  avatar_url: string | null;
}

export class UsernameTakenError extends Error {
  constructor() {
    super("auth.usernameTaken");
  }
}

/**
 * How a username is folded to find its account: compatibility forms (fullwidth ｓａｒａａ) as
 * their plain letters, surrounding spaces dropped, case ignored. Sign-in, registration and the
 * sign-in attempt counters all use it, so look-alike spellings share one account and one count.
 */
export function usernameKey(username: string) {
  return username.normalize("NFKC").trim().toLocaleLowerCase("en-US");
}

/**
 * A User's columns, to select with the admin role's row joined by `adminRole` if they hold it
 * (user and role are unique together); `toUser` turns the row into a User.
 */
export const userColumns = {
  id: users.id,
  username: users.username,
  avatar_url: users.avatar_url,
  admin: userRoles.role,
};
export const adminRole = and(eq(userRoles.user_id, users.id), eq(userRoles.role, "admin"));

export function toUser<Row extends { admin: Role | null }>({ admin, ...rest }: Row) {
  return { ...rest, role: (admin ? "admin" : "user") as Role };
}

/** Creates an account with the user role. Throws UsernameTakenError when the name is in use. */
export async function createUser(
  username: string,
  password: string,
  role: Role = "user",
): Promise<User> {
  const password_hash = await hashPassword(password);
  const id = crypto.randomUUID();
  try {
    await db.batch([
      db.insert(users).values({ id, username, username_key: usernameKey(username), password_hash }),
      db.insert(userRoles).values({ user_id: id, role }),
    ]);
  } catch (error) {
    if (String((error as Error)?.message ?? error).includes("UNIQUE"))
      throw new UsernameTakenError();
    throw error;
  }
  return { id, username, role, avatar_url: null };
}

/** The user whose username and password match, or null. Takes the same time either way. */
export async function verifyLogin(username: string, password: string): Promise<User | null> {
  const [row] = await db
    .select({ ...userColumns, password_hash: users.password_hash })
    .from(users)
    .leftJoin(userRoles, adminRole)
    .where(eq(users.username_key, usernameKey(username)))
    .limit(1);
  const ok = await verifyPassword(password, row?.password_hash ?? (await getDummyHash()));
  if (!row || !ok) return null;
  const { password_hash: _, ...user } = row;
  return toUser(user);
}

/**
 * Makes sure the administrator from ADMIN_USERNAME exists and holds the admin role. With
 * ADMIN_PASSWORD set, that password is the one that works; without it, a new administrator
 * gets a random password written to data/admin-password.txt (and nothing in the code).
 */
export async function ensureAdmin(): Promise<void> {
  const username = config.ADMIN_USERNAME;
  const existing = await db.query.users.findFirst({
    where: eq(users.username_key, usernameKey(username)),
  });
  if (!existing) {
    const password = config.ADMIN_PASSWORD ?? generatedAdminPassword();
    await createUser(username, password, "admin");
    logger.info("admin.created", { username });
    return;
  }
  if (
    config.ADMIN_PASSWORD &&
    !(await verifyPassword(config.ADMIN_PASSWORD, existing.password_hash))
  ) {
    await db
      .update(users)
      .set({ password_hash: await hashPassword(config.ADMIN_PASSWORD) })
      .where(eq(users.id, existing.id));
    logger.info("admin.password_updated", { username });
  }
  await db.insert(userRoles).values({ user_id: existing.id, role: "admin" }).onConflictDoNothing();
}

function generatedAdminPassword() {
  const password = randomBytes(12).toString("base64url");
  const file = path.resolve(config.DATA_DIR, "admin-password.txt");
  mkdirSync(path.dirname(file), { recursive: true });
  writeFileSync(file, `${config.ADMIN_USERNAME}\n${password}\n`, { mode: 0o600 });
  logger.warn("admin.generated_password", { file, hint: "set ADMIN_PASSWORD to choose it" });
  return password;
}
