import { apiJson } from "~/http/http.server";
import { siteOrigin } from "~/http/origin.server";
import { openApiDocument } from "./openapi.server";
import { operation, resource } from "./resource.server";
import { z } from "./schemas.server";

/** The contract about itself: the OpenAPI document, for people (/api/docs) and for tools. */
export const openApi = resource(
  "/api/openapi.json",
  "Reference",
  {},
  {
    GET: operation({
      summary: "This document",
      description: "The OpenAPI 3.1 description of every /api operation, made from the code.",
      access: "public",
      sharedCache: true,
      responses: {
        200: {
          description: "The OpenAPI document.",
          schema: z.object({ openapi: z.literal("3.1.0") }).passthrough(),
        },
      },
      handler: async ({ request }) => {
        // Imported here: the list of resources includes this one.
        const { RESOURCES } = await import("./index.server");
        return apiJson(openApiDocument(RESOURCES, siteOrigin(request)));
      },
    }),
  },
);
