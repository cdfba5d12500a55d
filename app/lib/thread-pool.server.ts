import { Worker } from "node:worker_threads";
import { HttpError } from "~/http/http.server";

/**
 * A few worker threads for CPU-heavy jobs (the receipt PDF, decision 050), so the process's event
 * loop keeps answering other requests meanwhile. At most `threads` jobs run at once; up to `queue`
 * more wait; past that a job is refused at once (503 with Retry-After) rather than left waiting
 * behind work it would only add to. Threads start when a job needs one and end after a while idle.
 *
 * The worker script is a plain `.mjs` file loaded by its absolute path: the production build
 * bundles the app into one file and emits nothing a worker thread could load.
 */

export interface ThreadPoolOptions {
  /** Absolute path of the worker script. It answers `{ id, input }` with `{ id, output | error }`. */
  script: string;
  workerData?: unknown;
  threads: number;
  queue: number;
  /** A job taking longer ends its thread and fails. */
  timeoutMs: number;
  /** A thread idle this long is ended, giving back its memory. */
  idleMs: number;
  /** The 503's message (a translation key) and how many seconds it says to wait. */
  busy: { message: string; retryAfterSeconds: number };
}

interface Job<I, O> {
  input: I;
  resolve: (output: O) => void;
  reject: (error: unknown) => void;
}

interface Thread<I, O> {
  worker: Worker;
  job: Job<I, O> | null;
  jobId: number;
  timer?: NodeJS.Timeout;
}

interface Answer<O> {
  id: number;
  output?: O;
  error?: string;
}

export class ThreadPool<I, O> {
  private threads = new Set<Thread<I, O>>();
  private idle: Thread<I, O>[] = [];
  private waiting: Job<I, O>[] = [];
  private nextId = 1;
  /** Jobs finished, and the most ever running at once (for tests and logs). */
  readonly stats = { done: 0, peak: 0 };

  constructor(private options: ThreadPoolOptions) {}

  get running() {
    let n = 0;
    for (const thread of this.threads) if (thread.job) n++;
    return n;
  }

  get queued() {
    return this.waiting.length;
  }

  run(input: I): Promise<O> {
    return new Promise<O>((resolve, reject) => {
      this.waiting.push({ input, resolve, reject });
      this.pump();
      if (this.waiting.length > this.options.queue) {
        const { busy } = this.options;
        this.waiting.pop();
        reject(
          new HttpError(503, busy.message, undefined, {
            "Retry-After": String(busy.retryAfterSeconds),
          }),
        );
      }
    });
  }

  /** Ends every thread; jobs running or waiting fail. */
  async close() {
    const error = new Error("thread pool closed");
    for (const job of this.waiting.splice(0)) job.reject(error);
    await Promise.all([...this.threads].map((thread) => this.end(thread, error)));
  }

  private pump() {
    while (this.waiting.length > 0) {
      const thread =
        this.idle.pop() ?? (this.threads.size < this.options.threads ? this.spawn() : null);
      if (!thread) return;
      this.start(thread, this.waiting.shift()!);
    }
  }

  private spawn(): Thread<I, O> {
    const worker = new Worker(this.options.script, { workerData: this.options.workerData });
    // A waiting request keeps the process busy anyway; an idle thread must not keep it alive.
    worker.unref();
    const thread: Thread<I, O> = { worker, job: null, jobId: 0 };
    this.threads.add(thread);
    worker.on("message", (answer: Answer<O>) => this.finish(thread, answer));
    worker.on("error", (error) => void this.end(thread, error));
    worker.on("exit", (code) => void this.end(thread, new Error(`worker thread exited (${code})`)));
    return thread;
  }

  private start(thread: Thread<I, O>, job: Job<I, O>) {
    clearTimeout(thread.timer);
    thread.job = job;
    thread.jobId = this.nextId++;
    thread.timer = setTimeout(
      () => void this.end(thread, new Error("worker thread timed out")),
      this.options.timeoutMs,
    ).unref();
    this.stats.peak = Math.max(this.stats.peak, this.running);
    thread.worker.postMessage({ id: thread.jobId, input: job.input });
  }

  private finish(thread: Thread<I, O>, answer: Answer<O>) {
    const job = thread.job;
    if (!job || answer.id !== thread.jobId) return;
    thread.job = null;
    clearTimeout(thread.timer);
    if (answer.error !== undefined) job.reject(new Error(answer.error));
    else {
      this.stats.done++;
      job.resolve(answer.output as O);
    }
    this.idle.push(thread);
    thread.timer = setTimeout(() => void this.end(thread), this.options.idleMs).unref();
    this.pump();
  }

  /** Ends a thread that failed, hung or idled; its job, if any, fails, and the queue moves on. */
  private async end(thread: Thread<I, O>, error?: unknown) {
    if (!this.threads.delete(thread)) return;
    clearTimeout(thread.timer);
    this.idle = this.idle.filter((t) => t !== thread);
    thread.job?.reject(error);
    thread.job = null;
    this.pump();
    await thread.worker.terminate();
  }
}
