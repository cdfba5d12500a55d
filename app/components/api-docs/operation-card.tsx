import { useTranslation } from "react-i18next";
import { DocText, type JsonSchema, SchemaView } from "./schema-view";

export interface DocParameter {
  name: string;
  in: string;
  required?: boolean;
  schema: JsonSchema;
}

export interface DocOperation {
  id: string;
  /** Usually one; an admin action that takes PATCH or POST names both. */
  methods: string[];
  path: string;
  summary: string;
  description: string;
  parameters: DocParameter[];
  body: { required: boolean; content: { contentType: string; schema: JsonSchema }[] } | null;
  responses: { status: string; description: string; schema: JsonSchema | null }[];
}

const METHOD_TONE: Record<string, string> = {
  GET: "bg-success/15 text-success",
  POST: "bg-primary/15 text-primary",
  PUT: "bg-gold-soft text-foreground",
  PATCH: "bg-gold-soft text-foreground",
  DELETE: "bg-destructive text-destructive-foreground",
};

/** One operation of the /api reference: what it takes and every answer it can give. */
export function OperationCard({ op }: { op: DocOperation }) {
  const { t } = useTranslation();
  return (
    <article id={op.id} className="card scroll-mt-24 p-5 sm:p-6" aria-labelledby={`${op.id}-title`}>
      <h3 id={`${op.id}-title`} className="flex flex-wrap items-center gap-x-3 gap-y-1">
        {op.methods.map((method) => (
          <span
            key={method}
            className={`rounded-md px-2 py-0.5 font-mono text-xs font-bold ${METHOD_TONE[method] ?? ""}`}
          >
            {method}
          </span>
        ))}
        <code className="break-all font-mono text-sm font-semibold">{op.path}</code>
        <span className="text-base font-semibold">{op.summary}</span>
      </h3>
      {op.description
        .split(/\n\n+/)
        .filter(Boolean)
        .map((paragraph) => (
          <p key={paragraph} className="mt-2 text-sm leading-relaxed text-muted-foreground">
            <DocText text={paragraph} />
          </p>
        ))}

      {op.parameters.length ? (
        <section className="mt-4">
          <h4 className="text-sm font-semibold">{t("apiDocs.parameters")}</h4>
          <ul className="mt-2 space-y-1 text-sm">
            {op.parameters.map((p) => (
              <li key={`${p.in}-${p.name}`}>
                <code className="font-mono">{p.name}</code>{" "}
                <span className="dim">
                  ({t(`apiDocs.in.${p.in === "path" ? "path" : "query"}`)}
                  {p.required ? `, ${t("apiDocs.required")}` : ""})
                </span>
                {p.schema.description ? (
                  <span className="dim"> — {p.schema.description}</span>
                ) : null}
              </li>
            ))}
          </ul>
        </section>
      ) : null}

      {op.body ? (
        <section className="mt-4">
          <h4 className="text-sm font-semibold">
            {t("apiDocs.body")}
            {op.body.required ? null : (
              <span className="font-normal text-muted-foreground"> ({t("apiDocs.optional")})</span>
            )}
          </h4>
          {op.body.content.length > 1 ? (
            <p className="mt-1 text-sm text-muted-foreground">{t("apiDocs.bodyOneOf")}</p>
          ) : null}
          {op.body.content.map((body) => (
            <div key={body.contentType} className="mt-2">
              <p className="text-sm">
                <code className="font-mono text-xs">{body.contentType}</code>
              </p>
              <div className="mt-1">
                <SchemaView schema={body.schema} />
              </div>
            </div>
          ))}
        </section>
      ) : null}

      <section className="mt-4">
        <h4 className="text-sm font-semibold">{t("apiDocs.responses")}</h4>
        <dl className="api-answers mt-2 space-y-2 text-sm">
          {op.responses.map((r) => (
            <div key={r.status}>
              <dt>{r.status}</dt>
              <dd>
                <DocText text={r.description} />
                {r.schema ? (
                  <div>
                    <SchemaView schema={r.schema} />
                  </div>
                ) : null}
              </dd>
            </div>
          ))}
        </dl>
      </section>
    </article>
  );
}
