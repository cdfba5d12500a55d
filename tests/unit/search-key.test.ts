import { describe, expect, it } from "vitest";
import { searchKey, searchTerms } from "~/lib/search-key";

/** Issue 19, item 2: the ways Mongolians type one word meet in one search spelling. */

const same = (...forms: string[]) => {
  const keys = forms.map(searchKey);
  for (const [i, key] of keys.entries()) expect(key, forms[i]).toBe(keys[0]);
};

describe("the search spelling", () => {
  it("meets Cyrillic and its Latin transliteration, whatever the case", () => {
    same("Улаанбаатар", "улаанбаатар", "ulaanbaatar", "ULAANBAATAR", "Ulanbaatar");
    same("монгол", "Mongol", "МОНГОЛ");
    same("баярлалаа", "bayarlalaa", "bayarlala");
    same("худалдаа", "hudaldaa", "khudaldaa", "xudaldaa");
    same("цагаан сар", "tsagaan sar", "cagaan sar");
    same("жаргал", "jargal", "zhargal");
    same("чингис", "chingis");
    same("шинэ", "shine");
  });

  it("meets ө and ү with their phone and Latin spellings", () => {
    same("өвгөн", "овгон", "uvgun", "övgön", "ovgon");
    same("өвөл", "овол", "uvul", "övöl");
    same("үнэ", "унэ", "une", "üne");
  });

  it("keeps words apart and drops punctuation, accents and invisible characters", () => {
    expect(searchKey("Сайн уу, найз аа!")).toBe("sain u naiz a");
    expect(searchKey("ка\u200Bфе résumé")).toBe("kafe resume");
    expect(searchKey("  ")).toBe("");
  });

  it("reads a query as its words, once each", () => {
    expect(searchTerms("Өвөл өвөл, ovol")).toEqual(["uvul"]);
    expect(searchTerms("ulaanbaatar хот")).toEqual(["ulanbatar", "hut"]);
  });
});
