/**
 * zod-to-openapi writes a schema made with `.extend()` of a named one as
 * `allOf: [{ $ref: base }, { the new fields }]`, each part closed (`additionalProperties: false`).
 * JSON Schema 2020-12 checks each part alone, so the base refuses every new field and the
 * extension every base field: no real answer passes. This merges such an `allOf` into the one
 * object zod means, with every property, closed when a part was (decision 054).
 */

type Schema = Record<string, unknown>;

/** Keys an object part may have for the merge to be exact; anything else is left as written. */
const OBJECT_KEYS = new Set(["type", "properties", "required", "additionalProperties"]);
const ANNOTATIONS = new Set(["description", "title", "example", "examples", "deprecated"]);

const isObjectPart = (part: Schema) =>
  (part.type === "object" || "properties" in part) &&
  Object.keys(part).every((key) => OBJECT_KEYS.has(key) || ANNOTATIONS.has(key)) &&
  (part.additionalProperties === undefined || part.additionalProperties === false);

const isAnnotation = (part: Schema) => Object.keys(part).every((key) => ANNOTATIONS.has(key));

export function mergeAllOf<D>(document: D): D {
  const named = ((document as { components?: { schemas?: Record<string, Schema> } }).components
    ?.schemas ?? {}) as Record<string, Schema>;
  const done = new WeakSet<object>();

  function resolve(part: Schema): Schema {
    const ref = part.$ref;
    if (typeof ref !== "string" || Object.keys(part).length !== 1) return part;
    const name = ref.match(/^#\/components\/schemas\/(.+)$/)?.[1];
    const target = name ? named[decodeURIComponent(name)] : undefined;
    return target ? visit(target) : part;
  }

  function merge(node: Schema): Schema {
    const parts = (node.allOf as Schema[]).map((part) => resolve(visit(part)));
    const objects = parts.filter(isObjectPart);
    if (objects.length < 2 || !parts.every((p) => isObjectPart(p) || isAnnotation(p))) return node;
    const { allOf: _, ...own } = node;
    const merged: Schema = {};
    for (const part of parts) Object.assign(merged, part);
    const required = [...new Set(objects.flatMap((p) => (p.required as string[]) ?? []))];
    return {
      ...merged,
      type: "object",
      properties: Object.assign({}, ...objects.map((p) => p.properties ?? {})),
      ...(required.length ? { required } : { required: undefined }),
      additionalProperties: objects.some((p) => p.additionalProperties === false)
        ? false
        : undefined,
      ...own,
    };
  }

  function visit<T>(value: T): T {
    if (Array.isArray(value)) {
      for (let i = 0; i < value.length; i++) value[i] = visit(value[i]);
      return value;
    }
    if (!value || typeof value !== "object" || done.has(value)) return value;
    done.add(value);
    const node = value as Schema;
    for (const key of Object.keys(node)) node[key] = visit(node[key]);
    if (!Array.isArray(node.allOf)) return value;
    const merged = merge(node);
    if (merged === node) return value;
    for (const key of Object.keys(node)) delete node[key];
    // Keys left undefined by the merge are dropped, not written as `undefined`.
    for (const [key, v] of Object.entries(merged)) if (v !== undefined) node[key] = v;
    return value;
  }

  return visit(document);
}
