import { Ajv2020, type ValidateFunction } from "ajv/dist/2020";

/**
 * Checks bodies against the published OpenAPI 3.1 document itself, with a standard JSON Schema
 * 2020-12 validator (ajv), as a client generator or a gateway would read it: the zod check alone
 * once passed answers the document rejected (issue 40, decision 054). Used under test only.
 */

const DOCUMENT = "https://storyshare.invalid/api/openapi.json";

/** Words OpenAPI 3.1 adds to JSON Schema, and the document's own parts around the schemas. */
const OPENAPI_WORDS = ["example", "discriminator", "xml", "externalDocs"];
const DOCUMENT_PARTS = [
  "openapi",
  "info",
  "servers",
  "security",
  "tags",
  "paths",
  "components",
  "webhooks",
  "jsonSchemaDialect",
];

/** RFC 3339, as `format: date-time` means it (ajv-formats is not a dependency). */
const DATE_TIME =
  /^\d{4}-(0[1-9]|1[0-2])-(0[1-9]|[12]\d|3[01])[Tt]([01]\d|2[0-3]):[0-5]\d:([0-5]\d|60)(\.\d+)?([Zz]|[+-]([01]\d|2[0-3]):[0-5]\d)$/;

/** A JSON pointer segment inside a URI fragment: `/api/stories/{id}` → `~1api~1stories~1%7Bid%7D`. */
const segment = (part: string) =>
  encodeURIComponent(part.replaceAll("~", "~0").replaceAll("/", "~1"));

export interface DocumentValidator {
  /**
   * The problems of `body` as the answer `status` of `method path`, or of `schemaPointer` when
   * given; `undefined` when the document describes no JSON body there.
   */
  problems(
    where: { path: string; method: string; status: number } | string,
    body: unknown,
  ): string[] | undefined;
}

export function documentValidator(document: unknown): DocumentValidator {
  const ajv = new Ajv2020({ allErrors: true, allowUnionTypes: true });
  ajv.addVocabulary([...OPENAPI_WORDS, ...DOCUMENT_PARTS]);
  ajv.addFormat("date-time", DATE_TIME);
  // OpenAPI's name for a file's bytes: nothing a JSON body carries.
  ajv.addFormat("binary", true);
  // A copy as JSON: exactly what a client downloads.
  ajv.addSchema(JSON.parse(JSON.stringify(document)), DOCUMENT);
  const paths = (document as { paths: Record<string, Record<string, unknown>> }).paths;
  const compiled = new Map<string, ValidateFunction | undefined>();

  function validator(pointer: string) {
    if (!compiled.has(pointer)) compiled.set(pointer, ajv.getSchema(`${DOCUMENT}#${pointer}`));
    return compiled.get(pointer);
  }

  function pointerOf(path: string, method: string, status: number) {
    const operation = paths[path]?.[method.toLowerCase()] as
      | { responses: Record<string, { content?: Record<string, unknown> }> }
      | undefined;
    // A method the path does not take answers the shared error (its 405).
    if (!operation) return "/components/schemas/Error";
    if (!operation.responses[status]?.content?.["application/json"]) return undefined;
    return ["paths", path, method.toLowerCase(), "responses", String(status)]
      .map((part) => `/${segment(part)}`)
      .join("")
      .concat("/content/application~1json/schema");
  }

  return {
    problems(where, body) {
      const pointer =
        typeof where === "string" ? where : pointerOf(where.path, where.method, where.status);
      if (!pointer) return undefined;
      const validate = validator(pointer);
      if (!validate) return [`the document has no schema at ${pointer}`];
      if (validate(body)) return [];
      return (validate.errors ?? []).map(
        (e) => `${e.instancePath || "(body)"} ${e.message ?? e.keyword}${paramsText(e.params)}`,
      );
    },
  };
}

function paramsText(params: Record<string, unknown>) {
  const named = params.additionalProperty ?? params.unevaluatedProperty;
  return named ? `: ${String(named)}` : "";
}
