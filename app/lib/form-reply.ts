import type { SubmissionResult } from "@conform-to/react";
import type { ZodTypeAny } from "zod";
import type { ToastMessage } from "~/lib/toast";

/**
 * How every screen answers a form it refuses (docs/architecture.md, "Forms"): conform's
 * `SubmissionResult`, which is what `submission.reply()` gives, so every form reads a refusal
 * one way: `result.error[field]` for a field's messages (translation keys), `result.error[""]`
 * for the form's own, `result.initialValue` for what was typed. `intent` says which of a page's
 * forms it answers; `toast` is the spec's error toast, when there is one.
 */
export interface FormReply<I extends string = string> {
  intent?: I;
  result: SubmissionResult<string[]>;
  toast: ToastMessage | null;
}

type Typed = NonNullable<SubmissionResult["initialValue"]>;

/**
 * The answer to a form in the shape `submission.reply()` gives, for forms the action does not
 * parse with conform (their rules live in the service, or a wizard carries its values on): the
 * typed values come back as sent, with the messages when it is refused.
 */
export function formResult(
  values: Typed,
  fieldErrors: Record<string, string[]> = {},
  formErrors: string[] = [],
): SubmissionResult<string[]> {
  const error = { ...fieldErrors, ...(formErrors.length ? { "": formErrors } : {}) };
  return Object.keys(error).length
    ? { status: "error", initialValue: values, error }
    : { initialValue: values };
}

/** Each field's messages when `schema` refuses `values` (none when it takes them). */
export function fieldErrorsOf(schema: ZodTypeAny, values: unknown): Record<string, string[]> {
  const result = schema.safeParse(values);
  return result.success ? {} : (result.error.flatten().fieldErrors as Record<string, string[]>);
}

/** The field messages of a reply, when it answers `intent` (one page, several forms). */
export function errorsFor<I extends string>(reply: FormReply<I> | null | undefined, intent: I) {
  return reply?.intent === intent ? (reply.result.error ?? {}) : null;
}
