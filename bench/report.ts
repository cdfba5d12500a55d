/** bench/RESULTS.md from one run: the tables a reader compares across commits. */
import { pct } from "./budgets";
import type { BenchResults, BudgetResult } from "./types";

const kb = (bytes: number) => (bytes / 1024).toFixed(1);

function table(head: string[], rows: (string | number)[][]) {
  const line = (cells: (string | number)[]) => `| ${cells.join(" | ")} |`;
  return [line(head), line(head.map(() => "---")), ...rows.map(line)].join("\n");
}

function servedBy(m: BenchResults["routes"][number]) {
  const copy = m.copyStatus === "hit" ? ", member copy" : "";
  if (m.via === "origin") return `app, 1 process${copy}`;
  const processes = `${m.processes ?? 1} app process${m.processes === 1 ? "" : "es"}${copy}`;
  if (m.via === "front")
    return m.cacheStatus === "HIT" ? "npm start, front cache (HIT)" : `npm start → ${processes}`;
  return m.cacheStatus === "HIT" ? `nginx cache (HIT)` : `nginx (${m.cacheStatus}) → ${processes}`;
}

export function renderResults(r: BenchResults & { budgets: BudgetResult[] }) {
  const s = r.settings;
  const missed = r.budgets.filter((b) => !b.met);
  return `# Benchmark results

Written by \`npm run bench\` on ${r.date.slice(0, 16).replace("T", " ")} UTC: ${r.machine.cpus} × ${r.machine.cpu ?? "CPU"}, Node ${r.machine.node}; ${s.stories.toLocaleString("en")} approved stories; wrk (2 threads, \`Accept-Encoding: gzip\` and a browser's \`Accept\`) at ${s.connections} connections for ${s.durationSeconds} s per route after a warm-up; every throughput also as a share of the static ceiling measured with wrk in the same run. Took ${r.seconds} s. What the figures mean and what is being done about the missed budgets: [docs/benchmark.md](../docs/benchmark.md).

## Throughput and latency

${table(
  ["Route", "Signed in", "Served by", "req/s", "p50 ms", "p99 ms", "vs static", "non-2xx"],
  [
    [
      "static ceiling (home HTML from memory)",
      "",
      "Node http",
      r.staticCeiling.requestsPerSecond,
      r.staticCeiling.p50,
      r.staticCeiling.p99,
      "100 %",
      r.staticCeiling.non2xx,
    ],
    ...r.routes.map((m) => [
      `\`${m.path}\``,
      m.signedIn ? "yes" : "no",
      servedBy(m),
      m.requestsPerSecond,
      m.p50,
      m.p99,
      pct(m.ratioToStatic),
      m.non2xx + m.errors,
    ]),
  ],
)}

## Growth

Home page at 100 stories: ${r.growth.homeSmall.requestsPerSecond} req/s (p99 ${r.growth.homeSmall.p99} ms); at ${s.stories.toLocaleString("en")}: ${r.growth.homeLarge.requestsPerSecond} req/s (p99 ${r.growth.homeLarge.p99} ms). Cost ratio: **${r.growth.costRatio}**.

${
  r.ledger
    ? `## Ledger (service layer)

${r.ledger.donations.toLocaleString("en")} donations. Giving totals read afresh: p50 ${r.ledger.totals.p50} ms, p99 ${r.ledger.totals.p99} ms. A page of the busiest campaign's ledger: p50 ${r.ledger.ledger.p50} ms, p99 ${r.ledger.ledger.p99} ms.

`
    : ""
}${
  r.reads
    ? `## Counting reads (on, as by default)

Every run above counted reads as \`npm start\` does by default (decision 061): the front notes each story page it answers, cache hits included, and posts them to a worker in batches (every second, or 500 at once), written in one transaction per batch. wrk sends one browser's user agent, so its hits are one visitor. After the front's runs, ${r.reads.visitors.toLocaleString("en")} distinct visitors (and ${r.reads.repeats.toLocaleString("en")} of them again) read one story in ${(r.reads.sentMs / 1000).toFixed(1)} s: **${r.reads.counted.toLocaleString("en")} reads** reached the database${r.reads.counted === r.reads.visitors ? ", one per visitor" : `, not ${r.reads.visitors.toLocaleString("en")}`}.

`
    : ""
}${r.memory ? memorySection(r.memory) : ""}${r.tenfold ? tenfoldSection(r.tenfold) : ""}## Page weight (first visit, gzip)

${table(
  ["Route", "JS KB", "CSS KB", "JS files"],
  r.pageWeight.routes.map((w) => [`\`${w.route}\``, kb(w.jsGzip), kb(w.cssGzip), w.files]),
)}

Images referenced by the home page: ${r.pageWeight.homeImages.images}, ${kb(r.pageWeight.homeImages.bytes)} KB.
${r.visits ? visitsSection(r.visits) : ""}
## Lighthouse (mobile preset)

${
  r.lighthouse.length
    ? table(
        [
          "Page",
          "Performance",
          "The page without module scripts",
          "Host's benchmarkIndex",
          "Accessibility",
          "Best practices",
          "SEO",
        ],
        r.lighthouse.map((l) => [
          `\`${new URL(l.url).pathname}\``,
          l.performance,
          l.withoutScripts,
          l.benchmarkIndex,
          l.accessibility,
          l.bestPractices,
          l.seo,
        ]),
      )
    : "Not run in this pass."
}

Medians of five runs each, the page as served and the same page without its module scripts taking turns. The second is this host's reference: the score of the document alone (its headers, inline scripts, stylesheet, images and fonts), with nothing of ours to load, run or hydrate (decision 045). Lighthouse's simulated phone multiplies what the host's main thread did, so both move with the host: its own scale puts a high-end desktop at a benchmarkIndex of 1,500–2,000.

## Budgets

Issue 45's thresholds for \`npm start\` alone (its front and one worker per core, decision 037), and issue 21's for the deployment of docs/deployment.md (nginx's shared cache in front of one app process per core), each as a share of the static ceiling measured with wrk in the same run; rendered pages, ten times the data, Lighthouse, page weight and memory as issue 45 sets them.

${table(
  ["Budget", "Limit", "Measured", "Met", "Why missed, next step"],
  r.budgets.map((b) => [
    b.budget,
    b.limit,
    b.measured,
    b.met ? "yes" : "**no**",
    b.met ? "" : (b.whenMissed ?? ""),
  ]),
)}

${missed.length ? `${missed.length} budget(s) missed.` : "All budgets met."}
`;
}

/** Issue 44: what a phone downloads on a first visit, a repeat visit and in light mode. */
function visitsSection(v: NonNullable<BenchResults["visits"]>): string {
  const rows = v.pages.map((p) => [
    `\`${p.path.replace(/\d+$/, "{id}")}\``,
    `${kb(p.first.bytes)} (${p.first.requests})`,
    `${kb(p.repeat.bytes)} (${p.repeat.requests}; ${p.repeat.fromWorker} from the worker)`,
    `${kb(p.light.bytes)} (${p.light.requests})`,
    `${Math.round((100 * p.light.bytes) / Math.max(1, p.first.bytes))} %`,
  ]);
  return `
## What a phone downloads (bytes over the network, KB, and requests)

Chromium with an empty cache opens the page (first visit), then opens it again in the same profile
once the service worker is installed (repeat visit: ${v.workerControlled ? "the worker controlled it" : "no worker controlled it"}), and a fresh profile opens it with \`Save-Data: on\` (light mode).

${table(["Page", "First visit", "Repeat visit", "Light mode", "Light / first"], rows)}

Installable (Chromium's own check, which Lighthouse 12 no longer runs): ${
    v.installabilityErrors.length ? `no: ${v.installabilityErrors.join(", ")}` : "yes, no errors"
  }.
`;
}

/** Issue 45 item 4: the same figures at 20,000 and 200,000 stories. */
function tenfoldSection(t: NonNullable<BenchResults["tenfold"]>): string {
  const n = (v: number | undefined) => (v ?? 0).toLocaleString("en");
  const rows = t.measures.map((m) => [
    !m.paths
      ? m.name
      : m.paths.small === m.paths.large
        ? `${m.name}: \`${m.paths.small}\``
        : `${m.name}: \`${m.paths.small}\` / \`${m.paths.large}\``,
    m.unit,
    m.small,
    m.large,
    m.ratio > 1.2 ? `**${m.ratio}**` : m.ratio,
  ]);
  return `## Ten times the data (bench/tenfold.ts)

Two databases from the same generator: ${n(t.sizes.small.stories)} stories, ${n(t.sizes.small.donation_pools)} campaigns and ${n(t.sizes.small.pool_donations)} gifts, and ${n(t.sizes.large.stories)} stories, ${n(t.sizes.large.donation_pools)} campaigns and ${n(t.sizes.large.pool_donations)} gifts (${n(t.sizes.large.comments)} comments, generated in ${Math.round(t.generatedSeconds)} s). Pages rendered by one process each (every URL distinct, so no cache answers), wrk at 8 connections with gzip, the server's CPU per request from /proc; service calls without HTTP. Both sizes measured in turns, ${t.rounds} rounds (${t.durationSeconds} s of wrk per page), the median round counts. Measured ${t.date.slice(0, 16).replace("T", " ")} UTC, load average ${t.load[0]} before and ${t.load[1]} after.

${table(["Figure", "Measured as", "20,000", "200,000", "Ratio"], rows)}

\`npm start\` on the 200,000-story database (its steps after the build: the setup of ${t.ready.setupSeconds} s, then the front and its workers) answered the home page **${t.ready.seconds} s** after it began.

`;
}

/** Issue 45 item 6: npm start's processes after its runs, and its cache under distinct pages. */
function memorySection(m: NonNullable<BenchResults["memory"]>): string {
  const total = m.processes.reduce((sum, p) => sum + p.residentMb, 0);
  return `## Memory of \`npm start\` (resident, after its runs)

${table(
  ["Process", "pid", "MB"],
  [...m.processes.map((p) => [p.role, p.pid, p.residentMb]), ["all", "", total]],
)}

Last of its runs, ${m.distinct.pages.toLocaleString("en")} distinct pages (the /api list under as many addresses), each asked twice so that the front keeps it, took ${m.distinct.seconds} s (${m.distinct.failed} failed). The front's cache is bounded at ${m.cacheMb} MB; the front went from ${m.front.beforeMb} to ${m.front.afterMb} MB resident.${
    m.cache
      ? ` Its own report then (SIGUSR2, decision 069): ${(m.cache.cacheBytes / 1048576).toFixed(1)} MB counted in ${m.cache.cacheEntries.toLocaleString("en")} entries, ${(m.cache.bodyBytes / 1048576).toFixed(1)} MB of bodies in buffers holding ${(m.cache.retainedBytes / 1048576).toFixed(1)} MB; heap ${(m.cache.heapUsed / 1048576).toFixed(0)} of ${(m.cache.heapTotal / 1048576).toFixed(0)} MB, external ${(m.cache.external / 1048576).toFixed(0)} MB.`
      : ""
  }

`;
}
