import type { IncomingHttpHeaders, IncomingMessage, ServerResponse } from "node:http";
import type { CopyReply, CopyRequest } from "../../app/web/copy-requests.server";
import type { Worker } from "./workers";

/**
 * The front's side of the channel for members' copies (decision 071). A signed-in browser's page
 * is first asked of a worker over its IPC channel: the worker answers from a fresh copy without
 * express or Remix, or says null and the request goes over HTTP as before. The channel saves the
 * HTTP hop and the worker's request pipeline, which were four fifths of such a request's cost.
 * Whether a copy may be given is decided in the worker, by the same code as over HTTP; the front
 * only picks which requests to offer it.
 */

/** After this long without a reply, the request goes over HTTP (a GET may be asked again). */
const REPLY_MS = 10_000;

/**
 * Worth asking: a GET for a page or an /api read, with a session cookie, from a client that takes
 * gzip (the worker checks the rest).
 */
export function mayBeCopy(req: IncomingMessage): boolean {
  return (
    req.method === "GET" &&
    ((req.headers.accept ?? "").includes("text/html") || (req.url ?? "").startsWith("/api/")) &&
    (req.headers.cookie ?? "").includes("storyshare_session=") &&
    /\bgzip\b/.test(req.headers["accept-encoding"] ?? "")
  );
}

interface Waiting {
  resolve: (answer: CopyReply["answer"]) => void;
  timer: NodeJS.Timeout;
}

/** Requests sent over each worker's channel and not yet answered. */
const waiting = new WeakMap<Worker, Map<number, Waiting>>();
let nextId = 1;

function repliesOf(worker: Worker): Map<number, Waiting> {
  let replies = waiting.get(worker);
  if (!replies) {
    const map = new Map<number, Waiting>();
    replies = map;
    waiting.set(worker, map);
    worker.child.on("message", (reply: CopyReply) => {
      if (reply?.kind !== "member-copy") return;
      const wait = map.get(reply.id);
      if (!wait) return;
      map.delete(reply.id);
      clearTimeout(wait.timer);
      wait.resolve(reply.answer);
    });
    // A worker that goes unanswers its requests: they go over HTTP to another.
    worker.child.once("exit", () => {
      for (const wait of map.values()) {
        clearTimeout(wait.timer);
        wait.resolve(null);
      }
      map.clear();
    });
  }
  return replies;
}

/** The worker's answer to `headers` (those it would get over HTTP) for `url`, or null. */
export function askForCopy(
  worker: Worker,
  url: string,
  headers: IncomingHttpHeaders,
): Promise<CopyReply["answer"]> {
  const replies = repliesOf(worker);
  if (!worker.child.connected) return Promise.resolve(null);
  const id = nextId++;
  return new Promise((resolve) => {
    const timer = setTimeout(() => {
      replies.delete(id);
      resolve(null);
    }, REPLY_MS);
    replies.set(id, { resolve, timer });
    const message: CopyRequest = { kind: "member-copy", id, url, headers };
    worker.child.send(message, (error) => {
      if (!error) return;
      replies.delete(id);
      clearTimeout(timer);
      resolve(null);
    });
  });
}

/**
 * Writes a copy's answer as the HTTP path would relay it: hop-by-hop headers are the front's own
 * (its length is the body's), and the answer says it did not come from the front's cache.
 */
export function writeCopy(
  res: ServerResponse,
  answer: NonNullable<CopyReply["answer"]>,
  keep: (name: string) => boolean,
) {
  const headers: Record<string, string | string[]> = {};
  for (const [rawName, value] of answer.headers) {
    const name = rawName.toLowerCase();
    if (!keep(name)) continue;
    const had = headers[name];
    headers[name] = had === undefined ? value : [had, value].flat();
  }
  headers["content-length"] = String(answer.body.byteLength);
  headers["x-cache"] = "MISS";
  res.writeHead(200, headers);
  res.end(answer.body);
}
