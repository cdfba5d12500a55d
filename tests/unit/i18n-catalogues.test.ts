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

/** Each {{variable}} with its format, if any ("count, number"): both languages format alike. */
const variables = (text: string) =>
  [...text.matchAll(/\{\{\s*(\w+)\s*(?:,\s*(\w+)[^}]*)?\}\}/g)]
    .map((m) => (m[2] ? `${m[1]}, ${m[2]}` : m[1]))
    .sort();

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

describe("the number format in catalogue strings", () => {
  it("groups digits as formatNumber does and keeps the plural form", async () => {
    const { translatorFor } = await import("~/i18next.server");
    const en = (await translatorFor("en")).getFixedT("en", "stories");
    expect(en("allPage.subtitle", { count: 1 })).toMatch(/^1 story shared/);
    expect(en("allPage.subtitle", { count: 12345 })).toMatch(/^12,345 stories shared/);
    const mn = (await translatorFor("mn")).getFixedT("mn", "stories");
    expect(mn("card.hearts", { count: 1234567 })).toBe("1,234,567 зүрх");
    expect(en("card.hearts", { count: 1 })).toBe("1 heart");
    expect(en("card.hearts", { count: 2000 })).toBe("2,000 hearts");
  });

  it("leaves a value that is not a number as it is", async () => {
    const { formatValue } = await import("~/i18n");
    expect(formatValue("1,000₮", "number", "mn", {})).toBe("1,000₮");
    expect(formatValue("", "number", "mn", {})).toBe("");
    expect(formatValue(2500, undefined, "mn", {})).toBe(2500);
  });
});
