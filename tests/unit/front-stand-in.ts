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
  return { pickOrWait: async () => worker } as unknown as WorkerPool;
}
