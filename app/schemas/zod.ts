import { type ZodErrorMap, z } from "zod";
import { splitMessage, translateMessage } from "~/lib/split-message";

/**
 * zod, with every message a translation key (decision 018). The schemas give their own keys for
 * the rules of the spec; this map gives one for everything else a client can send — a number
 * where text belongs, a list, an unknown choice — so zod's English ("Expected string, received
 * number") never reaches anyone. Every schema imports `z` from here, so the map is set wherever
 * a schema runs, in the browser too.
 *
 * A message that needs a value (the allowed choices) carries it after a `|` as JSON;
 * `translateMessage` reads both.
 */

export { splitMessage, translateMessage };

export const withParams = (key: string, params: Record<string, string | number>) =>
  `${key}|${JSON.stringify(params)}`;

const TYPE_KEYS: Record<string, string> = {
  string: "errors.input.text",
  number: "errors.input.number",
  integer: "errors.input.number",
  bigint: "errors.input.number",
  boolean: "errors.input.yesNo",
  array: "errors.input.list",
  object: "errors.input.object",
};

const keyFor: ZodErrorMap = (issue) => {
  switch (issue.code) {
    case "invalid_type":
      if (issue.received === "undefined" || issue.received === "null")
        return { message: "errors.input.required" };
      return { message: TYPE_KEYS[issue.expected] ?? "errors.input.wrongType" };
    case "invalid_enum_value":
      return { message: withParams("errors.input.oneOf", { options: issue.options.join(", ") }) };
    case "invalid_literal":
    case "invalid_union":
    case "invalid_union_discriminator":
      return { message: "errors.input.notAChoice" };
    case "too_small":
      return issue.type === "string" || issue.type === "array"
        ? { message: withParams("errors.input.tooShort", { minimum: Number(issue.minimum) }) }
        : { message: withParams("errors.input.tooSmall", { minimum: Number(issue.minimum) }) };
    case "too_big":
      return issue.type === "string" || issue.type === "array"
        ? { message: withParams("errors.input.tooLong", { maximum: Number(issue.maximum) }) }
        : { message: withParams("errors.input.tooBig", { maximum: Number(issue.maximum) }) };
    case "not_multiple_of":
    case "invalid_string":
    case "invalid_date":
      return { message: "errors.input.format" };
    default:
      return { message: "errors.validation" };
  }
};

z.setErrorMap(keyFor);

/**
 * The error map of a choice field (a bank, a plan): its own "required" key when nothing was
 * chosen, the allowed choices by name when something else was sent.
 */
export const choiceMessages =
  (requiredKey: string): ZodErrorMap =>
  (issue, ctx) => {
    if (ctx.data === undefined || ctx.data === null || ctx.data === "")
      return { message: requiredKey };
    if (issue.code === "invalid_enum_value")
      return { message: withParams("errors.input.oneOf", { options: issue.options.join(", ") }) };
    return keyFor(issue, ctx);
  };

export { z };

/** A reason "other" says nothing by itself: the note must say it (a rejection, a report). */
export const noteForOther =
  (message: string) => (value: { reason?: string; note?: string }, ctx: z.RefinementCtx) => {
    if (value.reason === "other" && !value.note)
      ctx.addIssue({ code: z.ZodIssueCode.custom, path: ["note"], message });
  };
