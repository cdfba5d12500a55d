import { defineConfig } from "drizzle-kit";

// Only `npm run db:generate` reads this file: migrations are generated from db/schema.ts and
// committed; the app applies them itself at start (db/migrate.ts).
export default defineConfig({
  dialect: "sqlite",
  schema: "./db/schema.ts",
  out: "./db/migrations",
});
