/** Issues 8 and 21's budgets, checked against one run's figures. */
import type { BenchResults, BudgetResult } from "./types";

const HOME_JS_LIMIT = 120 * 1024;
/** Issue 45 item 5: a story's JavaScript, gzip. */
const STORY_JS_LIMIT = 120 * 1024;
/** Issue 45 item 5: points a page may score below itself without its module scripts. */
const LIGHTHOUSE_ROOM = 2;
/** Issue 45 item 3: CPU per rendered request at 20,000 stories (bench/tenfold.ts, the small size). */
const RENDER_MS = { home: 5, story: 4 };
/** Issue 45 item 6: npm start's processes together after the bench. */
const MEMORY_MB = 600;
const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;
/** A share in percent; one decimal below 10 %, so that 4.7 % against a 5 % budget reads as missed. */
export const pct = (ratio: number) =>
  ratio < 0.1 ? `${(ratio * 100).toFixed(1)} %` : `${Math.round(ratio * 100)} %`;

const WHY = {
  cached:
    "the load tool parses the whole uncompressed page on the same 2 vCPUs; next: a lighter home page HTML",
  homeJs: "88 KB is React, ReactDOM, Remix; next: a smaller i18next build or Brotli at the proxy",
  growth:
    "compare the two pages one request at a time on a quiet machine (docs/benchmark.md, Profiling a page): a query that walks rows, or a page at 20,000 that shows more than at 100",
  search:
    "a word in most stories ranks them all: see decision 033 (the index ranks its own rows before any story is read)",
  lighthouse:
    "all of it Total Blocking Time; about 0.06 is Cross-Origin-Opener-Policy, kept (decision 042), which starts every visit from another site in a cold renderer; the rest comes once the modules load and run, hydration about a sixth of it (decision 041); six files instead of 26 took 13 % off the main thread's work but not the score (decision 043)",
};

/** Why a signed-in figure is what it is; the reason carries what a request costs here. */
function whySignedIn(route: BenchResults["routes"][number], connections: number) {
  const processes = route.via === "origin" ? 1 : (route.processes ?? 1);
  const wait = Math.round((connections / route.requestsPerSecond) * 1000);
  const load = `on ${processes} process${processes === 1 ? "" : "es"}: ${connections} connections at ${route.requestsPerSecond} req/s wait ${wait} ms on average`;
  if (route.copyStatus === "hit")
    return `members get a copy of the page drawn once (decision 039); what is left per request (the session and inbox count, Remix's routing, compression) runs ${load}`;
  return `rendered per request: the page holds the member's own parts (hearts, their comments and stories, report buttons), ${load}; next: less work per render (decision 038, docs/benchmark.md)`;
}

/**
 * Issue 21: the other signed-in pages at least double their req/s of the run the issue was filed
 * on (2026-11-25, nginx and 2 processes, bench/RESULTS.md of 0256551).
 */
const SIGNED_IN_BEFORE: Record<string, number> = {
  "stories page 500": 195,
  story: 214,
  pool: 244,
  search: 146,
};

const WHY_FRONT =
  "npm start's front answers shared pages from its cache (decision 037): a miss here is a page not kept (X-Cache in RESULTS.md) or the front's own CPU per answer beside the static ceiling's (the headers it sends, the key it builds; docs/benchmark.md)";

/** The pages issue 45 judges through npm start (the /api list signed in has its own floor). */
const SHARED_PAGES = new Set(["home", "stories page 500", "story", "pool", "search"]);

interface Rule {
  via: "front" | "cache";
  signedIn: boolean;
  floor: number;
  p99?: number;
  applies: (name: string) => boolean;
}

const RULES: Rule[] = [
  // Issue 45 item 1: npm start alone, anonymous (front cache hits) ≥ 80 %, p99 < 10 ms at 32.
  {
    via: "front",
    signedIn: false,
    floor: 0.8,
    p99: 10,
    applies: (n) => SHARED_PAGES.has(n) || n === "api regular page 100",
  },
  // Issue 45 item 2: signed in (members' copies) ≥ 10 %, p99 < 50 ms; the /api list ≥ 5 %.
  { via: "front", signedIn: true, floor: 0.1, p99: 50, applies: (n) => SHARED_PAGES.has(n) },
  { via: "front", signedIn: true, floor: 0.05, applies: (n) => n === "api regular page 100" },
  // Issue 21, through nginx: signed-in home ≥ 1 %; anonymous pages ≥ 50 % of the ceiling.
  { via: "cache", signedIn: true, floor: 0.01, applies: (n) => n === "home" },
  { via: "cache", signedIn: false, floor: 0.5, p99: 50, applies: () => true },
];

/** The route's own name, without the suffixes the run adds ("(signed in)", "via nginx"…). */
const baseName = (name: string) => name.replace(/ \(signed in\)| via nginx| npm start/g, "");

export function evaluateBudgets(r: BenchResults): BudgetResult[] {
  const budgets: BudgetResult[] = [];
  for (const route of r.routes) {
    const rule = RULES.find(
      (x) =>
        x.via === route.via && x.signedIn === route.signedIn && x.applies(baseName(route.name)),
    );
    if (!rule) continue;
    const why = route.signedIn
      ? whySignedIn(route, r.settings.connections)
      : route.via === "front"
        ? WHY_FRONT
        : WHY.cached;
    budgets.push({
      budget: `${route.name}: share of the static ceiling`,
      limit: `≥ ${pct(rule.floor)}`,
      measured: pct(route.ratioToStatic),
      met: route.ratioToStatic >= rule.floor && route.non2xx === 0 && route.errors === 0,
      whenMissed: why,
    });
    if (rule.p99 !== undefined) {
      budgets.push({
        budget: `${route.name}: p99 at ${r.settings.connections} connections`,
        limit: `< ${rule.p99} ms`,
        measured: `${route.p99} ms`,
        met: route.p99 < rule.p99,
        whenMissed: why,
      });
    }
  }
  for (const route of r.routes) {
    const before = SIGNED_IN_BEFORE[baseName(route.name)];
    if (route.via !== "cache" || !route.signedIn || before === undefined) continue;
    budgets.push({
      budget: `${route.name}: twice the req/s of 2026-11-25`,
      limit: `≥ ${2 * before} req/s`,
      measured: `${route.requestsPerSecond} req/s`,
      met: route.requestsPerSecond >= 2 * before && route.non2xx === 0 && route.errors === 0,
      whenMissed: whySignedIn(route, r.settings.connections),
    });
  }
  budgets.push({
    budget: `home at ${r.settings.stories} stories vs at 100: cost ratio`,
    limit: "≤ 1.2",
    measured: String(r.growth.costRatio),
    met: r.growth.costRatio <= 1.2,
    whenMissed: WHY.growth,
  });
  if (r.search) {
    budgets.push({
      budget: `one search at ${r.settings.stories} stories (service layer): p99`,
      limit: "< 50 ms",
      measured: `${r.search.p99} ms`,
      met: r.search.p99 < 50,
      whenMissed: WHY.search,
    });
  }
  const home = r.pageWeight.routes.find((w) => w.route === "/");
  if (home) {
    budgets.push({
      budget: "home JS, gzip",
      limit: `≤ ${kb(HOME_JS_LIMIT)}`,
      measured: kb(home.jsGzip),
      met: home.jsGzip <= HOME_JS_LIMIT,
      whenMissed: WHY.homeJs,
    });
  }
  const story = r.pageWeight.routes.find((w) => w.route === "/stories/{id}");
  if (story) {
    budgets.push({
      budget: "a story's JS, gzip",
      limit: `≤ ${kb(STORY_JS_LIMIT)}`,
      measured: `${kb(story.jsGzip)} in ${story.files} files`,
      met: story.jsGzip <= STORY_JS_LIMIT,
      whenMissed: WHY.homeJs,
    });
  }
  for (const page of r.lighthouse) {
    const name = new URL(page.url).pathname;
    budgets.push({
      budget: `Lighthouse performance ${name}, against the page without its module scripts`,
      limit: `≥ reference − ${LIGHTHOUSE_ROOM}`,
      measured: `${page.performance} (reference ${page.withoutScripts})`,
      met: page.performance >= page.withoutScripts - LIGHTHOUSE_ROOM,
      whenMissed: `the host's benchmarkIndex was ${page.benchmarkIndex} (decision 045); ${WHY.lighthouse}`,
    });
    budgets.push({
      budget: `Lighthouse accessibility ${name}`,
      limit: "100",
      measured: String(page.accessibility),
      met: page.accessibility === 100,
      whenMissed: WHY.lighthouse,
    });
  }
  if (r.tenfold) budgets.push(...renderBudgets(r.tenfold), ...tenfoldBudgets(r.tenfold));
  if (r.memory) budgets.push(...memoryBudgets(r.memory));
  if (r.reads) {
    budgets.push({
      budget: "reads counted through npm start (decision 061)",
      limit: `= ${r.reads.visitors.toLocaleString("en")} distinct visitors`,
      measured: r.reads.counted.toLocaleString("en"),
      met: r.reads.counted === r.reads.visitors,
      whenMissed:
        "fewer: a batch the worker refused or did not write in time (the front logs front.reads_failed); more: a repeat visit counted again",
    });
  }
  return budgets;
}

/** Issue 45 item 4: each figure at 200,000 stories at most 1.2 × itself at 20,000; ready in 60 s. */
export const TENFOLD_RATIO = 1.2;
export const TENFOLD_READY_SECONDS = 60;

function tenfoldBudgets(t: NonNullable<BenchResults["tenfold"]>): BudgetResult[] {
  const budgets: BudgetResult[] = t.measures.map((m) => ({
    budget: `${m.name} at 200,000 stories vs 20,000 (${m.unit})`,
    limit: `≤ ${TENFOLD_RATIO}`,
    measured: `${m.ratio} (${m.small} → ${m.large})`,
    met: m.ratio <= TENFOLD_RATIO,
    whenMissed:
      "a query whose work grows with the rows: EXPLAIN QUERY PLAN on the page's queries (a scan, an OFFSET walked row by row, a count or sum over a whole table), docs/benchmark.md",
  }));
  budgets.push({
    budget: "npm start on 200,000 stories: ready to serve (home page 200)",
    limit: `≤ ${TENFOLD_READY_SECONDS} s`,
    measured: `${t.ready.seconds} s`,
    met: t.ready.seconds <= TENFOLD_READY_SECONDS,
    whenMissed:
      "the setup (migrations, seed, search index) or a worker's first work walks the whole database",
  });
  return budgets;
}

/** Issue 45 item 3: what a rendered page costs at 20,000 stories, from the ten-times step. */
function renderBudgets(t: NonNullable<BenchResults["tenfold"]>): BudgetResult[] {
  const pages = [
    { prefix: "home", label: "the anonymous home", limit: RENDER_MS.home },
    { prefix: "a story", label: "a story", limit: RENDER_MS.story },
  ];
  return pages.flatMap(({ prefix, label, limit }) => {
    const m = t.measures.find((x) => x.name.startsWith(prefix) && x.unit.startsWith("CPU"));
    if (!m) return [];
    return [
      {
        budget: `${label} rendered (a miss) at 20,000 stories: CPU per request`,
        limit: `≤ ${limit} ms`,
        measured: `${m.small} ms`,
        met: m.small <= limit,
        whenMissed:
          "React's render of the page and the loaders' queries; docs/benchmark.md, Profiling a page",
      },
    ];
  });
}

const mb = (bytes: number) => (bytes / 1024 / 1024).toFixed(1);

/** Issue 45 item 6: npm start's memory after the bench, and the front's cache bound. */
function memoryBudgets(m: NonNullable<BenchResults["memory"]>): BudgetResult[] {
  const total = m.processes.reduce((sum, p) => sum + p.residentMb, 0);
  const grew = m.front.afterMb - m.front.beforeMb;
  return [
    {
      budget: "npm start after the bench: resident memory of the front and its workers",
      limit: `< ${MEMORY_MB} MB`,
      measured: `${total} MB (${m.processes.map((p) => `${p.role} ${p.residentMb}`).join(", ")})`,
      met: total < MEMORY_MB,
      whenMissed:
        "the process with the most: its heap (--heapsnapshot-signal) or its caches' bounds",
    },
    // Resident memory cannot show the bound (the allocator keeps what was freed): the cache's own
    // count, and the bytes its buffers really hold, from the front's report (decision 069).
    m.cache
      ? {
          budget: `the front's cache over ${m.distinct.pages.toLocaleString("en")} distinct pages: within its bound, and holding no more than it counts`,
          limit: `≤ ${m.cacheMb} MB`,
          measured: `${mb(m.cache.cacheBytes)} MB counted in ${m.cache.cacheEntries.toLocaleString("en")} entries; buffers hold ${mb(m.cache.retainedBytes)} MB for ${mb(m.cache.bodyBytes)} MB of bodies (front ${m.front.beforeMb} → ${m.front.afterMb} MB resident)`,
          met:
            m.cache.cacheBytes <= m.cache.maxBytes &&
            m.cache.retainedBytes <= m.cache.cacheBytes &&
            m.distinct.failed === 0,
          whenMissed:
            "the cache's byte count misses some of what an entry holds, or a buffer holds more than its body (server/front/page-cache.ts)",
        }
      : {
          budget: `the front over ${m.distinct.pages.toLocaleString("en")} distinct pages: growth within its cache bound`,
          limit: `≤ ${m.cacheMb} MB`,
          measured: `${grew} MB (${m.front.beforeMb} → ${m.front.afterMb} MB; the front gave no report)`,
          met: false,
          whenMissed: "the front's SIGUSR2 report (front.memory) was not read",
        },
  ];
}
