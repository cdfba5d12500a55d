import { migrateDatabase } from "#db/migrate";
import { errorFields, logger } from "~/lib/logger.server";
import { startSender } from "~/messages/sender.server";
import { startSweeper } from "~/models/qpay-confirm.server";
import { ensureAdmin } from "~/models/users.server";

/**
 * Runs once per server process before the first request: migrations, the administrator
 * account, then the message sender (decision 027). A failure here stops the process with the reason in the log rather than serving
 * half-working pages.
 */
export const ready = (async () => {
  try {
    await migrateDatabase();
    await ensureAdmin();
    // Messages queued while no server ran (or by one that died mid-send) go out now.
    startSender();
    // QPay payments no callback announced are found by the sweep (decision 057).
    startSweeper();
  } catch (error) {
    logger.error("startup.failed", errorFields(error));
    process.exit(1);
  }
})();
