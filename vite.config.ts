import { vitePlugin as remix } from "@remix-run/dev";
import { defineConfig } from "vite";
import remixConfig from "./remix.config.js";

/**
 * The production build (decision 043). The browser's modules are grouped so that a first visit
 * loads a few files instead of dozens: each file is a request, a compile and an evaluation task,
 * and on a phone those, not the amount of code, were most of the page's blocking time
 * (decision 041).
 */

const APP = new URL("./app", import.meta.url).pathname;
const ENTRY = `${APP}/entry.client.tsx`;

type ModuleInfo = (id: string) => { importedIds: readonly string[] } | null;

/** Every module `roots` import, directly or not (static imports only). */
function reachable(info: ModuleInfo, roots: string[]): Set<string> {
  const seen = new Set<string>();
  const todo = [...roots];
  for (let id = todo.pop(); id !== undefined; id = todo.pop()) {
    if (seen.has(id)) continue;
    seen.add(id);
    todo.push(...(info(id)?.importedIds ?? []));
  }
  return seen;
}

let shell: Set<string> | undefined;
let home: Set<string> | undefined;
let story: Set<string> | undefined;

/**
 * - `framework`: the libraries every page runs (React, Remix, i18next and what they use), with
 *   the bundler's helpers, which those libraries import (elsewhere the chunks would import each
 *   other in a circle).
 * - `shell`: the app's code every page runs (the root layout and what it imports).
 * - `home`: the app's code of the home page beyond that (cards, lists, filters), which the other
 *   public pages mostly share. The few parts a story page shares with it (badges, the author's
 *   name, pictures) go with the shell instead: a story page would otherwise download the home
 *   page's lists for them (decision 068).
 * The entry module stays in a file of its own: in the same file as the root route, importing the
 * route would start hydration before Remix has registered the route modules.
 * Everything else is split as Rollup chooses, so an admin screen's code is never a visitor's.
 */
function chunkOf(id: string, { getModuleInfo }: { getModuleInfo: ModuleInfo }) {
  if (id.startsWith("\0")) return "framework";
  shell ??= reachable(getModuleInfo, [`${APP}/root.tsx`, ENTRY]);
  const library = id.includes("/node_modules/");
  if (shell.has(id) && id !== ENTRY) return library ? "framework" : "shell";
  home ??= reachable(getModuleInfo, [`${APP}/routes/_index.tsx`]);
  if (home.has(id) && !library) {
    story ??= reachable(getModuleInfo, [`${APP}/routes/stories.$id.tsx`]);
    return story.has(id) ? "shell" : "home";
  }
  return undefined;
}

export default defineConfig(({ isSsrBuild }) => ({
  plugins: [remix(remixConfig)],
  resolve: {
    alias: {
      "~": APP,
      "#db": new URL("./db", import.meta.url).pathname,
    },
  },
  build: {
    // public/ is served as it is, for an hour (remix-serve); what the build writes is fingerprinted
    // and served for a year, so nothing without a fingerprint may land among it.
    copyPublicDir: false,
    target: isSsrBuild ? "node20" : undefined,
    rollupOptions: {
      // Resource routes (feeds, pictures, /api) have no browser code: their empty chunks are expected.
      onwarn(warning, warn) {
        if (warning.code !== "EMPTY_BUNDLE") warn(warning);
      },
      output: { manualChunks: isSsrBuild ? undefined : chunkOf },
    },
  },
}));
