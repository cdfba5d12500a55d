import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { COMPILE_HINT, HINT_MIN_BYTES, markStartupModules } from "../../scripts/compile-hints.mjs";

describe("the compile hint on the build's large browser modules", () => {
  it("marks large modules once, shifts their source maps, leaves small ones and other files", () => {
    const dir = mkdtempSync(path.join(tmpdir(), "hints-"));
    mkdirSync(path.join(dir, "_shared"));
    const large = `var a=${JSON.stringify("x".repeat(HINT_MIN_BYTES))};\n//# sourceMappingURL=chunk-A.js.map`;
    writeFileSync(path.join(dir, "_shared/chunk-A.js"), large);
    writeFileSync(path.join(dir, "_shared/chunk-A.js.map"), JSON.stringify({ mappings: "AAAA" }));
    writeFileSync(path.join(dir, "entry.client-B.js"), "import('x');");
    writeFileSync(path.join(dir, "big.css"), "a{}".repeat(HINT_MIN_BYTES));

    expect(markStartupModules(dir)).toEqual([path.join(dir, "_shared/chunk-A.js")]);
    const code = readFileSync(path.join(dir, "_shared/chunk-A.js"), "utf8");
    // V8 reads the hint only as the file's very first line.
    expect(code).toBe(COMPILE_HINT + large);
    expect(COMPILE_HINT).toBe("//# allFunctionsCalledOnLoad\n");
    expect(JSON.parse(readFileSync(path.join(dir, "_shared/chunk-A.js.map"), "utf8"))).toEqual({
      mappings: ";AAAA",
    });
    expect(readFileSync(path.join(dir, "entry.client-B.js"), "utf8")).toBe("import('x');");
    expect(readFileSync(path.join(dir, "big.css"), "utf8").startsWith("a{}")).toBe(true);

    // A second pass (a build run twice into the same folder) changes nothing.
    expect(markStartupModules(dir)).toEqual([]);
    expect(readFileSync(path.join(dir, "_shared/chunk-A.js"), "utf8")).toBe(COMPILE_HINT + large);
  });
});
