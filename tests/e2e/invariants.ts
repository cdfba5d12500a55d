import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { createClient } from "@libsql/client";
import { E2E_DIR } from "../../playwright.config";
import {
  DONATION_TOTALS_WRONG,
  POOL_DAYS_WRONG,
  POOL_TOTALS_WRONG,
  STORY_COUNTS_WRONG,
} from "../invariant-queries";

/**
 * Runs once after all journeys, against the database they used: money is never created or lost
 * (each pool's total equals the sum of its verified donations), the story counts are right, and
 * the file is sound; and every /api answer the journeys received was what its declaration
 * documents (app/api/contract-check.server.ts).
 */
export default async function checkInvariants() {
  const contract = path.join(E2E_DIR, "api-contract-violations.log");
  if (existsSync(contract) && readFileSync(contract, "utf8").trim()) {
    throw new Error(
      `/api answers that part from their declaration:\n${readFileSync(contract, "utf8")}`,
    );
  }
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
    const wrongTotals = await db.execute(POOL_TOTALS_WRONG);
    if (wrongTotals.rows.length > 0) {
      throw new Error(
        `pool totals differ from their verified donations: ${JSON.stringify(wrongTotals.rows)}`,
      );
    }
    const wrongCounts = await db.execute(STORY_COUNTS_WRONG);
    if (wrongCounts.rows.length > 0) {
      throw new Error(`story counts differ from the stories: ${JSON.stringify(wrongCounts.rows)}`);
    }
    const wrongGifts = await db.execute(DONATION_TOTALS_WRONG);
    if (wrongGifts.rows.length > 0) {
      throw new Error(`gift totals differ from the gifts: ${JSON.stringify(wrongGifts.rows)}`);
    }
    const wrongDays = await db.execute(POOL_DAYS_WRONG);
    if (wrongDays.rows.length > 0) {
      throw new Error(`campaign days differ from the gifts: ${JSON.stringify(wrongDays.rows)}`);
    }
  } finally {
    db.close();
  }
}
