import { createContext, useContext } from "react";
import { I18N_SCRIPT_ID, type I18nPayload } from "~/i18n";

/**
 * The catalogues of the first page travel inside the HTML, so the browser translates from the
 * first render without waiting for a request (a JSON script: never executed, no CSP nonce).
 */
export const I18nPayloadContext = createContext<I18nPayload | null>(null);

export function I18nScript() {
  const payload = useContext(I18nPayloadContext);
  if (!payload) return null;
  return (
    <script
      id={I18N_SCRIPT_ID}
      type="application/json"
      suppressHydrationWarning
      // "<" is escaped so that no catalogue text can close the script element.
      // biome-ignore lint/security/noDangerouslySetInnerHtml: JSON with < escaped, not executed
      dangerouslySetInnerHTML={{ __html: JSON.stringify(payload).replace(/</g, "\\u003c") }}
    />
  );
}
