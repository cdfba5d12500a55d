import http from "node:http";
import type { AddressInfo } from "node:net";
import CachePolicy from "http-cache-semantics";

/**
 * A shared cache between the browser and the server, as a CDN or reverse proxy would be: it keeps
 * what the standard rules (RFC 9111, by http-cache-semantics) allow a shared cache to keep, per
 * Vary variant, and never a response that sets a cookie (as nginx and CDNs do). Decision 014's
 * tests put it in front of the production server to show that nobody gets another's page.
 */

interface Entry {
  policy: CachePolicy;
  status: number;
  body: Buffer;
}

const HOP_BY_HOP = new Set(["connection", "keep-alive", "transfer-encoding", "content-length"]);

export interface SharedCache {
  url: string;
  hits(): number;
  close(): Promise<void>;
}

function readBody(stream: http.IncomingMessage): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    stream.on("data", (c: Buffer) => chunks.push(c));
    stream.on("end", () => resolve(Buffer.concat(chunks)));
    stream.on("error", reject);
  });
}

function forward(origin: URL, req: http.IncomingMessage, body: Buffer) {
  return new Promise<http.IncomingMessage>((resolve, reject) => {
    const upstream = http.request(
      {
        host: origin.hostname,
        port: origin.port,
        method: req.method,
        path: req.url,
        // The Host header goes on unchanged, as a reverse proxy is configured to do.
        headers: { ...req.headers, "content-length": String(body.length) },
      },
      resolve,
    );
    upstream.on("error", reject);
    upstream.end(body);
  });
}

function send(
  res: http.ServerResponse,
  status: number,
  headers: http.OutgoingHttpHeaders,
  body: Buffer,
) {
  const clean = Object.fromEntries(
    Object.entries(headers).filter(([name]) => !HOP_BY_HOP.has(name.toLowerCase())),
  );
  res.writeHead(status, { ...clean, "content-length": body.length });
  res.end(body);
}

export async function startSharedCache(originUrl: string): Promise<SharedCache> {
  const origin = new URL(originUrl);
  const store = new Map<string, Entry[]>();
  let hits = 0;
  const server = http.createServer(async (req, res) => {
    try {
      const key = req.url ?? "/";
      const asked = { url: key, method: req.method, headers: req.headers };
      const stored = (store.get(key) ?? []).find((e) =>
        e.policy.satisfiesWithoutRevalidation(asked),
      );
      if (stored) {
        hits += 1;
        send(
          res,
          stored.status,
          { ...stored.policy.responseHeaders(), "x-cache": "HIT" },
          stored.body,
        );
        return;
      }
      const answer = await forward(origin, req, await readBody(req));
      const body = await readBody(answer);
      const policy = new CachePolicy(
        asked,
        { status: answer.statusCode, headers: answer.headers },
        { shared: true },
      );
      if (policy.storable() && !answer.headers["set-cookie"] && policy.timeToLive() > 0) {
        const variants = (store.get(key) ?? []).filter(
          (e) => !e.policy.satisfiesWithoutRevalidation(asked),
        );
        store.set(key, [...variants, { policy, status: answer.statusCode ?? 200, body }]);
      }
      send(res, answer.statusCode ?? 502, { ...answer.headers, "x-cache": "MISS" }, body);
    } catch {
      res.writeHead(502).end();
    }
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://localhost:${port}`,
    hits: () => hits,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
