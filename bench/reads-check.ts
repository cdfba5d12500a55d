import { createClient } from "@libsql/client";

/**
 * Counting on (decision 061): after the front's runs, distinct visitors read one story through
 * `npm start` (a user agent each, some twice) and the bench reads what reached the database.
 * The front posts its reads in batches (every second, or 500 at once); the worker writes each
 * batch in one transaction. The reads counted must equal the distinct visitors.
 */

const READER = "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 Chrome/130.0 Safari/537.36";

async function readsOf(databaseUrl: string, storyId: number): Promise<number> {
  const client = createClient({ url: databaseUrl });
  try {
    const row = await client.execute({
      sql: "SELECT COALESCE(SUM(reads), 0) FROM story_reads WHERE story_id = ?",
      args: [storyId],
    });
    return Number(row.rows[0]?.[0] ?? 0);
  } finally {
    client.close();
  }
}

export async function readsCheck(
  base: string,
  databaseUrl: string,
  storyId: number,
  visitors = 1_000,
  repeats = 200,
) {
  const before = await readsOf(databaseUrl, storyId);
  // New visitors each run: a visitor is counted once per story and day, and a reused database
  // (BENCH_REUSE=1) has already counted the last run's.
  const run = Date.now().toString(36);
  const agents = Array.from({ length: visitors }, (_, i) => `${READER} BenchReader/${run}-${i}`);
  const queue = [...agents, ...agents.slice(0, repeats)];
  const started = Date.now();
  await Promise.all(
    Array.from({ length: 32 }, async () => {
      for (let agent = queue.shift(); agent; agent = queue.shift()) {
        const response = await fetch(`${base}/stories/${storyId}`, {
          headers: { "user-agent": agent, "accept-encoding": "gzip" },
        });
        await response.arrayBuffer();
      }
    }),
  );
  const sentMs = Date.now() - started;
  // The front's next batch, and the worker's write of it.
  let counted = 0;
  for (let i = 0; i < 20; i++) {
    await new Promise((r) => setTimeout(r, 500));
    counted = (await readsOf(databaseUrl, storyId)) - before;
    if (counted >= visitors) break;
  }
  return { visitors, repeats, counted, sentMs };
}
