import { rmSync } from "node:fs";
import http from "node:http";
import { expect, test } from "@playwright/test";
import { preparedFolder, startServer } from "./servers";

/**
 * Decision 065 through the front `npm start` runs (decision 037): a browser that sends
 * `Save-Data: on`, or a reader who turned light mode on, never gets the full page from the
 * front's cache, and a full request never gets the light one, while both are served from it.
 */

test.describe.configure({ timeout: 300_000 });

interface Answer {
  status: number;
  cache: string | undefined;
  vary: string;
  light: boolean;
  full: boolean;
}

/** A plain HTTP/1.1 GET, no browser: the headers given and nothing else but Host. */
function get(url: string, headers: Record<string, string>): Promise<Answer> {
  return new Promise((resolve, reject) => {
    http
      .get(url, { headers, agent: false }, (res) => {
        let body = "";
        res.setEncoding("utf8");
        res.on("data", (chunk: string) => {
          body += chunk;
        });
        res.on("end", () =>
          resolve({
            status: res.statusCode ?? 0,
            cache: res.headers["x-cache"] as string | undefined,
            vary: String(res.headers.vary ?? ""),
            // The light page: pictures on demand and no module script; the full one the reverse.
            light: body.includes('data-testid="show-image"') && !body.includes('type="module"'),
            full: body.includes('type="module"') && !body.includes('data-testid="show-image"'),
          }),
        );
      })
      .on("error", reject);
  });
}

test("light and full pages are kept apart by the front's cache, each served from it", async () => {
  const dir = preparedFolder();
  const server = await startServer(dir);
  try {
    const kinds: { name: string; light: boolean; headers: Record<string, string> }[] = [
      { name: "full", light: false, headers: {} },
      { name: "Save-Data", light: true, headers: { "Save-Data": "on" } },
      { name: "Save-Data in capitals", light: true, headers: { "Save-Data": "ON" } },
      { name: "cookie on", light: true, headers: { Cookie: "storyshare-light=1" } },
      // The reader's choice wins over the browser's header.
      {
        name: "cookie off with Save-Data",
        light: false,
        headers: { Cookie: "storyshare-light=0", "Save-Data": "on" },
      },
    ];
    const hits = new Map<string, number>();
    // Interleaved, several rounds: each kind is stored at its second miss and then hit, while
    // the others ask for the same address in between.
    for (let round = 0; round < 4; round++) {
      for (const kind of kinds) {
        const answer = await get(`${server.url}/`, kind.headers);
        expect(answer.status, kind.name).toBe(200);
        expect(answer.vary, kind.name).toMatch(/\bSave-Data\b/i);
        expect(answer.light, `${kind.name}, round ${round}: light`).toBe(kind.light);
        expect(answer.full, `${kind.name}, round ${round}: full`).toBe(!kind.light);
        if (answer.cache === "HIT") hits.set(kind.name, (hits.get(kind.name) ?? 0) + 1);
      }
    }
    // Served from the cache, all of them: the test would notice if nothing were kept.
    for (const kind of kinds) expect(hits.get(kind.name) ?? 0, kind.name).toBeGreaterThan(0);
  } finally {
    await server.stop();
    rmSync(dir, { recursive: true, force: true });
  }
});
