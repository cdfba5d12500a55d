import type { IncomingMessage, ServerResponse } from "node:http";
import {
  isPrefetch,
  OFFLINE_COPY_HEADER,
  type ReadEvent,
  readEvent,
} from "../../app/lib/read-event";
import { forwardedClient, READS_HEADER } from "./proxy";
import type { WorkerPool } from "./workers";

/**
 * The front counts reads (decision 061): every request passes it, cache hits that never reach a
 * worker included. On the request's path it only notes the answered story page in an array (its
 * texts cut to what a worker takes); a timer posts what it noted, in batches, to a worker's
 * internal route, which hashes and writes them (app/models/read-count.server.ts). Bots are told
 * apart there, not here. A batch the worker refuses (4xx) is dropped: posted again, it would hold
 * back every batch behind it.
 */

/** The worker's internal route that takes the batches (app/routes/resources.reads.ts). */
export const READS_PATH = "/resources/reads";
export { READS_HEADER };

/**
 * A story's page: the document (/stories/{id}, or /story/{id} that story cards link to) or its
 * data for a client navigation (single fetch's `{path}.data`, perhaps with `?_routes=`).
 */
const STORY_PAGE = /^\/stor(?:y|ies)\/(\d{1,15})(\.data|\/)?(?:\?|$)/;

export interface ReadsOptions {
  pool: Pick<WorkerPool, "pickOrWait">;
  frontSecret: string;
  trustProxy: boolean;
  log: (event: string, fields?: Record<string, unknown>) => void;
  /** How often what was noted is posted (ms). */
  flushMs?: number;
  /** A batch posts at once when it reaches this many reads. */
  batchSize?: number;
}

/** The story a request reads, with whether it asks for the data of a client navigation. */
export function storyPage(url: string): { id: number; data: boolean } | null {
  const match = STORY_PAGE.exec(url);
  if (!match) return null;
  const id = Number(match[1]);
  return id > 0 ? { id, data: match[2] === ".data" } : null;
}

const HOUR = 3_600_000;

/** Noted reads that could not be posted wait for the next batch, up to this many. */
const MAX_WAITING = 20_000;

export function createReadCounter({
  pool,
  frontSecret,
  trustProxy,
  log,
  flushMs = 1_000,
  batchSize = 500,
}: ReadsOptions) {
  let queue: ReadEvent[] = [];
  /**
   * What the queue already holds, by everything a worker counts a read by. A visitor is counted
   * once per story and day, from their first read's source (decision 061), so a repeat is
   * dropped here rather than posted: a busy story's hits were thousands of identical reads a
   * second, each serialised, posted and tried against the database to change nothing.
   */
  let noted = new Set<string>();
  let posting: Promise<void> = Promise.resolve();
  const timer = setInterval(() => {
    if (queue.length) void flush();
  }, flushMs);
  timer.unref();

  /**
   * Called for every request before it is answered. Notes a story page answered 200 (or 304: the
   * browser shows its copy) to a GET that is not a prefetch. A prefetch of a story's data is
   * answered 204 here, and true returned: a browser would reuse a prefetched answer at the click
   * without asking again (Chrome for five minutes, whatever its Cache-Control), and the read
   * would go uncounted; the route's modules are still prefetched, only its data waits.
   */
  function watch(req: IncomingMessage, res: ServerResponse): boolean {
    if (req.method !== "GET") return false;
    const page = storyPage(req.url ?? "/");
    if (!page) return false;
    if (isPrefetch((name) => header(req, name))) {
      // The offline worker keeping a story gets its data; it is still not a read.
      if (!page.data || req.headers[OFFLINE_COPY_HEADER] !== undefined) return false;
      res.writeHead(204, { "cache-control": "no-store" });
      res.end();
      return true;
    }
    res.on("finish", () => {
      if (res.statusCode !== 200 && res.statusCode !== 304) return;
      const client = forwardedClient(req, trustProxy);
      const userAgent = req.headers["user-agent"] ?? "";
      const referer = req.headers.referer ?? "";
      const host = client.host ?? req.headers.host ?? "";
      const at = Date.now();
      // The hour, not the day: an hour never spans two Ulaanbaatar days (UTC+8).
      const key = `${page.id}\n${Math.floor(at / HOUR)}\n${client.address}\n${host}\n${referer}\n${userAgent}`;
      if (noted.has(key)) return;
      noted.add(key);
      queue.push(
        readEvent({ storyId: page.id, address: client.address, userAgent, referer, host, at }),
      );
      if (queue.length >= batchSize) void flush();
    });
    return false;
  }

  async function post(batch: ReadEvent[]) {
    const worker = await pool.pickOrWait(undefined, 5_000);
    if (!worker) throw new Error("no worker is ready");
    const answer = await worker.client.request({
      path: READS_PATH,
      method: "POST",
      headers: { "content-type": "application/json", [READS_HEADER]: frontSecret },
      body: JSON.stringify({ reads: batch }),
    });
    await answer.body.dump();
    if (answer.statusCode >= 400 && answer.statusCode < 500) throw new Refused(answer.statusCode);
    if (answer.statusCode !== 204) throw new Error(`the worker answered ${answer.statusCode}`);
  }

  /** Posts what was noted; resolves when it is written (or given back to the queue). */
  function flush(): Promise<void> {
    const batch = queue;
    queue = [];
    noted = new Set();
    posting = posting.then(async () => {
      for (let at = 0; at < batch.length; at += batchSize) {
        const part = batch.slice(at, at + batchSize);
        try {
          await post(part);
        } catch (error) {
          if (error instanceof Refused) {
            // Posted again it would be refused again, and every batch behind it with it.
            log("front.reads_refused", { reads: part.length, status: error.status });
            continue;
          }
          log("front.reads_failed", { reads: part.length, message: (error as Error).message });
          // Kept for the next batch, the newest first to go when too many wait.
          queue = [...batch.slice(at), ...queue].slice(0, MAX_WAITING);
          return;
        }
      }
    });
    return posting;
  }

  /** At shutdown: stop the timer and post what is left, before the workers go. */
  async function stop() {
    clearInterval(timer);
    await flush();
  }

  return { watch, flush, stop, waiting: () => queue.length };
}

export type ReadCounter = ReturnType<typeof createReadCounter>;

/** The worker refused a batch (4xx): it is dropped, not posted again. */
class Refused extends Error {
  constructor(readonly status: number) {
    super(`the worker refused the batch (${status})`);
  }
}

function header(req: IncomingMessage, name: string) {
  const value = req.headers[name];
  return Array.isArray(value) ? value[0] : value;
}
