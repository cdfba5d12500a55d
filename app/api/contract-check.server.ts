import { appendFileSync } from "node:fs";
import path from "node:path";
import { logger } from "~/lib/logger.server";
import { answersOf } from "./answers.server";
import { type DocumentValidator, documentValidator } from "./document-validator.server";
import type { Method, Resource } from "./resource.server";
import { ApiError } from "./schemas.server";

/**
 * The contract checks itself while the test suites run (API_CONTRACT_CHECK=1): every real /api
 * answer is compared with what the declaration documents for its status (zod), and with what the
 * published OpenAPI document says for its operation and status, read by a JSON Schema 2020-12
 * validator as clients read it (decision 054). An undocumented status or a body that does not
 * match either is a violation, written to `api-contract-violations.log` under
 * DATA_DIR and kept in memory; the unit and e2e suites fail on any (tests/unit/setup.ts,
 * tests/e2e/invariants.ts). In production nothing is checked and nothing is read twice.
 */

export interface Violation {
  operation: string;
  status: number;
  problem: string;
}

export const violations: Violation[] = [];

const checking = () => process.env.API_CONTRACT_CHECK === "1";

function report(violation: Violation) {
  violations.push(violation);
  logger.error("api.contract", { ...violation });
  const dir = process.env.DATA_DIR;
  if (dir)
    appendFileSync(path.join(dir, "api-contract-violations.log"), `${JSON.stringify(violation)}\n`);
}

let published: Promise<DocumentValidator> | undefined;

/** The document as /api/openapi.json serves it, made once per process. */
function publishedDocument() {
  published ??= (async () => {
    // Imported when first needed: the list of resources imports this module's callers.
    const [{ RESOURCES }, { openApiDocument }] = await Promise.all([
      import("./index.server"),
      import("./openapi.server"),
    ]);
    return documentValidator(openApiDocument(RESOURCES, "http://localhost"));
  })();
  return published;
}

export async function checkAnswer(
  resource: Resource,
  method: Method,
  answer: Response,
): Promise<Response> {
  if (!checking()) return answer;
  const operation = `${method} ${resource.path}`;
  const documented = resource.operations[method]
    ? answersOf(resource, method)[answer.status]
    : // A method the path does not take: the declaration's 405.
      answer.status === 405
      ? { description: "", schema: ApiError }
      : undefined;
  if (!documented) {
    report({ operation, status: answer.status, problem: "undocumented status" });
    return answer;
  }
  if (!documented.schema) return answer;
  let body: unknown;
  try {
    body = await answer.clone().json();
  } catch {
    report({ operation, status: answer.status, problem: "the body is not JSON" });
    return answer;
  }
  const result = documented.schema.safeParse(body);
  if (!result.success) {
    const problem = result.error.issues
      .slice(0, 5)
      .map((issue) => {
        const keys = "keys" in issue ? ` ${(issue.keys as string[]).join(", ")}` : "";
        return `${issue.path.join(".") || "(body)"}: ${issue.code}${keys}`;
      })
      .join("; ");
    report({ operation, status: answer.status, problem });
  }
  const inDocument = (await publishedDocument()).problems(
    { path: resource.path, method, status: answer.status },
    body,
  );
  if (inDocument?.length) {
    report({
      operation,
      status: answer.status,
      problem: `published document: ${inDocument.slice(0, 5).join("; ")}`,
    });
  }
  return answer;
}
