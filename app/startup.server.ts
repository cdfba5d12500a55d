import { migrateDatabase } from "#db/migrate";
import { ensureAdmin } from "~/models/users.server";
import { errorFields, logger } from "~/utils/logger.server";

/**
 * Runs once per server process before the first request: migrations, then the administrator
 * account. A failure here stops the process with the reason in the log rather than serving
 * half-working pages.
 */
export const ready = (async () => {
  try {
    await migrateDatabase();
    await ensureAdmin();
  } catch (error) {
    logger.error("startup.failed", errorFields(error));
    process.exit(1);
  }
})();
