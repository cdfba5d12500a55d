import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";

const sprite = readFileSync("app/icons.svg", "utf8");
const symbols = new Set([...sprite.matchAll(/<symbol id="([^"]+)"/g)].map((m) => m[1]));
const iconFiles = [
  "app/components/icons.tsx",
  "app/components/page-icons.tsx",
  "app/components/receipts/receipt-icons.tsx",
];

describe("the icon sprite (decision 038)", () => {
  it("has a symbol for every icon the components name, and only those", () => {
    const named = iconFiles.flatMap((file) =>
      [...readFileSync(file, "utf8").matchAll(/\bname="([^"]+)"/g)].map((m) => m[1]),
    );
    expect(named.length).toBeGreaterThan(30);
    expect(new Set(named).size).toBe(named.length);
    expect([...symbols].sort()).toEqual([...named].sort());
  });

  it("draws with the colour and stroke it inherits, so both themes and a filled heart work", () => {
    expect(sprite).not.toMatch(/\b(stroke|fill|color)="/);
    for (const m of sprite.matchAll(/<symbol [^>]*>/g))
      expect(m[0]).toContain('viewBox="0 0 24 24"');
  });
});
