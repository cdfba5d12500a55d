import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { KILL_SWITCH_FILE, serviceWorkerScript } from "~/http/service-worker.server";
import { precacheList } from "../../scripts/build-sw.mjs";

/** Decision 066: what the worker precaches of a build, and how /sw.js is served. */

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});
function tempDir() {
  const dir = mkdtempSync(path.join(os.tmpdir(), "storyshare-sw-"));
  dirs.push(dir);
  return dir;
}
function write(file: string, text: string) {
  mkdirSync(path.dirname(file), { recursive: true });
  writeFileSync(file, text);
}

const route = (id: string, module: string, imports: string[] = []) => ({
  id,
  module,
  imports,
  css: [],
});

describe("the precache list", () => {
  it("is what every page loads and the offline pages, never another route's chunk", () => {
    const dir = tempDir();
    const client = path.join(dir, "client");
    const manifest = {
      version: "abc123",
      entry: { module: "/assets/entry.client-1.js", imports: ["/assets/framework-1.js"] },
      routes: {
        root: route("root", "/assets/root-1.js", ["/assets/framework-1.js", "/assets/shell-1.js"]),
        "routes/offline": route("routes/offline", "/assets/offline-1.js", ["/assets/kept-1.js"]),
        "routes/saved": route("routes/saved", "/assets/saved-1.js", ["/assets/kept-1.js"]),
        "routes/stories.$id": route("routes/stories.$id", "/assets/stories-1.js", [
          "/assets/zod-1.js",
        ]),
        "routes/admin": route("routes/admin", "/assets/admin-1.js"),
      },
    };
    write(
      `${client}/assets/manifest-abc123.js`,
      `//# allFunctionsCalledOnLoad\nwindow.__remixManifest=${JSON.stringify(manifest)};`,
    );
    for (const name of [
      "entry.client-1",
      "framework-1",
      "root-1",
      "offline-1",
      "saved-1",
      "kept-1",
    ])
      write(`${client}/assets/${name}.js`, "export {};");
    write(
      `${client}/assets/shell-1.js`,
      'const css = "/assets/tailwind-b.css", s = "/assets/icons-1.svg";',
    );
    write(`${dir}/server/index.js`, 'const href = "/assets/tailwind-a.css";');
    const pub = path.join(dir, "public");
    for (const file of [
      "favicon.svg",
      "favicon.ico",
      "apple-touch-icon.png",
      "icons/icon-192.png",
      "icons/icon-512.png",
    ])
      write(`${pub}/${file}`, file);

    const { version, precache } = precacheList(client, pub, `${dir}/server/index.js`);
    expect(version).toBe("abc123");
    const urls = precache.map((e: { url: string }) => e.url);
    expect(urls).toEqual(
      expect.arrayContaining([
        "/assets/manifest-abc123.js",
        "/assets/entry.client-1.js",
        "/assets/framework-1.js",
        "/assets/root-1.js",
        "/assets/shell-1.js",
        "/assets/offline-1.js",
        "/assets/saved-1.js",
        "/assets/kept-1.js",
        "/assets/tailwind-a.css",
        "/assets/tailwind-b.css",
        "/assets/icons-1.svg",
        "/favicon.svg",
        "/icons/icon-512.png",
      ]),
    );
    expect(urls).not.toContain("/assets/stories-1.js");
    expect(urls).not.toContain("/assets/zod-1.js");
    expect(urls).not.toContain("/assets/admin-1.js");
    // Fingerprinted files need no revision; public/ files carry their content's.
    for (const entry of precache as { url: string; revision: string | null }[])
      expect(entry.revision === null, entry.url).toBe(entry.url.startsWith("/assets/"));
    expect(new Set(urls).size).toBe(urls.length);
  });
});

describe("/sw.js", () => {
  function buildDir() {
    const dir = tempDir();
    write(`${dir}/sw.js`, "/* the worker */");
    write(`${dir}/sw-off.js`, "/* the empty worker */");
    return dir;
  }
  const ask = (headers: Record<string, string> = {}) =>
    new Request("http://localhost/sw.js", { headers });

  it("is served with no-cache, never for long, and answers a check with 304", async () => {
    const dir = buildDir();
    const answer = await serviceWorkerScript(ask(), dir);
    expect(answer.status).toBe(200);
    expect(answer.headers.get("cache-control")).toBe("no-cache");
    expect(answer.headers.get("content-type")).toBe("text/javascript; charset=utf-8");
    expect(await answer.text()).toBe("/* the worker */");
    const etag = answer.headers.get("etag")!;
    const again = await serviceWorkerScript(ask({ "If-None-Match": etag }), dir);
    expect(again.status).toBe(304);
    expect(again.headers.get("cache-control")).toBe("no-cache");
  });

  it("is the empty worker while the kill switch's file exists, without a restart", async () => {
    const dir = buildDir();
    const off = path.join(process.env.DATA_DIR!, KILL_SWITCH_FILE);
    writeFileSync(off, "");
    try {
      const answer = await serviceWorkerScript(ask(), dir);
      expect(await answer.text()).toBe("/* the empty worker */");
      expect(answer.headers.get("cache-control")).toBe("no-cache");
    } finally {
      rmSync(off);
    }
    expect(await (await serviceWorkerScript(ask(), dir)).text()).toBe("/* the worker */");
  });

  it("is not found where no worker was built (npm run dev)", async () => {
    expect((await serviceWorkerScript(ask(), tempDir())).status).toBe(404);
  });
});
