import { readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import semver from "semver";
import { describe, expect, it } from "vitest";

/**
 * What `npm start` and `npm test` install (issue 41, item 17): a start installs the app and its
 * build tools only (`npm install --omit=dev`, scripts/ensure-install.mjs); the tests' and the
 * benchmark's tools come with the first `npm test` or `npm run bench`. And nothing installed warns
 * about the engine on the Node the README asks for.
 */

type Entry = { dev?: boolean; optional?: boolean; engines?: { node?: string } };
const lock = JSON.parse(readFileSync("package-lock.json", "utf8")) as {
  packages: Record<string, Entry>;
};
const pkg = JSON.parse(readFileSync("package.json", "utf8"));
const readmeNode = /You need Node\.js (\d+\.\d+(?:\.\d+)?) or newer/.exec(
  readFileSync("README.md", "utf8"),
)?.[1];
const entries = Object.entries(lock.packages).filter(([path]) => path !== "");
const name = (path: string) => path.replace(/^.*node_modules\//, "");
const startInstalls = (want: string) =>
  entries.some(([path, entry]) => name(path) === want && !entry.dev);

describe("what a start installs", () => {
  it("has what building and serving need", () => {
    for (const tool of ["@remix-run/dev", "vite", "tailwindcss", "tsx", "undici", "sharp"]) {
      expect(startInstalls(tool), tool).toBe(true);
    }
  });

  it("leaves the tests' and the benchmark's tools to the commands that use them", () => {
    for (const tool of [
      "vitest",
      "@playwright/test",
      "lighthouse",
      "drizzle-kit",
      "html-validate",
    ]) {
      expect(startInstalls(tool), tool).toBe(false);
    }
    const start = entries.filter(([, entry]) => !entry.dev && !entry.optional).length;
    // Two thirds or less of everything: the point of the split.
    expect(start).toBeLessThan(entries.filter(([, entry]) => !entry.optional).length * 0.7);
  });
});

/** Every source file a start builds or runs: the app, the front, the database set-up. */
function sources(dir: string): string[] {
  return readdirSync(dir).flatMap((entry) => {
    const full = path.join(dir, entry);
    if (statSync(full).isDirectory()) return sources(full);
    return /\.(ts|tsx|mjs)$/.test(entry) ? [full] : [];
  });
}

describe("what a start runs", () => {
  it("imports no package a start does not install (the build would fail on a fresh clone)", () => {
    const devOnly = Object.keys(pkg.devDependencies as Record<string, string>);
    const files = [
      ...sources("app"),
      ...sources("server"),
      ...sources("db"),
      "scripts/start.mjs",
      "scripts/build.mjs",
    ];
    const found: string[] = [];
    for (const file of files) {
      const text = readFileSync(file, "utf8");
      for (const dep of devOnly) {
        const escaped = dep.replace(/[.*+?^${}()|[\]\\/]/g, "\\$&");
        if (new RegExp(`(from\\s+|import\\(\\s*)["']${escaped}(/[^"']*)?["']`).test(text)) {
          found.push(`${file} imports ${dep}`);
        }
      }
    }
    expect(found).toEqual([]);
  });
});

describe("the Node the README asks for", () => {
  it("is the one package.json names", () => {
    expect(readmeNode).toBeTruthy();
    expect(semver.minVersion(pkg.engines.node)?.version).toBe(semver.coerce(readmeNode!)?.version);
  });

  it("satisfies every installed package's engines (no EBADENGINE warning)", () => {
    const version = semver.coerce(readmeNode!)!.version;
    const refusing = entries
      .filter(([, entry]) => !entry.optional && entry.engines?.node)
      .filter(([, entry]) => !semver.satisfies(version, entry.engines!.node!))
      .map(([path, entry]) => `${name(path)} wants ${entry.engines!.node}`);
    expect(refusing).toEqual([]);
  });
});
