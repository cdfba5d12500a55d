/**
 * JS and CSS a first visit downloads per route, gzip bytes, read from the production build's
 * asset manifest: the entry, every route module on the way from the root, and their imports.
 */
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { gzipSync } from "node:zlib";

interface ManifestRoute {
  id: string;
  parentId?: string;
  module: string;
  imports?: string[];
}
interface Manifest {
  entry: { module: string; imports: string[] };
  routes: Record<string, ManifestRoute>;
}

/** What the browser is sent: the URL /assets/x.js is the file build/client/assets/x.js. */
const CLIENT = "build/client";

function readManifest(): Manifest {
  const dir = path.join(CLIENT, "assets");
  const file = readdirSync(dir).find((f) => /^manifest-.*\.js$/.test(f));
  if (!file) throw new Error(`No manifest in ${dir}: run \`npm run build\` first`);
  const text = readFileSync(path.join(dir, file), "utf8");
  return JSON.parse(text.slice(text.indexOf("{"), text.lastIndexOf("}") + 1));
}

const gzipBytes = (url: string) =>
  gzipSync(readFileSync(path.join(CLIENT, url)), { level: 9 }).length;

/** The route ids from the root down to `routeId`. */
function chain(manifest: Manifest, routeId: string): ManifestRoute[] {
  const routes: ManifestRoute[] = [];
  for (let id: string | undefined = routeId; id; id = manifest.routes[id]?.parentId) {
    const route = manifest.routes[id];
    if (!route) throw new Error(`Route ${id} is not in the manifest`);
    routes.unshift(route);
  }
  return routes;
}

export interface PageWeight {
  route: string;
  jsGzip: number;
  cssGzip: number;
  files: number;
}

export function pageWeights(routeIds: Record<string, string>): PageWeight[] {
  const manifest = readManifest();
  // The stylesheet is linked by the root's links() (a `?url` import), so the server build names
  // it, not the manifest.
  const css = new Set<string>();
  for (const file of readdirSync("build/server", { recursive: true }).map(String)) {
    if (!file.endsWith(".js")) continue;
    const code = readFileSync(path.join("build/server", file), "utf8");
    for (const url of code.match(/\/assets\/[\w.-]+\.css/g) ?? []) css.add(url);
  }
  const cssGzip = [...css].reduce((sum, f) => sum + gzipBytes(f), 0);
  return Object.entries(routeIds).map(([route, id]) => {
    const files = new Set([manifest.entry.module, ...manifest.entry.imports]);
    for (const r of chain(manifest, id)) {
      files.add(r.module);
      for (const i of r.imports ?? []) files.add(i);
    }
    const jsGzip = [...files].reduce((sum, f) => sum + gzipBytes(f), 0);
    return { route, jsGzip, cssGzip, files: files.size };
  });
}
