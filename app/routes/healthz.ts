import { sql } from "drizzle-orm";
import { db } from "#db/client";
import { errorFields, logger } from "~/lib/logger.server";

/**
 * GET /healthz: for load balancers and monitors. 200 when this process can read the database,
 * 503 otherwise; never cached, no personal data.
 */
export async function loader() {
  const headers = { "Cache-Control": "no-store" };
  try {
    await db.run(sql`SELECT 1`);
    return Response.json({ status: "ok", database: "ok" }, { headers });
  } catch (error) {
    logger.error("health.database_unavailable", errorFields(error));
    return Response.json({ status: "unavailable", database: "error" }, { status: 503, headers });
  }
}
