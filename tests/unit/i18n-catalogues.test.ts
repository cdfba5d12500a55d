import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

const root = path.resolve("app/locales");
const load = (lng: string, ns: string) =>
  JSON.parse(readFileSync(path.join(root, lng, `${ns}.json`), "utf8")) as Record<string, unknown>;

function flatten(obj: Record<string, unknown>, prefix = ""): Record<string, string> {
  return Object.fromEntries(
    Object.entries(obj).flatMap(([k, v]) =>
      v && typeof v === "object"
        ? Object.entries(flatten(v as Record<string, unknown>, `${prefix}${k}.`))
        : [[`${prefix}${k}`, String(v)]],
    ),
  );
}

const variables = (text: string) =>
  [...text.matchAll(/\{\{\s*(\w+)\s*\}\}/g)].map((m) => m[1]).sort();

describe("translation catalogues", () => {
  const namespaces = readdirSync(path.join(root, "mn")).map((f) => f.replace(/\.json$/, ""));

  it("the browser's namespace list names every catalogue", async () => {
    const { ALL_NAMESPACES } = await import("~/i18n");
    expect([...ALL_NAMESPACES].sort()).toEqual([...namespaces].sort());
  });

  it("mn and en have the same namespaces", () => {
    const en = readdirSync(path.join(root, "en")).map((f) => f.replace(/\.json$/, ""));
    expect(en.sort()).toEqual([...namespaces].sort());
  });

  for (const ns of namespaces) {
    it(`${ns}: both languages have exactly the same keys`, () => {
      const mn = Object.keys(flatten(load("mn", ns))).sort();
      const en = Object.keys(flatten(load("en", ns))).sort();
      expect(
        mn.filter((k) => !en.includes(k)),
        "keys missing in en",
      ).toEqual([]);
      expect(
        en.filter((k) => !mn.includes(k)),
        "keys missing in mn",
      ).toEqual([]);
    });

    it(`${ns}: no empty texts and the same {{variables}} in both languages`, () => {
      const mn = flatten(load("mn", ns));
      const en = flatten(load("en", ns));
      for (const [key, text] of Object.entries(mn)) {
        expect(text.trim(), `mn ${key} is empty`).not.toBe("");
        expect(variables(text), `variables of ${key}`).toEqual(variables(en[key] ?? ""));
      }
    });
  }

  it.each(namespaces)("%s: Mongolian texts are written in Cyrillic, not left in English", (ns) => {
    const mn = flatten(load("mn", ns));
    const en = flatten(load("en", ns));
    // Names that are the same in both languages by nature.
    const sameByNature =
      /^(brand\.|meta\.titleTemplate|language\.|footer\.socialNames\.|badges\.vip)/;
    const untranslated = Object.keys(mn).filter(
      (k) => !sameByNature.test(k) && mn[k] === en[k] && /[A-Za-z]{3}/.test(mn[k] ?? ""),
    );
    expect(untranslated).toEqual([]);
  });
});
