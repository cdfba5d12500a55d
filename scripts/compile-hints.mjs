// V8's explicit compile hint (Chrome 136 and newer): a file that starts with this comment has all
// its functions compiled as it downloads, on a background thread, instead of each one on the
// page's main thread the first time it is called. Hydration calls most of the large modules'
// functions at once, and compiling them then was the longest task of a phone's page load
// (decision 040). Other browsers read a comment.
import { readdirSync, readFileSync, statSync, writeFileSync } from "node:fs";
import path from "node:path";

export const COMPILE_HINT = "//# allFunctionsCalledOnLoad\n";

/** Small modules compile in no time on first call; eager compilation is for the large ones. */
export const HINT_MIN_BYTES = 4096;

/** Marks every large JavaScript file under `dir`; a file already marked is left as it is. */
export function markStartupModules(dir) {
  const marked = [];
  for (const entry of readdirSync(dir, { recursive: true })) {
    const file = path.join(dir, entry);
    if (!file.endsWith(".js") || statSync(file).size < HINT_MIN_BYTES) continue;
    const code = readFileSync(file, "utf8");
    if (code.startsWith(COMPILE_HINT)) continue;
    writeFileSync(file, COMPILE_HINT + code);
    // The hint is one line more at the top: a source map maps one empty line more.
    const mapFile = `${file}.map`;
    try {
      const map = JSON.parse(readFileSync(mapFile, "utf8"));
      map.mappings = `;${map.mappings}`;
      writeFileSync(mapFile, JSON.stringify(map));
    } catch (error) {
      if (error?.code !== "ENOENT") throw error;
    }
    marked.push(file);
  }
  return marked;
}
