import path from "node:path";
import { migrate } from "drizzle-orm/libsql/migrator";
import { config } from "~/config.server";
import { db, dbClient, localPath } from "./client";

export const MIGRATIONS_DIR = path.resolve(process.env.MIGRATIONS_DIR ?? "db/migrations");

/** Switches a file database to WAL, applies migrations. */
export async function migrateDatabase() {
  if (localPath(config.DATABASE_URL)) {
    // WAL lets readers go on while one process writes; it is a property of the file and persists.
    await dbClient.execute("PRAGMA journal_mode = WAL");
  }
  await migrate(db, { migrationsFolder: MIGRATIONS_DIR });
}
