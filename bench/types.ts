import type { LighthouseScores } from "./lighthouse";
import type { PageWeight } from "./page-weight";
import type { VisitWeights } from "./visit-weight";

/** One wrk run. Latencies in milliseconds. */
export interface Load {
  name: string;
  requestsPerSecond: number;
  p50: number;
  p99: number;
  non2xx: number;
  errors: number;
}

export interface Measurement extends Load {
  path: string;
  signedIn: boolean;
  /**
   * "origin": one app process itself; "cache": through nginx (shared cache, one app process per
   * core behind it), as docs/deployment.md deploys it. Signed-in pages pass the cache.
   * "front": `npm start` alone, its front and one worker per core (decision 037).
   */
  via: "origin" | "cache" | "front";
  /** App processes behind nginx or the front. */
  processes?: number;
  /** The X-Cache answer of nginx to one request after the run (HIT when it serves the page). */
  cacheStatus?: string;
  /** The app's X-Page-Copy to a member after the run: `hit` when members get a copy (decision 039). */
  copyStatus?: string;
}

export interface BenchResults {
  date: string;
  machine: { cpus: number; cpu: string | undefined; node: string };
  settings: { connections: number; durationSeconds: number; stories: number };
  staticCeiling: Load;
  routes: (Measurement & { ratioToStatic: number })[];
  growth: { homeSmall: Load; homeLarge: Measurement; costRatio: number };
  pageWeight: { routes: PageWeight[]; homeImages: { images: number; bytes: number } };
  /** Bytes a phone downloads: first visit, repeat visit, light mode; installability (issue 44). */
  visits?: VisitWeights;
  lighthouse: LighthouseScores[];
  /** One search at the service layer (bench/search-latency.ts), milliseconds. */
  search?: { samples: number; p50: number; p99: number; max: number; poolsP99: number };
  /** The ledger at the service layer (bench/ledger-latency.ts), milliseconds. */
  ledger?: {
    donations: number;
    totals: { p50: number; p99: number };
    ledger: { p50: number; p99: number };
  };
  /** Counting on (decision 061): distinct visitors of a story through `npm start`, and the reads counted. */
  reads?: ReadsCheck;
  /** The same pages and calls at 20,000 and 200,000 stories (issue 45 item 4, bench/tenfold.ts). */
  tenfold?: TenfoldResults;
  /** `npm start`'s processes after its runs, and its cache under many distinct pages (issue 45 item 6). */
  memory?: MemoryResults;
  seconds: number;
}

export interface MemoryResults {
  /** The front's cache bound (FRONT_CACHE_MB) in this run. */
  cacheMb: number;
  /** Resident memory per process after every run through `npm start`, the distinct pages last. */
  processes: { pid: number; role: string; residentMb: number }[];
  /** The front alone, before and after the distinct pages. */
  front: { beforeMb: number; afterMb: number };
  distinct: { pages: number; seconds: number; failed: number };
  /** The front's own report after the distinct pages (SIGUSR2, decision 069). */
  cache?: FrontMemory;
}

/** The front's `front.memory` line: its cache's own count (bytes) and Node's figures (bytes). */
export interface FrontMemory {
  /** What the cache counts and bounds (bodies, header strings and a fixed share per entry). */
  cacheBytes: number;
  cacheEntries: number;
  maxBytes: number;
  /** The kept bodies' bytes, and the memory their buffers hold (equal when none holds slack). */
  bodyBytes: number;
  retainedBytes: number;
  /** Keys noted at a first miss, and base keys with a known Vary (bounded by number). */
  misses: number;
  varies: number;
  rss: number;
  heapTotal: number;
  heapUsed: number;
  external: number;
  arrayBuffers: number;
}

/** One figure at both sizes; `ratio` is large ÷ small. */
export interface TenfoldMeasure {
  name: string;
  unit: string;
  /** A page's path at each size (the list's page number differs). */
  paths?: { small: string; large: string };
  small: number;
  large: number;
  ratio: number;
  /** Every round's figure, in the order taken; the median counts. */
  samples: { small: number[]; large: number[] };
}

export interface TenfoldResults {
  date: string;
  /** Rows of each table at 20,000 (small) and 200,000 (large) stories. */
  sizes: { small: Record<string, number>; large: Record<string, number> };
  /** How long the generator took for 200,000 stories. */
  generatedSeconds: number;
  rounds: number;
  durationSeconds: number;
  measures: TenfoldMeasure[];
  /** `npm start` on 200,000 stories until the home page answers 200; the setup's share of it. */
  ready: { seconds: number; setupSeconds: number };
  /** The machine's 1-minute load average before and after the step. */
  load: [number, number];
  seconds: number;
}

export interface ReadsCheck {
  visitors: number;
  repeats: number;
  counted: number;
  sentMs: number;
}

export interface BudgetResult {
  budget: string;
  limit: string;
  measured: string;
  met: boolean;
  /** Why a missed budget is missed and the next step (docs/benchmark.md has the details). */
  whenMissed?: string;
}
