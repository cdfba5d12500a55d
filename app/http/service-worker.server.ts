import { createHash } from "node:crypto";
import { readFile, stat } from "node:fs/promises";
import path from "node:path";
import { config } from "~/config.server";

/**
 * The offline worker's script (decision 066), built into build/ by scripts/build-sw.mjs, or the
 * kill switch's empty worker while `DATA_DIR/service-worker-off` exists (docs/operations.md):
 * a file, so that an operator turns it on and off without a restart. Never kept by any cache:
 * `no-cache`, with an ETag so that a browser's check costs a 304.
 */
export const KILL_SWITCH_FILE = "service-worker-off";

export async function workerSwitchedOff(): Promise<boolean> {
  return stat(path.join(config.DATA_DIR, KILL_SWITCH_FILE)).then(
    () => true,
    () => false,
  );
}

export async function serviceWorkerScript(request: Request, buildDir = "build"): Promise<Response> {
  const file = (await workerSwitchedOff()) ? "sw-off.js" : "sw.js";
  const code = await readFile(path.join(buildDir, file)).catch(() => null);
  if (!code) return new Response("Not found", { status: 404 });
  const etag = `"${createHash("sha256").update(code).digest("base64url").slice(0, 22)}"`;
  const headers = {
    "Content-Type": "text/javascript; charset=utf-8",
    "Cache-Control": "no-cache",
    ETag: etag,
    "X-Content-Type-Options": "nosniff",
  };
  if (request.headers.get("if-none-match") === etag)
    return new Response(null, { status: 304, headers });
  return new Response(code, { headers });
}
