/** What every bench run asks of its generated database: the reader's session and sample ids. */
import { createClient } from "@libsql/client";
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
