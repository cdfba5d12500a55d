// The static ceiling: one saved HTML page served from memory by Node's http module, nothing
// else. What any Node server on this machine could at best answer for the home page. Like a
// static server, it sends the page compressed ahead of time to a client that accepts gzip.
import { readFileSync } from "node:fs";
import http from "node:http";
import { gzipSync } from "node:zlib";

const [file, port] = process.argv.slice(2);
const plain = readFileSync(file);
const gzipped = gzipSync(plain, { level: 9 });
http
  .createServer((req, res) => {
    const gzip = /\bgzip\b/.test(req.headers["accept-encoding"] ?? "");
    const body = gzip ? gzipped : plain;
    res.writeHead(200, {
      "Content-Type": "text/html; charset=utf-8",
      "Content-Length": body.length,
      Vary: "Accept-Encoding",
      ...(gzip ? { "Content-Encoding": "gzip" } : {}),
    });
    res.end(body);
  })
  .listen(Number(port), () => console.log(`static ceiling on ${port}`));
