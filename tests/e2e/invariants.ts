import path from "node:path";
import { createClient } from "@libsql/client";
import { E2E_DIR } from "../../playwright.config";

/**
 * Runs once after all journeys, against the database they used: money is never created or lost
 * (each pool's total equals the sum of its verified donations) and the file is sound.
 */
export default async function checkInvariants() {
  const db = createClient({ url: `file:${path.join(E2E_DIR, "app.db")}` });
  try {
    const integrity = await db.execute("PRAGMA integrity_check");
    if (integrity.rows[0]?.[0] !== "ok") {
      throw new Error(`integrity_check: ${JSON.stringify(integrity.rows)}`);
    }
    const foreignKeys = await db.execute("PRAGMA foreign_key_check");
    if (foreignKeys.rows.length > 0) {
      throw new Error(`foreign_key_check: ${JSON.stringify(foreignKeys.rows)}`);
    }
    const wrong = await db.execute(`
      SELECT p.id, p.name, p.current_amount,
             (SELECT coalesce(sum(amount), 0) FROM pool_donations d
               WHERE d.pool_id = p.id AND d.status = 'verified') AS verified
        FROM donation_pools p
       WHERE p.current_amount <> (SELECT coalesce(sum(amount), 0) FROM pool_donations d
                                   WHERE d.pool_id = p.id AND d.status = 'verified')`);
    if (wrong.rows.length > 0) {
      throw new Error(
        `pool totals differ from their verified donations: ${JSON.stringify(wrong.rows)}`,
      );
    }
  } finally {
    db.close();
  }
}
