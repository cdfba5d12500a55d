/**
 * What the ledger costs at the bench's size (issue 20: cheap at 50,000 donations), at the service
 * layer without HTTP: the site-wide giving totals read afresh (what a page pays once per process
 * every 30 s), and a page of the busiest campaign's ledger with its totals. Run by bench/run.ts
 * with the large database as DATABASE_URL; prints one JSON line.
 */
import { performance } from "node:perf_hooks";
import { dbClient } from "#db/client";
import { forgetGivingTotals, givingTotals } from "~/models/giving-totals.server";
import { poolLedger } from "~/models/ledger.server";
import { percentile } from "./stats";

const ROUNDS = 100;
const round1 = (n: number) => Math.round(n * 10) / 10;

async function time(work: () => Promise<unknown>) {
  await work(); // warm the page cache
  const samples: number[] = [];
  for (let i = 0; i < ROUNDS; i++) {
    const started = performance.now();
    await work();
    samples.push(performance.now() - started);
  }
  samples.sort((a, b) => a - b);
  return { p50: round1(percentile(samples, 50)), p99: round1(percentile(samples, 99)) };
}

const busiest = Number(
  (
    await dbClient.execute(
      "SELECT pool_id FROM pool_donations GROUP BY pool_id ORDER BY count(*) DESC LIMIT 1",
    )
  ).rows[0]?.[0],
);
const donations = Number(
  (await dbClient.execute("SELECT count(*) FROM pool_donations")).rows[0]?.[0],
);
const totals = await time(() => {
  forgetGivingTotals();
  return givingTotals();
});
const ledger = await time(() => poolLedger(busiest, 2));
console.log(JSON.stringify({ donations, totals, ledger }));
dbClient.close();
