import { createContext, useContext } from "react";
import { I18N_SCRIPT_ID, type I18nPayload } from "~/i18n";

/**
 * The catalogues of the first page travel inside the HTML, so the browser translates from the
 * first render without waiting for a request (a JSON script: never executed, no CSP nonce).
 * The context holds the script's text: the server writes it once, and the browser hands back
 * the text it found, so hydration does not serialise 20 KB of catalogue again.
 */
export const I18nScriptText = createContext<string | null>(null);

/** "<" is escaped so that no catalogue text can close the script element. */
export function i18nScriptText(payload: I18nPayload) {
  return JSON.stringify(payload).replace(/</g, "\\u003c");
}

export function I18nScript() {
  const text = useContext(I18nScriptText);
  if (text === null) return null;
  return (
    <script
      id={I18N_SCRIPT_ID}
      type="application/json"
      suppressHydrationWarning
      // biome-ignore lint/security/noDangerouslySetInnerHtml: JSON with < escaped, not executed
      dangerouslySetInnerHTML={{ __html: text }}
    />
  );
}
