import { type Worker, type WorkerPool, workerClient } from "../../server/front/workers";

/** A pool of one "worker": a server of the test's own on `port`, reached as the front reaches workers. */
export function standInPool(port: number): WorkerPool {
  const worker = {
    id: 1,
    port,
    client: workerClient(port),
    inflight: 0,
    state: "ready",
  } as unknown as Worker;
  // No process behind it, so no channel for members' copies (decision 071): pick() finds none and
  // a member's page goes over HTTP as any other.
  return { pickOrWait: async () => worker, pick: () => null } as unknown as WorkerPool;
}
