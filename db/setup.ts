import { migrateDatabase } from "./migrate";
import { seed } from "./seed";

/** Prepares the database for `npm start`: migrations, then the (idempotent) seed. */
await migrateDatabase();
await seed();
