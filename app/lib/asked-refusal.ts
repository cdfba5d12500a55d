import type { ToastMessage } from "~/lib/toast";

/**
 * A question that asks for fields before it acts (ConfirmAction: a rejection's reason, the amount
 * that arrived) posts this hidden field. When the service refuses one of those fields, the admin
 * action answers on the same page with what was typed and which field is wrong, instead of
 * redirecting with a toast: the question opens again, filled in and marked (issue 41 item 11),
 * with JavaScript or without.
 */
export const ASKED_FIELD = "asked";

export interface AskedRefusal {
  intent: string;
  id: string;
  /** What was typed, as posted (never a password: these are moderation fields). */
  values: Record<string, string>;
  /** Translation keys per field. */
  fieldErrors: Record<string, string[]>;
  toast: ToastMessage;
}

/** The refusal in an action's answer, when it is this question's (same intent, same item). */
export function askedRefusalFor(
  actionData: unknown,
  intent: string,
  id: string | number,
): AskedRefusal | null {
  const asked = (actionData as { asked?: AskedRefusal } | null | undefined)?.asked;
  return asked && asked.intent === intent && asked.id === String(id) ? asked : null;
}
