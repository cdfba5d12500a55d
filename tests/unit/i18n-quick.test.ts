import { createInstance, type InitOptions, type i18n } from "i18next";
import { describe, expect, it } from "vitest";
import { ALL_NAMESPACES, i18nConfig } from "~/i18n";
import { withQuickTranslations } from "~/i18n-quick";
import { resources } from "~/locales/index.server";

/**
 * The quick path answers what i18next would, for every key of every catalogue, in both
 * languages, with the server's set-up and the browser's (decision 045): a difference would show
 * as different text, or as a page whose hydration fails.
 */

type Catalogue = Record<string, unknown>;
const LANGS = ["mn", "en"] as const;
const PLURAL = /_(zero|one|two|few|many|other)$/;

function leaves(node: unknown, prefix = ""): [string, string][] {
  if (typeof node === "string") return [[prefix, node]];
  if (node === null || typeof node !== "object") return [];
  return Object.entries(node as Catalogue).flatMap(([k, v]) =>
    leaves(v, prefix ? `${prefix}.${k}` : k),
  );
}

const placeholders = (text: string) =>
  [...text.matchAll(/\{\{(.+?)\}\}/g)].map((m) => m[1]!.trim().split(",")[0]!.trim());

async function pair(lng: string, options: InitOptions) {
  const make = async () => {
    const instance = createInstance();
    await instance.init({ ...i18nConfig, lng, ns: [...ALL_NAMESPACES], resources, ...options });
    return instance;
  };
  return { plain: await make(), quick: withQuickTranslations(await make()) };
}

const SETUPS: [string, InitOptions][] = [
  ["server", {}],
  ["browser", { fallbackLng: false, partialBundledLanguages: true }],
];

/** The calls a page makes of one key: bare, with its values, with counts, and odd values. */
function callsFor(key: string, text: string): Record<string, unknown>[] {
  const names = placeholders(text);
  const fill = (value: (name: string) => unknown) =>
    Object.fromEntries(names.map((name) => [name, value(name)]));
  const calls: Record<string, unknown>[] = [
    {},
    fill(() => "Бат-Эрдэнэ"),
    fill(() => 1234567),
    fill(() => "1,000₮"),
    fill(() => "$& and $1"),
    fill(() => "{{count}}"),
    fill(() => "$t(common:na)"),
    fill(() => null),
    { ...fill(() => "x"), [names[0] ?? "extra"]: undefined },
  ];
  if (PLURAL.test(key) || names.includes("count")) {
    for (const count of [0, 1, 2, 5, 21, 1000, 1.5, -1])
      calls.push({ ...fill(() => "Дорж"), count }, { ...fill(() => 7), count });
  }
  calls.push({ defaultValue: "fallback" }, { context: "male" }, { count: "3" });
  return calls;
}

describe("quick translations (decision 045)", () => {
  for (const [setup, options] of SETUPS) {
    for (const lng of LANGS) {
      it(`give i18next's answer for every key, ${setup}, ${lng}`, async () => {
        const { plain, quick } = await pair(lng, options);
        let calls = 0;
        for (const ns of ALL_NAMESPACES) {
          const catalogue = resources[lng]![ns] as Catalogue;
          const keys = new Map<string, string>();
          for (const [key, text] of leaves(catalogue)) {
            keys.set(key, text);
            if (PLURAL.test(key)) keys.set(key.replace(PLURAL, ""), text);
          }
          keys.set("no.such.key", "");
          for (const [key, text] of keys) {
            const [first, ...rest] = key.split(".");
            const ways: [(i: i18n) => (k: string, o: unknown) => unknown, string][] = [
              [(i) => i.getFixedT(lng, ns) as never, key],
              // react-i18next's useTranslation: getFixedT(null, ns), in the instance's language.
              [(i) => i.getFixedT(null, ns) as never, key],
              [(i) => i.getFixedT(lng, [ns, "common"]) as never, key],
              [(i) => i.getFixedT(lng, "common") as never, `${ns}:${key}`],
            ];
            if (rest.length)
              ways.push([(i) => i.getFixedT(lng, ns, first) as never, rest.join(".")]);
            for (const [fixed, asked] of ways) {
              const a = fixed(plain);
              const b = fixed(quick);
              for (const call of callsFor(key, text)) {
                expect(b(asked, { ...call }), `${ns}:${key} ${JSON.stringify(call)}`).toEqual(
                  a(asked, { ...call }),
                );
                calls++;
              }
            }
          }
        }
        expect(calls).toBeGreaterThan(10_000);
      });
    }
  }

  it("gives i18next's answer for forms the catalogues may come to hold", async () => {
    const edge = {
      both: "bare",
      both_one: "one {{count}}",
      both_other: "other {{count, number}}",
      none_zero: "nothing",
      none_one: "{{count}} thing",
      none_other: "{{count}} things",
      empty: "",
      object: { inner: "x" },
      nested: "$t(common:na) {{a}}",
      raw: "{{-a}} and {{a}}",
      twice: "{{a}}, {{a}}, {{b}}",
      spaced: "{{ count , number }} / {{ a }}",
      path: "{{user.name}}",
      seen: "{{a}} {{b}}",
    };
    for (const [setup, options] of SETUPS) {
      for (const lng of LANGS) {
        const { plain, quick } = await pair(lng, options);
        for (const instance of [plain, quick]) instance.addResourceBundle(lng, "edge", edge);
        const a = plain.getFixedT(lng, "edge");
        const b = quick.getFixedT(lng, "edge");
        const calls: Record<string, unknown>[] = [
          {},
          { count: 0 },
          { count: 1 },
          { count: 2500 },
          { a: "A", b: "B", count: 3 },
          { a: "{{b}}", b: "B" },
          { a: "$&", b: "$'" },
          { user: { name: "Бат" } },
          { a: 0, b: false },
        ];
        for (const key of Object.keys(edge).concat("object.inner", "none", "missing"))
          for (const call of calls)
            expect(b(key, { ...call }), `${setup} ${lng} ${key} ${JSON.stringify(call)}`).toEqual(
              a(key, { ...call }),
            );
      }
    }
  });

  it("looks a key up in its namespace only in the asked language: a miss goes to i18next", async () => {
    // The browser's set-up with only the page's namespaces loaded, as on a first visit.
    const instance = createInstance();
    await instance.init({
      ...i18nConfig,
      lng: "mn",
      ns: ["common"],
      resources: { mn: { common: resources.mn!.common! } },
      partialBundledLanguages: true,
      fallbackLng: false,
    });
    withQuickTranslations(instance);
    const t = instance.getFixedT("mn", "story");
    expect(t("comments.title")).toBe("comments.title");
    const en = createInstance();
    await en.init({ ...i18nConfig, lng: "mn", ns: [...ALL_NAMESPACES], resources });
    withQuickTranslations(en);
    // A key missing in mn but present in en: i18next's fallback answers.
    en.addResource("en", "common", "onlyInEnglish", "English");
    expect(en.getFixedT("mn", "common")("onlyInEnglish")).toBe("English");
  });

  it("answers most calls itself", async () => {
    const { quick } = await pair("mn", {});
    const translator = (quick as unknown as { translator: { translate: unknown } }).translator;
    translator.translate = () => {
      throw new Error("went to i18next");
    };
    let answered = 0;
    let asked = 0;
    for (const ns of ALL_NAMESPACES) {
      // As react-i18next asks for it.
      const t = quick.getFixedT(null, ns);
      for (const [key, text] of leaves(resources.mn![ns])) {
        if (text.includes("$t(")) continue;
        const base = key.replace(PLURAL, "");
        const values = Object.fromEntries(placeholders(text).map((name) => [name, 3]));
        asked++;
        try {
          t(base, { ...values, count: PLURAL.test(key) ? 3 : undefined });
          answered++;
        } catch {}
      }
    }
    expect(answered / asked).toBeGreaterThan(0.95);
  });
});
