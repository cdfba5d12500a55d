import type { i18n } from "i18next";

/**
 * i18next's `t` runs about a dozen general steps per call (key and namespace parsing, lookup
 * hierarchy, plural and context keys, missing-key handling, two interpolation passes, nesting,
 * post-processing): on a first visit to the home page, about 50 of the 345 ms our JavaScript
 * took in a profile (decision 045). Nearly every call here is the simple case: a
 * nested key found in the call's namespace in the call's language, perhaps a plural form of it,
 * with `{{value}}` or `{{value, number}}` placeholders. This answers that case directly and hands
 * every other call to i18next unchanged, so both give the same string: the server and the browser
 * install it alike, and tests/unit/i18n-quick.test.ts compares the two over every catalogue key.
 */

/** Options with a meaning of their own to i18next: a call that carries one goes to i18next. */
const I18NEXT_OPTIONS = new Set([
  "lngs",
  "context",
  "ordinal",
  "returnObjects",
  "returnDetails",
  "joinArrays",
  "keySeparator",
  "nsSeparator",
  "fallbackLng",
  "replace",
  "interpolation",
  "skipInterpolation",
  "postProcess",
  "applyPostProcessor",
  "missingInterpolationHandler",
  "appendNamespaceToCIMode",
  "missingKeyNoValueFallbackToKey",
  "nest",
]);

const PLACEHOLDER = /\{\{(.+?)\}\}/g;

type Options = Record<string, unknown>;

export function withQuickTranslations(instance: i18n): i18n {
  const full = instance.t.bind(instance) as unknown as (key: unknown, options?: unknown) => unknown;
  const rules = new Map<string, Intl.PluralRules | undefined>();
  const simpleSetup =
    instance.options.compatibilityJSON === undefined &&
    !instance.options.fallbackNS &&
    !instance.options.postProcess &&
    !instance.options.returnObjects &&
    !instance.options.interpolation?.defaultVariables &&
    !instance.options.interpolation?.alwaysFormat &&
    instance.options.interpolation?.escapeValue === false &&
    (instance.options.pluralSeparator ?? "_") === "_" &&
    (instance.options.keySeparator ?? ".") === ".";
  if (!simpleSetup) return instance;

  const pluralSuffix = (lng: string, count: number) => {
    if (!rules.has(lng)) rules.set(lng, instance.services.pluralResolver.getRule(lng));
    const rule = rules.get(lng);
    return rule ? `_${rule.select(count)}` : undefined;
  };

  const quick = (key: unknown, options: unknown): string | undefined => {
    if (typeof key !== "string" || key.includes(":")) return;
    if (options !== undefined && (options === null || typeof options !== "object")) return;
    const o = (options ?? {}) as Options;
    for (const name in o) {
      const value = o[name];
      if (value === undefined) continue;
      // react-i18next asks for getFixedT(null, ns): its calls carry `lngs: null`.
      if (value === null && (name === "lngs" || name === "lng")) continue;
      if (I18NEXT_OPTIONS.has(name) || name.startsWith("defaultValue")) return;
      if (name === "ns" && Array.isArray(value)) continue;
      if (typeof value === "object" || typeof value === "function") return;
    }
    const count = o.count;
    if (count !== undefined && typeof count !== "number") return;
    const lng = (o.lng as string | undefined) || instance.language;
    if (!lng || lng === "cimode" || !/^[a-z]+$/.test(lng)) return;
    const supported = instance.options.supportedLngs;
    if (!Array.isArray(supported) || !supported.includes(lng)) return;
    const ns = Array.isArray(o.ns)
      ? o.ns[0]
      : (o.ns ?? (instance.options.defaultNS as string | string[] | undefined));
    const namespace = Array.isArray(ns) ? ns[0] : ns;
    if (typeof namespace !== "string") return;
    const catalogue = instance.store.data[lng]?.[namespace];
    if (!catalogue) return;

    // i18next's order: the zero form (count 0), the plural form, the key itself.
    const candidates = [key];
    if (count !== undefined) {
      const suffix = pluralSuffix(lng, count);
      if (suffix === undefined) return;
      candidates.unshift(key + suffix);
      if (count === 0) candidates.unshift(`${key}_zero`);
    }
    let found: unknown;
    for (const candidate of candidates) {
      found = lookup(catalogue, candidate);
      if (found !== undefined && found !== null) break;
    }
    if (typeof found !== "string" || found === "" || found.includes("{{-")) return;

    let text = found;
    if (found.includes("{{")) {
      const format = instance.options.interpolation?.format;
      let missing = false;
      text = found.replace(PLACEHOLDER, (_, inner: string) => {
        const [name, ...formats] = inner.trim().split(",");
        const variable = name!.trim();
        if (variable.includes(".") || missing) {
          missing = true;
          return "";
        }
        let value: unknown = o[variable];
        if (formats.length) {
          if (!format) {
            missing = true;
            return "";
          }
          value = format(value, formats.join(",").trim(), lng, {
            ...o,
            interpolationkey: variable,
          });
        }
        if (value === undefined) {
          missing = true;
          return "";
        }
        const written = value === null ? "" : String(value);
        // i18next replaces each placeholder by searching the text written so far: a value
        // that holds braces could be found by a later search, so such a call goes to i18next.
        if (written.includes("{") || written.includes("}")) missing = true;
        return written;
      });
      if (missing) return;
    }
    // A "$t(" left in the text is i18next's nesting.
    if (text.includes("$t(")) return;
    return text;
  };

  instance.t = ((key: unknown, options?: unknown) =>
    quick(key, options) ?? full(key, options)) as i18n["t"];
  return instance;
}

/** A nested key ("a.b.c") in a catalogue; keys are never written with dots of their own. */
function lookup(catalogue: unknown, key: string): unknown {
  let node = catalogue;
  for (const part of key.split(".")) {
    if (node === null || typeof node !== "object") return undefined;
    node = (node as Record<string, unknown>)[part];
  }
  return node;
}
