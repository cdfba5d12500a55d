import { useTranslation } from "react-i18next";
import { TableHead } from "~/components/table-head";

/** The part of JSON Schema (OpenAPI 3.1) the /api document uses. */
export interface JsonSchema {
  $ref?: string;
  type?: string | string[];
  format?: string;
  enum?: unknown[];
  const?: unknown;
  description?: string;
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  additionalProperties?: boolean | JsonSchema;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
  minimum?: number;
  maximum?: number;
  minLength?: number;
  maxLength?: number;
  default?: unknown;
}

/** The document's texts mark code with backticks (its Markdown): shown as code here. */
export function DocText({ text }: { text: string }) {
  return (
    <>
      {text.split("`").map((part, index) =>
        index % 2 ? (
          <code key={index} className="doc">
            {part}
          </code>
        ) : (
          part
        ),
      )}
    </>
  );
}

const refName = (ref: string) => ref.replace("#/components/schemas/", "");
export const schemaAnchor = (name: string) => `schema-${name}`;

/** A schema's type in a few words: `string`, `integer ≥ 1`, `array of Comment`, `A | null`. */
export function TypeLabel({ schema }: { schema: JsonSchema }) {
  if (schema.$ref) {
    const name = refName(schema.$ref);
    return (
      <a href={`#${schemaAnchor(name)}`} className="ref">
        {name}
      </a>
    );
  }
  const variants = schema.anyOf ?? schema.oneOf;
  if (variants) {
    return (
      <>
        {variants.map((variant, index) => (
          <span key={index}>
            {index > 0 ? " | " : null}
            <TypeLabel schema={variant} />
          </span>
        ))}
      </>
    );
  }
  if (schema.type === "array" && schema.items) {
    return (
      <>
        array of <TypeLabel schema={schema.items} />
      </>
    );
  }
  const types = Array.isArray(schema.type) ? schema.type.join(" | ") : (schema.type ?? "any");
  const limits = [
    schema.minimum !== undefined ? `≥ ${schema.minimum}` : null,
    schema.maximum !== undefined ? `≤ ${schema.maximum}` : null,
    schema.minLength !== undefined ? `${schema.minLength}…${schema.maxLength ?? ""} chars` : null,
    schema.format ?? null,
  ].filter(Boolean);
  return (
    <>
      {types}
      {limits.length ? <span className="dim"> ({limits.join(", ")})</span> : null}
    </>
  );
}

/**
 * Inside `.api-ref` (the page's root; its styles are in tailwind.css, once for every cell).
 * An object's fields as a table (name, type, required, description); any other schema as its type.
 * Read without JavaScript: nothing here opens or closes.
 */
export function SchemaView({ schema }: { schema: JsonSchema }) {
  const { t } = useTranslation();
  const fields = schema.properties ? Object.entries(schema.properties) : [];
  if (fields.length === 0) {
    return (
      <p className="type">
        <TypeLabel schema={schema} />
        {schema.enum ? <EnumValues values={schema.enum} /> : null}
      </p>
    );
  }
  return (
    <div className="overflow-x-auto rounded-lg border border-border">
      <table className="api-fields w-full text-left text-sm">
        <TableHead
          boxed
          columns={[
            { key: "field", label: t("apiDocs.field") },
            { key: "type", label: t("apiDocs.type") },
            { key: "about", label: t("apiDocs.about") },
          ]}
        />
        <tbody className="divide-y divide-border">
          {fields.map(([name, field]) => (
            <tr key={name}>
              <td>
                {name}
                {schema.required?.includes(name) ? (
                  <span className="req" title={t("apiDocs.required")}>
                    *<span className="sr-only"> {t("apiDocs.required")}</span>
                  </span>
                ) : null}
              </td>
              <td>
                <TypeLabel schema={field} />
                {field.enum ? <EnumValues values={field.enum} /> : null}
              </td>
              <td>{field.description ? <DocText text={field.description} /> : null}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

function EnumValues({ values }: { values: unknown[] }) {
  return <span className="dim"> — {values.map(String).join(", ")}</span>;
}
