/**
 * The same pages without their module scripts, for Lighthouse's reference score (decision 045).
 * Lighthouse's simulated phone multiplies what the host's main thread did, so its score moves with
 * the host: the page with no JavaScript to load, run and hydrate, measured in the same minutes,
 * is what this host gives a page before any of our scripts. Everything else is as served: the
 * response headers (Cross-Origin-Opener-Policy, the CSP), the inline scripts that are part of the
 * document, the stylesheet, images and fonts.
 */
import http from "node:http";
import type { AddressInfo } from "node:net";
import { gzipSync } from "node:zlib";

/** The HTML without what loads the app's modules: the module script and the module preloads. */
export function withoutModuleScripts(html: string) {
  return html
    .replace(/<script\b[^>]*\btype="module"[^>]*>[\s\S]*?<\/script>/g, "")
    .replace(/<link\b[^>]*\brel="modulepreload"[^>]*>/g, "");
}

/** A proxy to `origin` that answers pages without module scripts: its URL for a path, and close. */
export async function startScriptlessProxy(origin: string) {
  const target = new URL(origin);
  const server = http.createServer((req, res) => {
    const headers = { ...req.headers, host: target.host };
    // Pages are rewritten, so they are asked for plain and compressed here as the origin would.
    const page = req.headers.accept?.includes("text/html") ?? false;
    if (page) delete headers["accept-encoding"];
    const upstream = http.request(
      { host: target.hostname, port: target.port, path: req.url, method: req.method, headers },
      (answer) => {
        const isHtml = /text\/html/.test(String(answer.headers["content-type"] ?? ""));
        if (!page || !isHtml) {
          res.writeHead(answer.statusCode ?? 502, answer.headers);
          answer.pipe(res);
          return;
        }
        const chunks: Buffer[] = [];
        answer.on("data", (chunk: Buffer) => chunks.push(chunk));
        answer.on("end", () => {
          const html = withoutModuleScripts(Buffer.concat(chunks).toString("utf8"));
          const gzip = /\bgzip\b/.test(String(req.headers["accept-encoding"] ?? ""));
          const body = gzip ? gzipSync(html, { level: 6 }) : Buffer.from(html);
          const out = { ...answer.headers };
          for (const name of ["content-length", "content-encoding", "transfer-encoding", "etag"])
            delete out[name];
          res.writeHead(answer.statusCode ?? 502, {
            ...out,
            "content-length": body.length,
            ...(gzip ? { "content-encoding": "gzip" } : {}),
          });
          res.end(body);
        });
      },
    );
    upstream.on("error", () => res.writeHead(502).end());
    req.pipe(upstream);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: (pathname: string) => `http://localhost:${port}${pathname}`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
