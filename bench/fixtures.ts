/** What every bench run asks of its generated database: the reader's session and sample ids. */
import { execFileSync } from "node:child_process";
import { existsSync, mkdirSync, rmSync, symlinkSync } from "node:fs";
import path from "node:path";
import { createClient } from "@libsql/client";
import { frontCommand } from "../scripts/front-command.mjs";
import { BENCH_READER, BENCH_READER_PASSWORD } from "./generate";

/** Signs the generated reader in at `base`; returns the session cookie. */
export async function signIn(base: string) {
  const response = await fetch(`${base}/api/login`, {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify({ username: BENCH_READER, password: BENCH_READER_PASSWORD }),
  });
  const cookie = response.headers.get("set-cookie")?.split(";")[0];
  if (!response.ok || !cookie) throw new Error(`Sign-in failed: ${response.status}`);
  return cookie;
}

/** A story from the middle of the list and the pool with the most donations. */
export async function sampleIds(databaseUrl: string) {
  const client = createClient({ url: databaseUrl });
  const story = await client.execute(
    "SELECT id FROM stories WHERE status = 'approved' ORDER BY id LIMIT 1 OFFSET (SELECT COUNT(*) / 2 FROM stories)",
  );
  const pool = await client.execute(
    "SELECT pool_id FROM pool_donations GROUP BY pool_id ORDER BY COUNT(*) DESC LIMIT 1",
  );
  client.close();
  return { story: Number(story.rows[0]?.[0]), pool: Number(pool.rows[0]?.[0]) };
}

/**
 * What a production server on a bench database needs besides the caller's environment: its
 * folder `data` (media, data, an env file that is not there), the database, the port, the
 * administrator, and SITE_URL as deployed (absolute links from it, so story and pool pages may be
 * shared).
 */
export function benchServerEnv(data: string, databaseUrl: string, port: number): NodeJS.ProcessEnv {
  return {
    NODE_ENV: "production",
    PORT: String(port),
    ENV_FILE: path.join(data, "none.env"),
    DATABASE_URL: databaseUrl,
    MEDIA_DIR: path.join(data, "media"),
    DATA_DIR: data,
    ADMIN_USERNAME: "admin",
    ADMIN_PASSWORD: "bench-admin-password",
    SITE_URL: "https://storyshare.example",
    LOG_LEVEL: "warn",
  };
}

/**
 * Another commit's `server/` in `data`, beside this checkout's app, build and packages, so its
 * front runs the same workers and only the front's own code differs; the command that runs it
 * (from source through tsx: a checkout without the bundle's script).
 */
export function baseCheckout(commit: string, data: string): string[] {
  const dir = path.join(data, `base-${commit}`);
  if (!existsSync(path.join(dir, "server/front.ts"))) {
    rmSync(dir, { recursive: true, force: true });
    mkdirSync(dir, { recursive: true });
    execFileSync("sh", ["-c", `git archive "${commit}" server | tar -x -C "${dir}"`]);
    for (const name of ["app", "build", "node_modules", "db", "tsconfig.json", "package.json"])
      symlinkSync(path.resolve(name), path.join(dir, name));
  }
  return frontCommand(dir);
}
