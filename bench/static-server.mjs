// The static ceiling: one saved HTML page served from memory by Node's http module, nothing
// else. What any Node server on this machine could at best answer for the home page.
import { readFileSync } from "node:fs";
import http from "node:http";

const [file, port] = process.argv.slice(2);
const body = readFileSync(file);
http
  .createServer((_req, res) => {
    res.writeHead(200, {
      "Content-Type": "text/html; charset=utf-8",
      "Content-Length": body.length,
    });
    res.end(body);
  })
  .listen(Number(port), () => console.log(`static ceiling on ${port}`));
