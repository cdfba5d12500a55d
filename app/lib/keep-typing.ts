import { useMatches } from "@remix-run/react";

/** The names the language and theme buttons post under when they send a page's form. */
export const SWITCH_FIELDS = { lng: "switch_lng", theme: "switch_theme" } as const;

/**
 * The id of the page's long form whose typing the language and theme switches must carry
 * without JavaScript: a route says so with `handle.keepTyping` (preference-switch.server.ts).
 */
export function useKeepTypingForm(): string | null {
  const matches = useMatches();
  for (const match of [...matches].reverse()) {
    const id = (match.handle as { keepTyping?: unknown } | undefined)?.keepTyping;
    if (typeof id === "string") return id;
  }
  return null;
}

/** The current address with one search parameter set: where a switch posts the page's form. */
export function withParam(pathname: string, search: string, name: string, value: string) {
  const params = new URLSearchParams(search);
  params.delete("lng");
  params.delete("theme");
  params.set(name, value);
  return `${pathname}?${params}`;
}
