import { createContext, useContext } from "react";
import type { AskedRefusal } from "~/lib/asked-refusal";

/** The refusal of a question's fields, given by ConfirmAction to the fields inside it. */
export const AskedRefusalContext = createContext<AskedRefusal | null>(null);

/**
 * For the fields inside a question: what was typed and each field's messages, when the action
 * refused this question's fields (empty otherwise). Fields start from `values` and mark `errors`.
 */
export function useAskedFields(): {
  values: Record<string, string>;
  errors: Record<string, string[]>;
} {
  const refused = useContext(AskedRefusalContext);
  return { values: refused?.values ?? {}, errors: refused?.fieldErrors ?? {} };
}
