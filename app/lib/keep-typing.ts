import { useMatches } from "@remix-run/react";

/** The names the language, theme and light-mode buttons post under when they send a page's form. */
export const SWITCH_FIELDS = {
  lng: "switch_lng",
  theme: "switch_theme",
  light: "switch_light",
} as const;

/**
 * The id of the page's long form whose typing the language and theme switches must carry
 * without JavaScript: a route says so with `handle.keepTyping` (preference-switch.server.ts),
 * the id itself, or a function of the route's loader data when which form the page shows
 * depends on it (null: none now). A switch whose `form` names no form on the page does nothing.
 */
export function useKeepTypingForm(): string | null {
  const matches = useMatches();
  for (const match of [...matches].reverse()) {
    const keep = (match.handle as { keepTyping?: unknown } | undefined)?.keepTyping;
    if (typeof keep === "string") return keep;
    if (typeof keep === "function") return (keep as (data: unknown) => string | null)(match.data);
  }
  return null;
}

/** The current address with one search parameter set: where a switch posts the page's form. */
export function withParam(pathname: string, search: string, name: string, value: string) {
  const params = new URLSearchParams(search);
  params.delete("lng");
  params.delete("theme");
  params.delete("light");
  params.set(name, value);
  return `${pathname}?${params}`;
}
