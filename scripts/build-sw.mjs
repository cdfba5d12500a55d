// The offline worker (decision 066), built after Remix's build: app/sw/worker.ts bundled with
// esbuild into build/sw.js, with the list of files every page needs, and the kill switch's
// worker (app/sw/off.ts) into build/sw-off.js. Both sit outside build/client: remix-serve gives
// every file there a year's immutable caching, and the worker's script must never be kept
// (app/routes/sw[.]js.ts serves it with no-cache).
import { createHash } from "node:crypto";
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { build } from "esbuild";

const CLIENT = "build/client";
/** The routes the offline pages need besides the root: they are what the worker shows offline. */
const OFFLINE_ROUTES = ["routes/offline", "routes/saved"];
/** Files in public/ every page links (icons), precached by their content's hash. */
const PUBLIC_FILES = [
  "favicon.svg",
  "favicon.ico",
  "apple-touch-icon.png",
  "icons/icon-192.png",
  "icons/icon-512.png",
];

/** The browser's route manifest of this build (`window.__remixManifest = {…}`). */
export function readRemixManifest(dir = `${CLIENT}/assets`) {
  const file = readdirSync(dir).find((name) => /^manifest-[\w-]+\.js$/.test(name));
  if (!file) throw new Error(`no Remix manifest in ${dir}`);
  const text = readFileSync(path.join(dir, file), "utf8");
  const start = text.indexOf("{", text.indexOf("window.__remixManifest"));
  const manifest = JSON.parse(text.slice(start, text.lastIndexOf("}") + 1));
  return { manifest, url: `/assets/${file}` };
}

/**
 * What every page loads (the entry, the root route's chunks, the manifest, the style sheet and
 * the icon sprite they name), the offline pages' own chunks, and the icons: fingerprinted files
 * without a revision, public/ files with their content's hash.
 */
export function precacheList(
  clientDir = CLIENT,
  publicDir = "public",
  serverBuild = "build/server/index.js",
) {
  const { manifest, url } = readRemixManifest(`${clientDir}/assets`);
  const files = new Set([url, manifest.entry.module, ...manifest.entry.imports]);
  for (const id of ["root", ...OFFLINE_ROUTES]) {
    const route = manifest.routes[id];
    if (!route) throw new Error(`the build has no route ${id}`);
    for (const file of [route.module, ...route.imports, ...(route.css ?? [])]) files.add(file);
  }
  // The style sheet and the sprite are named inside the shell's scripts (`?url` imports), and
  // the style sheet the server's pages link inside the server build (its file name can differ
  // from the browser build's).
  const named = (code) => code.matchAll(/\/assets\/[\w.-]+\.(?:css|svg)/g);
  for (const file of [...files]) {
    if (!file.endsWith(".js")) continue;
    for (const [name] of named(readFileSync(path.join(clientDir, file), "utf8"))) files.add(name);
  }
  for (const [name] of named(readFileSync(serverBuild, "utf8"))) {
    if (name.endsWith(".css")) files.add(name);
  }
  const hash = (file) =>
    createHash("sha256")
      .update(readFileSync(path.join(publicDir, file)))
      .digest("hex")
      .slice(0, 16);
  return {
    version: manifest.version,
    precache: [
      ...[...files].sort().map((file) => ({ url: file, revision: null })),
      ...PUBLIC_FILES.map((file) => ({ url: `/${file}`, revision: hash(file) })),
    ],
  };
}

export async function buildServiceWorker(outDir = "build") {
  const offline = precacheList();
  const common = {
    bundle: true,
    minify: true,
    format: "iife",
    target: "es2020",
    platform: "browser",
    legalComments: "none",
    logLevel: "warning",
    define: { "process.env.NODE_ENV": '"production"' },
  };
  await build({
    ...common,
    entryPoints: ["app/sw/worker.ts"],
    outfile: `${outDir}/sw.js`,
    define: { ...common.define, __OFFLINE_BUILD__: JSON.stringify(offline) },
  });
  await build({ ...common, entryPoints: ["app/sw/off.ts"], outfile: `${outDir}/sw-off.js` });
  return offline;
}

if (import.meta.url === `file://${process.argv[1]}`) await buildServiceWorker();
