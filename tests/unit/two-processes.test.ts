import { execFile } from "node:child_process";
import { promisify } from "node:util";
import { count, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { db } from "#db/client";
import { auditLog, rateLimits } from "#db/schema";

const run = promisify(execFile);

describe("two server processes on one database file", () => {
  it("both write at once without SQLITE_BUSY and every write lands", async () => {
    const N = 150;
    const child = () =>
      run("node_modules/.bin/tsx", ["tests/unit/fixtures/hammer.ts", String(N)], {
        env: process.env,
      });
    const results = await Promise.all([child(), child()]);
    for (const r of results) expect(r.stdout).toContain("done");

    const [counter] = await db
      .select()
      .from(rateLimits)
      .where(eq(rateLimits.key, "shared-counter"));
    expect(counter?.count).toBe(2 * N);
    const [{ n } = { n: 0 }] = await db
      .select({ n: count() })
      .from(auditLog)
      .where(eq(auditLog.action, "hammer"));
    expect(n).toBe(2 * N);
  }, 120_000);
});
