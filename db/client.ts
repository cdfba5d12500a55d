import { mkdirSync } from "node:fs";
import path from "node:path";
import { type Client, createClient } from "@libsql/client";
import { drizzle } from "drizzle-orm/libsql";
import { config } from "~/config.server";
import * as schema from "./schema";

/**
 * The one database handle of the process. A `file:` URL is the embedded database; a
 * `libsql://` URL (with DATABASE_AUTH_TOKEN) is a libSQL server. The busy timeout goes to
 * createClient so that every pooled connection waits for another process's write instead of
 * failing at once with SQLITE_BUSY.
 */
export function createDatabase(url = config.DATABASE_URL) {
  const file = localPath(url);
  if (file) mkdirSync(path.dirname(file), { recursive: true });
  const client = createClient({
    url,
    authToken: config.DATABASE_AUTH_TOKEN,
    syncUrl: config.DATABASE_SYNC_URL,
    timeout: 10_000,
  });
  return { client, db: drizzle(client, { schema }) };
}

/** The file of an embedded database URL, or null for a server or in-memory database. */
export function localPath(url: string): string | null {
  if (!url.startsWith("file:")) return null;
  const file = url.slice("file:".length).split("?")[0]!;
  return file === ":memory:" ? null : path.resolve(file);
}

export type Database = ReturnType<typeof createDatabase>["db"];

const globalForDb = globalThis as unknown as { __storyshareDb?: { client: Client; db: Database } };
// Kept on globalThis so that development rebuilds reuse the open connection.
globalForDb.__storyshareDb ??= createDatabase();
const instance = globalForDb.__storyshareDb;

export const db: Database = instance.db;
export const dbClient: Client = instance.client;
export { schema };
