/**
 * A story page's JavaScript, file by file (issue 45 item 5: at most 120 KB gzip on a first
 * visit). Counted as bench/page-weight.ts counts it: the entry, the root and the story route's
 * modules and their imports, gzip level 9. Also lists what the page can load later (dynamic
 * imports: the parts only some visitors see, decision 068), not counted; and, for a build made
 * with source maps (`node scripts/build.mjs --sourcemap`), which sources each file's bytes come
 * from (a file's gzip shared out by its sources' minified bytes).
 *
 *   tsx bench/story-js.ts [build directory …]   (default: build; several compare side by side)
 */
import { existsSync, readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { gzipSync } from "node:zlib";

const BUDGET = 120 * 1024;
const ROUTE = "routes/stories.$id";

interface Route {
  parentId?: string;
  module: string;
  imports?: string[];
}

function manifestOf(build: string) {
  const dir = path.join(build, "client/assets");
  const file = readdirSync(dir).find((f) => /^manifest-.*\.js$/.test(f));
  if (!file) throw new Error(`No manifest in ${dir}: build first`);
  const text = readFileSync(path.join(dir, file), "utf8");
  return JSON.parse(text.slice(text.indexOf("{"), text.lastIndexOf("}") + 1)) as {
    entry: { module: string; imports: string[] };
    routes: Record<string, Route>;
  };
}

/** The files a first visit loads: what the manifest names for the entry and the route chain. */
function firstVisit(build: string): string[] {
  const manifest = manifestOf(build);
  const files = new Set([manifest.entry.module, ...manifest.entry.imports]);
  const chain: Route[] = [];
  for (let id: string | undefined = ROUTE; id; id = manifest.routes[id]?.parentId) {
    const route = manifest.routes[id];
    if (!route) throw new Error(`${id} is not in the manifest`);
    chain.unshift(route);
  }
  for (const route of chain) for (const f of [route.module, ...(route.imports ?? [])]) files.add(f);
  return [...files];
}

const read = (build: string, url: string) => readFileSync(path.join(build, "client", url));
/** Gzip bytes; a build with source maps counts as one without (their comment left out). */
const gzip = (code: Buffer) =>
  gzipSync(code.toString("utf8").replace(/\n?\/\/# sourceMappingURL=\S+\s*$/, ""), { level: 9 })
    .length;

/** Each `import("./x.js")` in a file, and the static imports (`from"./x.js"`) of a file. */
const dynamicImports = (code: string) =>
  [...code.matchAll(/import\(\s*["']\.\/([\w.-]+\.js)["']\s*\)/g)].map((m) => `/assets/${m[1]}`);
const staticImports = (code: string) =>
  [...code.matchAll(/(?:from|import)\s*["']\.\/([\w.-]+\.js)["']/g)].map((m) => `/assets/${m[1]}`);

/** What loading `url` brings beyond `loaded`: it and its static imports, recursively. */
function closure(build: string, url: string, loaded: Set<string>): string[] {
  const found: string[] = [];
  const todo = [url];
  for (let next = todo.pop(); next; next = todo.pop()) {
    if (loaded.has(next) || found.includes(next)) continue;
    found.push(next);
    todo.push(...staticImports(read(build, next).toString("utf8")));
  }
  return found;
}

/** Minified bytes per source, from a file's source map (a VLQ decoder: no dependency needed). */
function bytesBySource(code: string, map: { sources: string[]; mappings: string }) {
  const B64 = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";
  const lines = code.split("\n");
  const bySource = new Map<string, number>();
  let source = 0;
  map.mappings.split(";").forEach((line, lineNo) => {
    const text = lines[lineNo] ?? "";
    let column = 0;
    const segments: [number, number | null][] = [];
    for (const segment of line.split(",")) {
      if (!segment) continue;
      const values: number[] = [];
      let value = 0;
      let shift = 0;
      for (const char of segment) {
        const digit = B64.indexOf(char);
        value += (digit & 31) << shift;
        if (digit & 32) shift += 5;
        else {
          values.push(value & 1 ? -(value >>> 1) : value >>> 1);
          value = 0;
          shift = 0;
        }
      }
      column += values[0] ?? 0;
      if (values.length >= 4) {
        source += values[1] ?? 0;
        segments.push([column, source]);
      } else segments.push([column, null]);
    }
    segments.forEach(([start, src], i) => {
      if (src === null) return;
      const end = segments[i + 1]?.[0] ?? text.length;
      const name = map.sources[src] ?? "?";
      bySource.set(name, (bySource.get(name) ?? 0) + Math.max(0, end - start));
    });
  });
  return bySource;
}

/** A source's name for the table: a package, or the app's file. */
function label(source: string) {
  const modules = source.lastIndexOf("node_modules/");
  if (modules >= 0) {
    const parts = source.slice(modules + 13).split("/");
    return parts[0]?.startsWith("@") ? `${parts[0]}/${parts[1]}` : (parts[0] ?? source);
  }
  const app = source.indexOf("app/");
  return app >= 0 ? source.slice(app) : source.replace(/^(\.\.\/)+/, "");
}

function sources(build: string, url: string, fileGzip: number) {
  const mapFile = path.join(build, "client", `${url}.map`);
  if (!existsSync(mapFile)) return null;
  const code = read(build, url).toString("utf8");
  const bytes = bytesBySource(code, JSON.parse(readFileSync(mapFile, "utf8")));
  const byLabel = new Map<string, number>();
  for (const [source, n] of bytes)
    byLabel.set(label(source), (byLabel.get(label(source)) ?? 0) + n);
  const total = [...byLabel.values()].reduce((a, b) => a + b, 0) || 1;
  return [...byLabel]
    .sort((a, b) => b[1] - a[1])
    .map(([name, n]) => ({ name, gzip: (fileGzip * n) / total }));
}

const kb = (bytes: number) => (bytes / 1024).toFixed(1).padStart(6);
const short = (url: string) => url.replace("/assets/", "");

export function storyJs(build = "build") {
  const files = firstVisit(build).map((url) => ({ url, gzip: gzip(read(build, url)) }));
  const loaded = new Set(files.map((f) => f.url));
  const later = new Map<string, { url: string; gzip: number }[]>();
  for (const { url } of files) {
    for (const target of dynamicImports(read(build, url).toString("utf8"))) {
      if (loaded.has(target) || later.has(target)) continue;
      later.set(
        target,
        closure(build, target, loaded).map((u) => ({ url: u, gzip: gzip(read(build, u)) })),
      );
    }
  }
  return { files, total: files.reduce((sum, f) => sum + f.gzip, 0), later };
}

function main() {
  const builds = process.argv.slice(2).length ? process.argv.slice(2) : ["build"];
  for (const build of builds) {
    const { files, total, later } = storyJs(build);
    console.log(`\n${build}: a story page's first visit, ${files.length} files`);
    for (const file of [...files].sort((a, b) => b.gzip - a.gzip)) {
      console.log(`${kb(file.gzip)} KB  ${short(file.url)}`);
      for (const s of sources(build, file.url, file.gzip)?.filter((x) => x.gzip >= 200) ?? []) {
        console.log(`         ${kb(s.gzip)}  ${s.name}`);
      }
    }
    const verdict = total <= BUDGET ? "within" : "over";
    console.log(`${kb(total)} KB  total (${total} B), ${verdict} the budget of 120 KB`);
    if (later.size) console.log("Loaded only when drawn (not counted):");
    for (const [target, chunk] of later) {
      const size = chunk.reduce((sum, f) => sum + f.gzip, 0);
      console.log(`${kb(size)} KB  ${chunk.map((f) => short(f.url)).join(" + ")}`);
      if (target !== chunk[0]?.url) console.log(`         (via ${short(target)})`);
    }
  }
}

if (import.meta.url === `file://${process.argv[1]}`) main();
