import { readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

/**
 * The house rule of docs/architecture.md: screens → services → helpers → database. A module may
 * import its own layer and the layers below it, never one above; `import type` of a higher
 * layer's answer is allowed, as it leaves nothing in the built code.
 */
const LAYERS = ["base", "database", "helpers", "services", "screens"] as const;
type Layer = (typeof LAYERS)[number];

/** First match wins; a file no rule names is a failure of its own, so a new folder is placed on purpose. */
const PLACES: [RegExp, Layer][] = [
  [/^app\/(config\.server|constants)\.ts$/, "base"],
  [/^db\/(client|schema|migrate)\.ts$/, "database"],
  [/^app\/(lib|http|schemas|locales|qpay|sw)\//, "helpers"],
  [
    /^app\/(i18n|i18n-backend|i18n-quick|i18next\.server|theme\.server|theme-tokens|types\.d)\.tsx?$/,
    "helpers",
  ],
  [/^app\/(models|messages)\//, "services"],
  [/^app\/(routes|components|api|screens|web|loaders)\//, "screens"],
  [/^app\/(root|entry\.client|entry\.server|startup\.server)\.tsx?$/, "screens"],
];

function layerOf(file: string): Layer | null {
  return PLACES.find(([pattern]) => pattern.test(file))?.[1] ?? null;
}

function filesUnder(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const full = path.posix.join(dir, name);
    if (statSync(full).isDirectory()) return filesUnder(full);
    return /\.(ts|tsx|mjs)$/.test(name) ? [full] : [];
  });
}

const SOURCES = [...filesUnder("app"), "db/client.ts", "db/schema.ts", "db/migrate.ts"];

/** Value imports only: `import type` and `export type` leave no trace in the built code. */
const IMPORT =
  /^\s*(?:import|export)\s+(?!type\s)(?:[^'"`;]*?\sfrom\s+)?["']([^"']+)["']|import\(\s*["']([^"']+)["']\s*\)/gm;

function target(from: string, specifier: string): string | null {
  let resolved: string;
  if (specifier.startsWith("~/")) resolved = `app/${specifier.slice(2)}`;
  else if (specifier.startsWith("#db/")) resolved = `db/${specifier.slice(4)}`;
  else if (specifier.startsWith("."))
    resolved = path.posix.join(path.posix.dirname(from), specifier);
  else return null;
  resolved = resolved.replace(/\?.*$/, "");
  const candidates = [resolved, `${resolved}.ts`, `${resolved}.tsx`, `${resolved}/index.ts`];
  return candidates.find((c) => SOURCES.includes(c)) ?? resolved;
}

function violations(): string[] {
  const found: string[] = [];
  for (const file of SOURCES) {
    const own = layerOf(file);
    if (!own) {
      found.push(`${file}: in no layer (add it to PLACES and to docs/architecture.md)`);
      continue;
    }
    const text = readFileSync(file, "utf8");
    for (const match of text.matchAll(IMPORT)) {
      const to = target(file, match[1] ?? match[2] ?? "");
      if (!to || !/^(app|db)\//.test(to)) continue;
      const theirs = layerOf(to);
      if (!theirs) continue; // assets, css, svg
      if (LAYERS.indexOf(theirs) > LAYERS.indexOf(own)) {
        found.push(`${file} (${own}) imports ${to} (${theirs})`);
      }
    }
  }
  return found;
}

describe("every import points down", () => {
  it("no module imports a layer above its own", () => {
    expect(violations()).toEqual([]);
  });

  it("the check sees an upward import", () => {
    const sample =
      'import { requireUser } from "~/web/auth.server";\nimport type { X } from "~/models/a.server";';
    const specifiers = [...sample.matchAll(IMPORT)].map((m) => m[1] ?? m[2]);
    expect(specifiers).toEqual(["~/web/auth.server"]);
    expect(layerOf(target("app/models/x.server.ts", "~/web/auth.server") ?? "")).toBe("screens");
  });
});
