/// <reference types="vite/client" />
import SwaggerParser from "@apidevtools/swagger-parser";
import { describe, expect, it } from "vitest";
import { checkAnswer, violations } from "~/api/contract-check.server";
import { RESOURCES } from "~/api/index.server";
import { storyHeart } from "~/api/stories.server";
import { apiJson } from "~/http/http.server";
import { loader as openApiJson } from "~/routes/api.openapi[.]json";
import { getRequest, routeArgs } from "./helpers";

/**
 * Issue 24: the /api contract is declared once (app/api/), and the published OpenAPI document is
 * made from the declarations. The document must validate, and the check that runs under every
 * suite must catch an answer that parts from it.
 */

const sources = import.meta.glob<string>("../../app/routes/api.*.ts", {
  eager: true,
  query: "?raw",
  import: "default",
});

/** The parts of the published document these tests read. */
interface Published {
  openapi: string;
  paths: Record<string, Record<string, { responses: Record<string, unknown> }>>;
}

/** A fresh copy of the published document (JSON), read as `T`: its parts, or the parser's type. */
async function document<T = Published>(): Promise<T> {
  const res = await openApiJson(routeArgs(getRequest("/api/openapi.json")));
  expect(res.status).toBe(200);
  return (await res.json()) as T;
}

describe("GET /api/openapi.json", () => {
  it("is a valid OpenAPI 3.1 document", async () => {
    expect((await document()).openapi).toBe("3.1.0");
    // A copy of its own, as the parser changes what it validates.
    await expect(
      SwaggerParser.validate(await document<SwaggerParser["api"]>()),
    ).resolves.toBeTruthy();
  });

  it("documents every declared operation with its refusals", async () => {
    const doc = await document();
    for (const resource of RESOURCES) {
      for (const method of Object.keys(resource.operations)) {
        const op = doc.paths[resource.path]?.[method.toLowerCase()];
        expect(op, `${method} ${resource.path}`).toBeDefined();
        expect(Object.keys(op!.responses)).toEqual(expect.arrayContaining(["500", "503"]));
      }
    }
    // A signed-in operation documents 401; one with an id documents 404.
    expect(Object.keys(doc.paths["/api/stories/{id}/heart"]!.put!.responses)).toEqual(
      expect.arrayContaining(["200", "401", "403", "404", "413"]),
    );
  });
});

describe("the declared route modules", () => {
  const declared = Object.entries(sources).filter(([, source]) => source.includes("~/api/"));

  it("take their methods, ids and input from the declaration, never by hand", () => {
    expect(declared.length).toBeGreaterThanOrEqual(RESOURCES.length);
    for (const [file, source] of declared) {
      expect(source, file).not.toMatch(/request\.method|Number\(params|params\.\w+/);
    }
  });
});

describe("the contract check", () => {
  it("flags a field the declaration does not document, and a status it does not list", async () => {
    const before = violations.length;
    await checkAnswer(storyHeart, "PUT", apiJson({ hearted: true, hearts_count: 1, secret: "x" }));
    await checkAnswer(
      storyHeart,
      "PUT",
      apiJson({ hearted: true, hearts_count: 1 }, { status: 418 }),
    );
    await checkAnswer(storyHeart, "PUT", apiJson({ hearted: true, hearts_count: 1 }));
    const found = violations.splice(before);
    // Flagged twice: by the declaration (zod) and by the published document (ajv).
    expect(found).toEqual([
      expect.objectContaining({ operation: "PUT /api/stories/{id}/heart", status: 200 }),
      expect.objectContaining({
        operation: "PUT /api/stories/{id}/heart",
        status: 200,
        problem: expect.stringMatching(/^published document: .*additional properties: secret/),
      }),
      expect.objectContaining({ status: 418, problem: "undocumented status" }),
    ]);
  });
});
