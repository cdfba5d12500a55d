import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { RESOURCES } from "~/api/index.server";
import { openApiDocument } from "~/api/openapi.server";
import { type DocOperation, OperationCard } from "~/components/api-docs/operation-card";
import { type JsonSchema, SchemaView, schemaAnchor } from "~/components/api-docs/schema-view";
import { siteOrigin } from "~/http/origin.server";
import { getT } from "~/i18next.server";
import { metaFrom, pageMeta } from "~/lib/meta";

interface OpenApiOperation {
  tags?: string[];
  summary?: string;
  description?: string;
  parameters?: DocOperation["parameters"];
  requestBody?: { required?: boolean; content: Record<string, { schema: JsonSchema }> };
  responses: Record<
    string,
    { description: string; content?: Record<string, { schema: JsonSchema }> }
  >;
}

interface OpenApi {
  paths: Record<string, Record<string, OpenApiOperation>>;
  components?: { schemas?: Record<string, JsonSchema> };
}

const isError = (schema: JsonSchema | null) => schema?.$ref === "#/components/schemas/Error";

/**
 * /api/docs: the reference of the /api, rendered by the site itself from the same OpenAPI
 * document it serves at /api/openapi.json (no viewer from a CDN; the CSP stays as it is). A plain
 * page: it reads the same with JavaScript off. The page's own words are in the page's language;
 * the operations' texts are the document's (English).
 */
export async function loader({ request }: LoaderFunctionArgs) {
  const t = await getT(request, ["common"]);
  const doc = openApiDocument(RESOURCES, siteOrigin(request)) as unknown as OpenApi;
  const groups = new Map<string, DocOperation[]>();
  for (const [path, methods] of Object.entries(doc.paths)) {
    for (const [method, op] of Object.entries(methods)) {
      const tag = op.tags?.[0] ?? "API";
      const operations = groups.get(tag) ?? [];
      groups.set(tag, operations);
      // The same operation under a second method (an admin action takes PATCH or POST): one
      // card naming both, not two identical ones.
      const twin = operations.find(
        (other) => other.path === path && other.summary === (op.summary ?? ""),
      );
      if (twin) {
        twin.methods.push(method.toUpperCase());
        continue;
      }
      // Every content type it takes (a new campaign comes as JSON or as multipart with files).
      const body = op.requestBody
        ? {
            required: op.requestBody.required ?? false,
            content: Object.entries(op.requestBody.content).map(([contentType, media]) => ({
              contentType,
              schema: media.schema,
            })),
          }
        : null;
      const entry: DocOperation = {
        id: `${method}-${path}`.replace(/[^\w-]+/g, "-"),
        methods: [method.toUpperCase()],
        path,
        summary: op.summary ?? "",
        description: op.description ?? "",
        parameters: op.parameters ?? [],
        body,
        responses: Object.entries(op.responses).map(([status, answer]) => {
          const schema = answer.content ? (Object.values(answer.content)[0]?.schema ?? null) : null;
          // Every refusal has the one error shape the page's introduction shows: naming it again
          // under each of some five hundred refusals made the page half its size.
          return {
            status,
            description: answer.description,
            schema: isError(schema) ? null : schema,
          };
        }),
      };
      operations.push(entry);
    }
  }
  return {
    meta: pageMeta(t, "apiDocs.metaTitle", "apiDocs.metaDescription"),
    // An id has no spaces: a tag of two words ("Monthly gifts") is anchored as "tag-monthly-gifts".
    groups: [...groups.entries()].map(([tag, operations]) => ({
      tag,
      anchor: `tag-${tag.toLowerCase().replace(/[^a-z0-9]+/g, "-")}`,
      operations,
    })),
    schemas: Object.entries(doc.components?.schemas ?? {}),
  };
}

export const meta: MetaFunction<typeof loader> = ({ data }) => metaFrom(data);
export const handle = { i18n: ["common"], sharedCache: true };

export default function ApiDocs() {
  const { t } = useTranslation();
  const { groups, schemas } = useLoaderData<typeof loader>();
  return (
    <div className="api-ref container py-10 sm:py-14">
      <header className="max-w-3xl">
        <p className="text-sm font-semibold uppercase tracking-wider text-primary">
          {t("apiDocs.eyebrow")}
        </p>
        <h1 className="mt-2 text-3xl font-bold tracking-tight sm:text-4xl">{t("apiDocs.title")}</h1>
        <p className="mt-3 leading-relaxed text-muted-foreground">{t("apiDocs.intro")}</p>
        <ul className="mt-4 list-disc space-y-1.5 pl-5 text-sm leading-relaxed text-muted-foreground">
          <li>{t("apiDocs.signIn")}</li>
          <li>
            {t("apiDocs.errors")}
            <pre className="mt-1.5 overflow-x-auto rounded-lg bg-muted px-3 py-2 font-mono text-xs text-foreground">
              {'{ "error": "…", "fieldErrors": { "field": ["…"] } }'}
            </pre>
          </li>
          <li>{t("apiDocs.language")}</li>
        </ul>
        <a href="/api/openapi.json" className="btn-outline mt-5 inline-flex">
          {t("apiDocs.download")}
        </a>
      </header>

      <div className="mt-10 grid gap-10 lg:grid-cols-[14rem_minmax(0,1fr)]">
        <nav aria-label={t("apiDocs.contents")} className="lg:sticky lg:top-24 lg:self-start">
          <h2 className="text-sm font-semibold">{t("apiDocs.contents")}</h2>
          <ul className="mt-2 space-y-3 text-sm">
            {groups.map((group) => (
              <li key={group.tag}>
                <a href={`#${group.anchor}`} className="font-semibold hover:text-primary">
                  {group.tag}
                </a>
                <ul className="mt-1 space-y-0.5 border-l border-border pl-3">
                  {group.operations.map((op) => (
                    <li key={op.id}>
                      <a href={`#${op.id}`} className="text-muted-foreground hover:text-foreground">
                        {op.summary}
                      </a>
                    </li>
                  ))}
                </ul>
              </li>
            ))}
            <li>
              <a href="#schemas" className="font-semibold hover:text-primary">
                {t("apiDocs.schemas")}
              </a>
            </li>
          </ul>
        </nav>

        <div className="min-w-0 space-y-12">
          {groups.map((group) => (
            <section key={group.tag} aria-labelledby={group.anchor} className="space-y-4">
              <h2 id={group.anchor} className="scroll-mt-24 text-2xl font-bold">
                {group.tag}
              </h2>
              {group.operations.map((op) => (
                <OperationCard key={op.id} op={op} />
              ))}
            </section>
          ))}
          <section aria-labelledby="schemas" className="space-y-4">
            <h2 id="schemas" className="scroll-mt-24 text-2xl font-bold">
              {t("apiDocs.schemas")}
            </h2>
            {schemas.map(([name, schema]) => (
              <div key={name} id={schemaAnchor(name)} className="card scroll-mt-24 p-5">
                <h3 className="font-mono text-base font-semibold">{name}</h3>
                {schema.description ? (
                  <p className="mt-1 text-sm text-muted-foreground">{schema.description}</p>
                ) : null}
                <div className="mt-3">
                  <SchemaView schema={schema} />
                </div>
              </div>
            ))}
          </section>
        </div>
      </div>
    </div>
  );
}
