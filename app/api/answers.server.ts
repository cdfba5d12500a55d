import type { AnswerSpec, Method, Resource } from "./resource.server";
import { refused as refusal } from "./schemas.server";

/**
 * Every answer an operation can give: its own, and the refusals the declaration adds for it (who
 * may call, its ids, its body and query, the action wrappers' checks, failures). The published
 * document and the contract check both read this, so neither can forget one.
 */
export function answersOf(resource: Resource, method: Method): Record<number, AnswerSpec> {
  const op = resource.operations[method];
  if (!op) return {};
  const answers: Record<number, AnswerSpec> = {};
  if (op.body || op.query || op.rawBody) {
    answers[400] = refusal("The body or the query is not valid: `fieldErrors` says where.");
  }
  if (op.access !== "public") answers[401] = refusal("Not signed in.");
  if (method !== "GET") {
    answers[403] = refusal(
      op.access === "admin"
        ? "Not an administrator, or the request came from another site."
        : "The request came from another site.",
    );
  } else if (op.access === "admin") {
    answers[403] = refusal("Not an administrator.");
  }
  if (Object.keys(resource.ids).length + Object.keys(resource.names).length > 0) {
    answers[404] = refusal("No such item.");
  }
  if (method !== "GET") answers[413] = refusal("The body is larger than this operation takes.");
  const types = op.body ? ["application/json"] : Object.keys(op.rawBody?.content ?? {});
  if (types.length > 0) {
    answers[415] = refusal(`The body is not ${types.map((t) => `\`${t}\``).join(" or ")}.`);
  }
  answers[500] = refusal("An unexpected failure; nothing was changed.");
  answers[503] = refusal("The server cannot store anything right now; retry after `Retry-After`.");
  return { ...answers, ...op.responses };
}
