import http from "node:http";
import type { AddressInfo } from "node:net";
import { gunzipSync } from "node:zlib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startScriptlessProxy, withoutModuleScripts } from "../../bench/scriptless-proxy";

const PAGE = `<!DOCTYPE html><html><head><link rel="modulepreload" href="/assets/framework.js"/>
<link rel="stylesheet" href="/assets/app.css"/></head><body><main>Түүх</main>
<script nonce="n1">window.__remixContext = {};</script>
<script nonce="n1" type="module" async="">await import("/assets/entry.client.js");</script>
</body></html>`;

describe("Lighthouse's reference page without module scripts (decision 045)", () => {
  it("drops the module script and the module preloads, and keeps the rest of the document", () => {
    const html = withoutModuleScripts(PAGE);
    expect(html).not.toContain("modulepreload");
    expect(html).not.toContain("entry.client");
    expect(html).toContain('<link rel="stylesheet" href="/assets/app.css"/>');
    expect(html).toContain("window.__remixContext = {};");
    expect(html).toContain("<main>Түүх</main>");
  });

  let origin: http.Server;
  let proxy: Awaited<ReturnType<typeof startScriptlessProxy>>;
  beforeAll(async () => {
    origin = http.createServer((req, res) => {
      if (req.url === "/") {
        res.writeHead(200, {
          "content-type": "text/html; charset=utf-8",
          "cross-origin-opener-policy": "same-origin",
        });
        res.end(PAGE);
      } else {
        res.writeHead(200, { "content-type": "text/javascript", "x-asked": req.url ?? "" });
        res.end("export {};");
      }
    });
    await new Promise<void>((resolve) => origin.listen(0, "127.0.0.1", resolve));
    proxy = await startScriptlessProxy(
      `http://localhost:${(origin.address() as AddressInfo).port}`,
    );
  });
  afterAll(async () => {
    await proxy.close();
    await new Promise((resolve) => origin.close(resolve));
  });

  it("answers pages rewritten and compressed, with the origin's headers, and other files as they are", async () => {
    const page = await new Promise<{ headers: http.IncomingHttpHeaders; body: Buffer }>(
      (resolve, reject) =>
        http
          .get(
            proxy.url("/"),
            { headers: { accept: "text/html", "accept-encoding": "gzip" } },
            (res) => {
              const chunks: Buffer[] = [];
              res.on("data", (c: Buffer) => chunks.push(c));
              res.on("end", () => resolve({ headers: res.headers, body: Buffer.concat(chunks) }));
            },
          )
          .on("error", reject),
    );
    expect(page.headers["cross-origin-opener-policy"]).toBe("same-origin");
    expect(page.headers["content-encoding"]).toBe("gzip");
    expect(gunzipSync(page.body).toString()).toBe(withoutModuleScripts(PAGE));

    const script = await fetch(proxy.url("/assets/framework.js"));
    expect(script.headers.get("x-asked")).toBe("/assets/framework.js");
    expect(await script.text()).toBe("export {};");
  });
});
