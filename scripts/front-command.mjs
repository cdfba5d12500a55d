// The front as a build output (decision 069): scripts/build.mjs bundles server/front.ts into
// build/front.mjs, and `npm start`, the fault tests and the bench run it with plain `node`.
// Through tsx, the front kept tsx's esbuild service beside it (14 MB resident after the bench)
// and compiled its TypeScript at every start. Everything that starts the front asks here.
import { existsSync } from "node:fs";
import path from "node:path";

export const FRONT_BUNDLE = "build/front.mjs";

/**
 * Bundles a front's source into one ES module for Node 20; packages stay imports (undici is
 * found in the checkout's node_modules, as the source found it).
 */
export async function bundleFront(entry = "server/front.ts", outfile = FRONT_BUNDLE) {
  const { build } = await import("esbuild");
  await build({
    entryPoints: [entry],
    outfile,
    bundle: true,
    platform: "node",
    target: "node20",
    format: "esm",
    packages: "external",
    logLevel: "warning",
  });
}

/**
 * Node's arguments that run the front of the checkout at `root`; it must have been built. A
 * checkout from before decision 069 (an A/B's "before", which has no scripts/front-command.mjs)
 * ran its front from source through tsx, and still does.
 */
export function frontCommand(root = process.cwd()) {
  if (!existsSync(path.join(root, "scripts/front-command.mjs"))) {
    return ["--import", "tsx", path.resolve(root, "server/front.ts")];
  }
  const file = path.resolve(root, FRONT_BUNDLE);
  if (!existsSync(file)) {
    throw new Error(`${file} is missing: build first (node scripts/build.mjs, or npm run build)`);
  }
  return [file];
}

/**
 * The front's environment: glibc's arenas capped at two (decision 069). The front compresses every
 * page it keeps on libuv's threads, glibc gives each thread an arena and keeps what was freed in
 * it: about 30 MB of the front's resident memory after the bench's distinct pages. A value
 * already set wins. (Its workers get theirs from server/front/workers.ts.)
 */
export function frontEnv(env = process.env) {
  return { MALLOC_ARENA_MAX: "2", ...env };
}

/** Whether a process's arguments are a front's (the bundle, or the source through tsx). */
export function isFrontCommand(args) {
  return args.some((a) => a.endsWith(FRONT_BUNDLE) || a.endsWith("server/front.ts"));
}
