import { startTransition, useEffect, useState } from "react";

/**
 * False in the server's HTML and until React has taken over the page: the place to switch a
 * control from its no-JavaScript form (a link, a plain form) to its enhanced one. The switch is
 * a transition: every control on the page changes in one render that React splits into short
 * tasks, instead of one long task right after hydration (decision 040). The root layout marks
 * the page hydrated in the same render.
 */
export function useHydrated() {
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => startTransition(() => setHydrated(true)), []);
  return hydrated;
}
