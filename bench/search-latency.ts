/**
 * How long one search takes at the bench's size (issue 19: under 50 ms at 20,000 stories), at the
 * service layer: the query, its count and the snippets, without HTTP. Run by bench/run.ts with
 * the large database as DATABASE_URL; prints one JSON line.
 */
import { performance } from "node:perf_hooks";
import { dbClient } from "#db/client";
import { searchPools, searchStories } from "~/models/search.server";
import { percentile } from "./stats";

/** Words of the demo and generated stories, typed the ways people type them. */
const QUERIES = [
  "ulaanbaatar",
  "улаанбаатар",
  "өвөл",
  "ovol",
  "hudaldaa",
  "mongol",
  "сургууль",
  "aav eej",
  "баярлалаа",
  "zud",
];
const ROUNDS = 20;

for (const q of QUERIES) await searchStories(q); // warm the page cache
const samples: number[] = [];
for (let round = 0; round < ROUNDS; round++) {
  for (const q of QUERIES) {
    const started = performance.now();
    await searchStories(q, 1 + (round % 3));
    samples.push(performance.now() - started);
  }
}
const pools: number[] = [];
for (const q of QUERIES) {
  const started = performance.now();
  await searchPools(q);
  pools.push(performance.now() - started);
}
samples.sort((a, b) => a - b);
pools.sort((a, b) => a - b);
const round1 = (n: number) => Math.round(n * 10) / 10;
console.log(
  JSON.stringify({
    queries: QUERIES.length,
    samples: samples.length,
    p50: round1(percentile(samples, 50)),
    p99: round1(percentile(samples, 99)),
    max: round1(samples.at(-1)!),
    poolsP99: round1(percentile(pools, 99)),
  }),
);
dbClient.close();
