import { errorFields, logger } from "~/lib/logger.server";

/**
 * Work a request causes but its answer must not wait for, nor betray by its time: the reset mail
 * of forgot-password (issue 38 item 8) is made only when the address has an account, and an
 * answer that waited for it would tell which addresses have one.
 *
 * The task runs AFTER_MS after the action returned, by which time the answer has normally left,
 * so the request's own path does the same work whatever the task will do. A task that fails is
 * logged with its name (there is no one left to answer). The timer holds the process open, so a
 * worker stopping after its last request still runs what that request deferred.
 */

const AFTER_MS = 100;

const pending = new Map<NodeJS.Timeout, () => Promise<void>>();
const running = new Set<Promise<void>>();

export function afterResponse(name: string, task: () => Promise<unknown>): void {
  const run = async () => {
    try {
      await task();
    } catch (error) {
      logger.error("deferred.failed", { task: name, ...errorFields(error) });
    }
  };
  const timer = setTimeout(() => {
    pending.delete(timer);
    start(run);
  }, AFTER_MS);
  pending.set(timer, run);
}

function start(run: () => Promise<void>) {
  const done = run().finally(() => running.delete(done));
  running.add(done);
}

/** Runs what is still waiting now and resolves when every deferred task has ended (tests). */
export async function settleDeferred(): Promise<void> {
  for (const [timer, run] of pending) {
    clearTimeout(timer);
    pending.delete(timer);
    start(run);
  }
  await Promise.all(running);
}
