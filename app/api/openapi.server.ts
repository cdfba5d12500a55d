import { OpenAPIRegistry, OpenApiGeneratorV31 } from "@asteasolutions/zod-to-openapi";
import { answersOf } from "./answers.server";
import { mergeAllOf } from "./merge-all-of.server";
import type { Method, Resource } from "./resource.server";
import { z } from "./schemas.server";

/**
 * The OpenAPI 3.1 document of /api, made from the declarations (resource.server.ts) by
 * zod-to-openapi: what the code checks is what the document says. Served at /api/openapi.json
 * and read by the reference page at /api/docs.
 */

const ACCESS_NOTE = {
  public: "Anyone may call it.",
  user: "Signed in: the session cookie from `POST /api/login` or `POST /api/register`.",
  admin: "An administrator, signed in.",
} as const;

function register(registry: OpenAPIRegistry, resource: Resource) {
  const pathParams = [
    ...Object.keys(resource.ids).map((name) => [
      name,
      z.string().openapi({
        param: { name, in: "path" },
        type: "integer",
        minimum: 1,
        example: 1,
      } as never),
    ]),
    ...Object.entries(resource.names).map(([name, description]) => [
      name,
      z.string().openapi({ param: { name, in: "path" }, description }),
    ]),
  ];
  const params = pathParams.length ? z.object(Object.fromEntries(pathParams)) : undefined;
  for (const [method, op] of Object.entries(resource.operations) as [
    Method,
    NonNullable<Resource["operations"][Method]>,
  ][]) {
    const responses = Object.fromEntries(
      Object.entries(answersOf(resource, method)).map(([status, answer]) => [
        status,
        {
          description: answer.description,
          ...(answer.headers
            ? {
                headers: z.object(
                  Object.fromEntries(
                    Object.entries(answer.headers).map(([name, header]) => [
                      name,
                      header.schema.openapi({ description: header.description }),
                    ]),
                  ),
                ),
              }
            : {}),
          ...(answer.schema ? { content: { "application/json": { schema: answer.schema } } } : {}),
        },
      ]),
    );
    const body = op.body
      ? { required: true, content: { "application/json": { schema: op.body } } }
      : op.rawBody
        ? {
            required: op.rawBody.required ?? true,
            content: Object.fromEntries(
              Object.entries(op.rawBody.content).map(([type, schema]) => [type, { schema }]),
            ),
          }
        : undefined;
    registry.registerPath({
      method: method.toLowerCase() as Lowercase<Method>,
      path: resource.path,
      tags: [resource.tag],
      summary: op.summary,
      description: [op.description, ACCESS_NOTE[op.access]].filter(Boolean).join("\n\n"),
      ...(op.access === "public" ? { security: [] } : {}),
      request: {
        ...(params ? { params } : {}),
        ...(op.query ? { query: z.object(op.query) } : {}),
        ...(body ? { body } : {}),
      },
      responses,
    });
  }
}

let cached: unknown;

export function openApiDocument(resources: Resource[], serverUrl: string) {
  if (!cached) {
    const registry = new OpenAPIRegistry();
    registry.registerComponent("securitySchemes", "session", {
      type: "apiKey",
      in: "cookie",
      name: "storyshare_session",
      description: "The session cookie set by `POST /api/login` and `POST /api/register`.",
    });
    for (const resource of resources) register(registry, resource);
    const generated = new OpenApiGeneratorV31(registry.definitions).generateDocument({
      openapi: "3.1.0",
      info: {
        title: "StoryShare API",
        version: "1.0.0",
        description:
          "Stories, comments, hearts, donation campaigns and pledges, and the administration of " +
          "them, as JSON. Messages are in Mongolian unless the request asks for English " +
          "(`?lng=en`, or the `lng` cookie). Every refusal answers `{ error, fieldErrors? }`.",
      },
      servers: [{ url: "/" }],
      security: [{ session: [] }],
    });
    // As JSON first: merged on a copy of its own, never on objects the declarations hold.
    cached = mergeAllOf(JSON.parse(JSON.stringify(generated)));
  }
  return { ...(cached as object), servers: [{ url: serverUrl }] };
}
